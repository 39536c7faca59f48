/** Regression tests for the bugs a QA pass found in the Toaster Foundry side. */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, scriptDiceFaces, setRandomUniform, settle, waitForDialog } from "../../harness/index";
import { bootSystem, itemData, makeCharacter } from "./boot";
import { performCheck } from "../../../src/rulesets/toaster/checks";
import { healingRequest, luckRequest, mortalityRequest } from "../../../src/rulesets/toaster/requests";
import { attackWithWeapon } from "../../../src/rulesets/toaster/chat/attack";
import { onLuckAfter, onLuckReroll } from "../../../src/rulesets/toaster/chat/luck";
import { defend } from "./exchange";

beforeEach(bootSystem);

const shift = new MouseEvent("click", { shiftKey: true });
const msgs = () => (game as any).messages.contents;
const setRule = (k: string, v: unknown) => (game as any).settings.set("breadbox", `toaster.${k}`, v);
const starFaces = (v: number[]) => scriptDiceFaces(v.map((x) => x + 1));

function dice(entries: ({ foundry: number } | { core: number; faces?: number })[]) {
  const q = [...entries];
  setRandomUniform(() => {
    const e = q.shift();
    if (!e) throw new Error("test dice ran out");
    if ("foundry" in e) return 1 - (e.foundry + 0.5) / 10;
    const faces = e.faces ?? 10;
    // Every die of the sequence is a Foundry roll: a d10* (D10StarDie) for the core's d10s, a plain
    // die otherwise (Die#mapRandomFace: face = ceil((1 − u) × faces)).
    return faces === 10 ? 1 - (e.core + 0.5) / 10 : 1 - (e.core - 0.5) / faces;
  });
}

describe("luck after the roll", () => {
  it("counts in the attack's resolution (11 + 1 luck beats a defence of 11)", async () => {
    const p1 = createUser({ name: "P1" });
    const attacker = await makeCharacter("A", { attributes: { physique: { value: 5 }, coordination: { value: 7 } }, luck: { value: 3 } }, [
      { name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } },
      itemData("toaster-weapons", "Broadsword"),
    ]);
    await attacker.update({ ownership: { [p1.id!]: 3 } });
    const defender = await makeCharacter("D", { attributes: { coordination: { value: 5 } } }, [{ name: "Dodge", type: "toasterSkill", system: { base: 3, attribute: "coordination", role: "dodge" } }]);
    (p1 as any).targets = new Set([{ actor: defender }]);
    dice([{ foundry: 3 }]);
    await asUser(p1, () => attackWithWeapon(attacker, attacker.items.find((i: any) => i.type === "toasterWeapon"), shift));
    const card = msgs().at(-1);
    await asUser(p1, () => onLuckAfter(card));
    expect(card.rolls[0].checkResult.total).toBe(12);
    dice([{ foundry: 7 }, { core: 7 }, { core: 1 }]);
    await defend(card, shift);
    expect(msgs().at(-1).flags.breadbox.hit).toBe(true);
  });

  it("redoes the healing roll's effect: a failure turned into a success heals the wound", async () => {
    const a = await makeCharacter("P", { attributes: { physique: { value: 6 } }, wounds: { value: 2 }, luck: { value: 3 } });
    starFaces([5]); // 5 + 6 − 2 = 9: failure
    await performCheck(healingRequest(a), shift);
    expect(a.system.wounds.value).toBe(2);
    await onLuckAfter(msgs().at(-1));
    expect(a.system.wounds.value).toBe(1);
  });

  it("a luck re-roll of a fumbled healing roll undoes the extra wound", async () => {
    await setRule("rollingZeros", true);
    const a = await makeCharacter("P", { attributes: { physique: { value: 6 } }, wounds: { value: 2 }, luck: { value: 5 } });
    starFaces([0, 0]);
    await performCheck(healingRequest(a), shift);
    expect(a.system.wounds.value).toBe(3);
    starFaces([9]); // 9 + 6 − 3 … the re-roll keeps the original modifiers: 9 + 6 − 2 = 13 → heals from 2
    await onLuckReroll(msgs().at(-1));
    expect(a.system.wounds.value).toBe(1);
  });

  it("a luck re-roll of a mortality check posts what the new roll means", async () => {
    const a = await makeCharacter("M", { attributes: { physique: { value: 5 } }, wounds: { value: 6 }, luck: { value: 4 } });
    starFaces([2]);
    await performCheck(mortalityRequest(a), shift);
    const cardId = msgs().at(-2).id;
    starFaces([9]);
    await onLuckReroll((game as any).messages.get(cardId));
    const notes = msgs().filter((m: any) => m.flags.breadbox?.type === "toasterMortality");
    expect(notes.map((n: any) => n.flags.breadbox.outcome)).toEqual(["dies-in", "holds"]);
  });
});

