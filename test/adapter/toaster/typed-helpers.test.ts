/**
 * The typed helpers of src/core/foundry.ts (what replaces a cast) and ToasterCheckRoll#snapshot,
 * against the harness: each narrows by what the document really is, not by what it is said to be.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { scriptDiceFaces } from "../../harness/index";
import { bootSystem, makeCharacter } from "./boot";
import { isItemSubType, itemsWithModel, requireModel, targetedActors, updateRolls } from "../../../src/core/foundry";
import { ToasterActorModel } from "../../../src/rulesets/toaster/data/actor";
import { ToasterSkillModel, ToasterWeaponModel } from "../../../src/rulesets/toaster/data/items";
import { ToasterCheckRoll } from "../../../src/rulesets/toaster/dice/check-roll";
import * as R from "../../../src/rulesets/toaster/rules";

beforeEach(bootSystem);

const CHECK = { kind: "skill", title: "Sword", rank: 8, rankLabel: "Sword", parts: [], luckBefore: 0, callFour: false, rollingNines: false, ninesLimit: null, rollingZeros: false, target: 10, variableOutcomes: true } as const;

async function fighter() {
  return makeCharacter("Rhoenda", {}, [
    { name: "Sword", type: "toasterSkill", system: { base: 9 } },
    { name: "Sabre", type: "toasterWeapon", system: { baseWC: 8 } },
    { name: "Shield", type: "toasterWeapon", system: { baseWC: 2 } },
  ]);
}

describe("requireModel / itemsWithModel", () => {
  it("give a document's model when it is an instance of the class asked for", async () => {
    const actor = await fighter();
    expect(requireModel(actor, ToasterActorModel)).toBe(actor.system);
    const weapons = itemsWithModel(actor, ToasterWeaponModel);
    expect(weapons.map((w) => w.item.name).sort()).toEqual(["Sabre", "Shield"]);
    for (const { item, model } of weapons) expect(model).toBe(item.system);
    expect(itemsWithModel(actor, ToasterSkillModel).map((s) => s.item.name)).toEqual(["Sword"]);
  });

  it("requireModel refuses another sub-type's model, naming the document", async () => {
    const actor = await fighter();
    const sword = actor.items.find((i: Item.Implementation) => i.name === "Sword");
    expect(() => requireModel(sword, ToasterWeaponModel)).toThrow(/"Sword" \(toasterSkill\) has no ToasterWeaponModel data/);
  });
});

describe("isItemSubType", () => {
  it("accepts the registered item types and nothing else", () => {
    expect(isItemSubType("toasterWeapon")).toBe(true);
    expect(isItemSubType("toasterSkill")).toBe(true);
    expect(isItemSubType("toaster")).toBe(false);
    expect(isItemSubType("constructor")).toBe(false);
    expect(isItemSubType("")).toBe(false);
  });
});

describe("updateRolls", () => {
  it("stores the rolls a message gets back as the same classes with their new state", async () => {
    scriptDiceFaces([4]);
    const roll = ToasterCheckRoll.fromCheck({ ...CHECK });
    await roll.evaluate();
    const message: ChatMessage.Implementation = await ChatMessage.create({ content: "x", rolls: [JSON.stringify(roll.toJSON())] });
    const stored = message.rolls[0];
    expect(stored).toBeInstanceOf(ToasterCheckRoll);
    if (!(stored instanceof ToasterCheckRoll)) return;
    const luckTotal = R.applyLuckAfter(stored.checkResult!, 1).total;
    expect(luckTotal).not.toBe(roll.checkResult!.total);
    stored.setResult(R.applyLuckAfter(stored.checkResult!, 1));
    await updateRolls(message, message.rolls);
    const source = JSON.parse(message._source.rolls[0]);
    expect(source.class).toBe("ToasterCheckRoll");
    expect(source.options.result.total).toBe(luckTotal);
    const again = message.rolls[0];
    expect(again instanceof ToasterCheckRoll && again.checkResult?.total).toBe(luckTotal);
  });
});

describe("targetedActors", () => {
  it("is empty when the user targets nothing", () => {
    expect(targetedActors()).toEqual([]);
  });
});

describe("ToasterCheckRoll#snapshot", () => {
  it("copies the evaluated roll; changing the original's result leaves the copy as it was", async () => {
    scriptDiceFaces([4]);
    const roll = ToasterCheckRoll.fromCheck({ ...CHECK });
    await roll.evaluate();
    const before = roll.snapshot();
    expect(before).toBeInstanceOf(ToasterCheckRoll);
    expect(before).not.toBe(roll);
    expect(before.checkResult).toEqual(roll.checkResult);
    const total = roll.checkResult!.total;
    roll.setResult(R.applyLuckAfter(roll.checkResult!, 1));
    expect(roll.checkResult!.total).not.toBe(total);
    expect(before.checkResult!.total).toBe(total);
    expect(before.total).toBe(roll.total);
  });
});
