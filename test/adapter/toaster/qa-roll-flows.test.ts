/**
 * QA regression tests: every roll-dialog field reaches the roll (check and defence dialogs),
 * world settings change what they should in rolls and attacks, relay refusals, bleeding.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, createUser, scriptDiceFaces, setRandomUniform, turnEventsSettled, waitForDialog } from "../../harness/index";
import { bootSystem, makeCharacter, itemData } from "./boot";
import { attackWithWeapon } from "../../../src/rulesets/toaster/chat/attack";
import { relayLuckAfter } from "../../../src/rulesets/toaster/chat/luck";
import { defend } from "./exchange";
import { performCheck } from "../../../src/rulesets/toaster/checks";
import { attackRequest, attributeRequest, skillRequest } from "../../../src/rulesets/toaster/requests";
import { toasterRules } from "../../../src/rulesets/toaster/settings";

beforeEach(bootSystem);

function starFaces(values: number[]) {
  return scriptDiceFaces(values.map((v) => v + 1));
}
function setRule(key: string, value: unknown) {
  return (game as any).settings.set("breadbox", `toaster.${key}`, value);
}
/** Foundry dice (d10* faces) and rules-core draws, in order. */
function dice(entries: ({ foundry: number } | { core: number; faces?: number })[]) {
  const queue = [...entries];
  setRandomUniform(() => {
    const e = queue.shift();
    if (!e) throw new Error("test dice ran out");
    if ("foundry" in e) return 1 - (e.foundry + 0.5) / 10;
    const faces = e.faces ?? 10;
    // Every die of the sequence is a Foundry roll: a d10* (D10StarDie) for the core's d10s, a plain
    // die otherwise (Die#mapRandomFace: face = ceil((1 − u) × faces)).
    return faces === 10 ? 1 - (e.core + 0.5) / 10 : 1 - (e.core - 0.5) / faces;
  });
  return () => queue.length;
}
const shift = new MouseEvent("click", { shiftKey: true });
const msgs = () => (game as any).messages.contents;
const equipped = (pack: string, name: string) => {
  const d: any = itemData(pack, name);
  d.system = { ...d.system, equipped: true };
  return d;
};

async function duel(defenderItems: Record<string, unknown>[] = []) {
  const attacker = await makeCharacter("Att", { attributes: { physique: { value: 5 }, coordination: { value: 7 } } }, [
    { name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } },
    equipped("toaster-weapons", "Broadsword"),
  ]);
  const defender = await makeCharacter("Def", { attributes: { physique: { value: 4 }, coordination: { value: 5 } }, luck: { value: 2 } }, [
    { name: "Dodge", type: "toasterSkill", system: { base: 3, attribute: "coordination", role: "dodge" } },
    ...defenderItems,
  ]);
  (game as any).user.targets = new Set([{ actor: defender }]);
  return { attacker, defender, sword: attacker.items.find((i: any) => i.type === "toasterWeapon") };
}

describe("check dialog fields reach the roll", () => {
  async function swordsman() {
    const a = await makeCharacter("S", { attributes: { coordination: { value: 7 } } }, [{ name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } }]);
    return { a, skill: a.items.contents[0] };
  }
  it("complementary bonus, a called 4 and the situational modifier", async () => {
    const { a, skill } = await swordsman();
    const p = performCheck(skillRequest(a, skill));
    await answerDialog({ action: "roll", fill: { complementary: "2", callFour: true, situational: "-1" } });
    expect((await p)!.total).toBe(4 + 8 + 2 - 1);
  });
  it("helpers keep the best die; too many cooks keep the worst", async () => {
    const { a, skill } = await swordsman();
    starFaces([1, 8, 3]);
    let p = performCheck(skillRequest(a, skill));
    await answerDialog({ action: "roll", fill: { helpers: "2" } });
    expect((await p)!.total).toBe(8 + 8);
    starFaces([1, 8, 3]);
    p = performCheck(skillRequest(a, skill));
    await answerDialog({ action: "roll", fill: { helpers: "2", tooManyCooks: true } });
    expect((await p)!.total).toBe(1 + 8);
  });
  it("the nines limit setting caps the extra dice", async () => {
    await setRule("rollingNines", true);
    await setRule("ninesLimit", 2);
    const { a } = await swordsman();
    starFaces([9, 9, 9, 9]);
    const roll = await performCheck(attributeRequest(a, "coordination"), shift);
    expect(roll!.checkResult!.faces.die).toEqual([9, 9, 9]);
  });
});