describe("settings and the sheet", () => {
  it("changing an optional rule recomputes characters (luck pool, strength penalty)", async () => {
    const a = await makeCharacter("L", { attributes: { aura: { value: 5 }, physique: { value: 2 } } }, [itemData("toaster-weapons", "Broadsword")]);
    await setRule("luckAdjustment", 2);
    expect(a.system.luckMax).toBe(7);
    const sword = a.items.find((i: any) => i.type === "toasterWeapon");
    expect(sword.system.strengthPenalty).toBe(-2);
    await setRule("strengthRequirements", false);
    expect(sword.system.strengthPenalty).toBe(0);
  });

  it("the luck roll stays available when luck points are off, and carries the penalty", async () => {
    await setRule("luckPoints", false);
    const a = await makeCharacter("Lucky", { attributes: { aura: { value: 6 } }, wounds: { value: 2 } });
    const sheet = a.sheet;
    await sheet.render({ force: true });
    expect(sheet.element.querySelector('[data-action="rollLuck"]')).not.toBeNull();
    starFaces([5]);
    const roll = await performCheck(luckRequest(a), shift);
    expect(roll?.total).toBe(9);
  });

  it("the luck + button stops at the pool", async () => {
    const a = await makeCharacter("Full", { attributes: { aura: { value: 2 } }, luck: { value: 2 } });
    const sheet = a.sheet;
    await sheet.render({ force: true });
    (sheet.element.querySelector('[data-action="adjustTrack"][data-track="luck"][data-delta="1"]') as HTMLElement).click();
    await settle();
    expect(a.system.luck.value).toBe(2);
  });

  it("a character's own attributes can be chosen on its skills and attribute traits", async () => {
    const a = await makeCharacter("Mystic", { customAttributes: [{ key: "custom1", label: "Attunement", value: 6 }] }, [
      { name: "Ritual", type: "toasterSkill", system: { base: 4, attribute: "intellect" } },
    ]);
    const skill = a.items.contents[0];
    const sheet = skill.sheet;
    await sheet.render({ force: true });
    (sheet.element.querySelector('[data-action="toggleMode"]') as HTMLElement).click();
    await settle();
    const select = sheet.element.querySelector('select[name="system.attribute"]') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toContain("Attunement");
    select.value = "custom1";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(skill.system.attribute).toBe("custom1");
    expect(skill.system.rank).toBe(5);
    expect(sheet.element.querySelector(".bb-summary")?.textContent).toContain("Attunement");
  });
});

describe("defence and the resolution card", () => {
  async function duel() {
    const attacker = await makeCharacter("A", { attributes: { physique: { value: 5 }, coordination: { value: 7 } } }, [
      { name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } },
      itemData("toaster-weapons", "Broadsword"),
    ]);
    const defender = await makeCharacter("D", { attributes: { coordination: { value: 5 } } }, [
      { name: "Dodge", type: "toasterSkill", system: { base: 3, attribute: "coordination", role: "dodge", specialties: [{ name: "Arrows", bonus: 1 }] } },
    ]);
    (game as any).user.targets = new Set([{ actor: defender }]);
    return { attacker, defender, sword: attacker.items.find((i: any) => i.type === "toasterWeapon") };
  }

  it("the Defend dialog offers the defence skill's specialties", async () => {
    const { attacker, sword } = await duel();
    dice([{ foundry: 6 }]);
    await attackWithWeapon(attacker, sword, shift);
    const pending = defend(msgs().at(-1), new MouseEvent("click"));
    const dialog = await waitForDialog();
    expect(dialog.element.querySelector('[name="specialty"]')).not.toBeNull();
    await answerDialog({ action: "cancel" });
    await pending;
  });

  it("with variable outcomes off the resolution names no band", async () => {
    await setRule("variableOutcomes", false);
    const { attacker, sword } = await duel();
    dice([{ foundry: 3 }, { foundry: 6 }, { core: 7 }, { core: 1 }]); // attack 11, defence 10
    await attackWithWeapon(attacker, sword, shift);
    await defend(msgs().at(-1), shift);
    const html: HTMLElement = await msgs().at(-1).renderHTML();
    expect(html.textContent).not.toMatch(/Marginal|Success|Critical/);
    expect(msgs().at(-1).flags.breadbox.hit).toBe(true);
  });
});