describe("defence dialog fields reach the defence roll", () => {
  it("the chosen parry, situational modifier, defensive stance and luck before", async () => {
    const { attacker, defender, sword } = await duel([
      { name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } },
      equipped("toaster-weapons", "Broadsword"),
    ]);
    dice([{ foundry: 6 }]);
    await attackWithWeapon(attacker, sword, shift);
    const pending = defend(msgs().at(-1), new MouseEvent("click"));
    await waitForDialog();
    dice([{ foundry: 2 }, { core: 1 }, { core: 1 }]);
    await answerDialog({ action: "roll", fill: { defence: "1", situational: "1", stance: "2", luckBefore: "1" } });
    await pending;
    const d = msgs().at(-1).rolls[0];
    expect(d.check.rankLabel).toMatch(/Broadsword/);
    expect(d.check.rank).toBe(7);
    expect(d.check.parts.map((x: any) => x.value)).toEqual(expect.arrayContaining([1, 2]));
    expect(d.check.luckBefore).toBe(1);
    // 2 + 7 + 1 situational + 2 stance + 2 luck
    expect(d.total).toBe(14);
    expect(defender.system.luck.value).toBe(1);
    expect(defender.flags.breadbox.stance.attack).toBe(-2);
  });
});

describe("world settings in the attack", () => {
  it("(Shield Attack Penalty): an equipped shield costs its parry bonus on another weapon's attack", async () => {
    await setRule("shieldAttackPenalty", true);
    const { attacker, sword } = await duel();
    await attacker.createEmbeddedDocuments("Item", [equipped("toaster-weapons", "Medium Shield")]);
    const shield = attacker.items.find((i: any) => i.system.shield);
    const part = attackRequest(attacker, sword, toasterRules()).fixedParts.find((p) => p.label === shield.name);
    expect(part?.value).toBe(-shield.system.shieldBonus);
  });
  it("variable outcomes off: a marginal hit does full damage", async () => {
    await setRule("variableOutcomes", false);
    const { attacker, sword } = await duel();
    // attack 3 + 8 = 11, defence 6 + 4 = 10; damage 7 + WC 6 = 13, protection 1 + AC 2 = 3 → 10
    dice([{ foundry: 3 }, { foundry: 6 }, { core: 7 }, { core: 1 }]);
    await attackWithWeapon(attacker, sword, shift);
    await defend(msgs().at(-1), shift);
    expect(msgs().at(-1).flags.breadbox).toMatchObject({ hit: true, damage: 10 });
  });
  it("critical table off: a critical hit rolls no table", async () => {
    await setRule("criticalTable", false);
    const { attacker, sword } = await duel();
    dice([{ foundry: 9 }, { foundry: 0 }, { core: 5 }, { core: 1 }]);
    await attackWithWeapon(attacker, sword, shift);
    await defend(msgs().at(-1), shift);
    const html: HTMLElement = await msgs().at(-1).renderHTML();
    expect(html.textContent).not.toContain("Critical table");
  });
  it("weapon length and stance off: the attack dialog offers neither select", async () => {
    await setRule("weaponLength", false);
    await setRule("stance", false);
    const { attacker, sword } = await duel();
    const p = attackWithWeapon(attacker, sword);
    const d = await waitForDialog();
    expect(d.element.querySelector('[name="length"]')).toBeNull();
    expect(d.element.querySelector('[name="stance"]')).toBeNull();
    await answerDialog({ action: "cancel" });
    expect(await p).toBeNull();
  });
});

describe("relay refusals for luck after the roll", () => {
  it("a stranger is refused; a card is not spent on another character's luck", async () => {
    const owner = createUser({ name: "owner" });
    const stranger = createUser({ name: "stranger" });
    const a = await makeCharacter("L", { luck: { value: 2 } });
    await a.update({ ownership: { [owner.id!]: 3 } });
    starFaces([3]);
    await performCheck(attributeRequest(a, "coordination"), shift);
    const card = msgs().at(-1);
    expect(await relayLuckAfter({ requester: stranger as never, target: a, payload: { messageId: card.id } })).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    const other = await makeCharacter("Other", { luck: { value: 2 } });
    expect(await relayLuckAfter({ requester: owner as never, target: other, payload: { messageId: card.id } })).toMatchObject({ ok: false, error: "BREADBOX.Relay.TargetMismatch" });
    expect(a.system.luck.value).toBe(2);
    expect(other.system.luck.value).toBe(2);
  });
});

describe("(Bleeding) when initiative is kept between rounds", () => {
  it("still bleeds at the new round, and the stun status follows", async () => {
    await setRule("bleeding", true);
    await setRule("rerollInitiative", false);
    const a = await makeCharacter("B", { wounds: { value: 3 }, bleeding: { rate: 3, value: 8 }, stun: { value: 2 } });
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: a.id, name: "B" }]);
    await combat.startCombat();
    await combat.nextRound();
    // Round-start work is a turn event: it runs on the GM after the round changed, not awaited.
    await turnEventsSettled();
    expect(a.system.stun.value).toBe(5);
    expect(a.system.wounds.value).toBe(4);
    expect(a.system.bleeding.value).toBe(11);
    expect(a.statuses.has("toasterBruised")).toBe(true);
  });
});
