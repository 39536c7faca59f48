import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, fillForm, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { buildCheck, checkDeclaration, defaultChoices } from "../../../src/rulesets/toast/checks";
import { performToastCheck } from "../../../src/rulesets/toast/task";
import { ToastCheckRoll } from "../../../src/rulesets/toast/dice/check-roll";
import { formatChance } from "../../../src/core/rolls/odds-panel";
import * as R from "../../../src/rulesets/toast/rules";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

const ATTRS = { strength: 12, agility: 17, hec: 10, health: 10, tolerance: 14, perception: 10, focus: 12, empathy: 8, will: 6, psyche: 6 };

async function fighter(name = "Ava", system: Record<string, unknown> = {}): Promise<any> {
  const a: any = await Actor.create({ name, type: "toast", system: { attributes: ATTRS, ...system } } as never);
  await a.createEmbeddedDocuments("Item", [
    { name: "Broadsword", type: "toastSkill", system: { level: 5, baseAttributes: ["agility"], category: "weapon" } },
    { name: "History", type: "toastSkill", system: { level: 0, baseAttributes: ["perception", "focus"], category: "knowledge" } },
    { name: "Climbing", type: "toastSkill", system: { level: 0, baseAttributes: ["agility", "strength"], category: "athletic" } },
    { name: "Chain Mail", type: "toastArmor", system: { armorType: "chainMail", woundReduction: 5, encumbrance: 40 } },
  ]);
  return a;
}
const skillId = (a: any, name: string) => a.items.getName(name).id;

describe("building a task from a character", () => {
  it("a skill: attribute modifier + level, wound and armor penalties where the book applies them, the GM's modifier", async () => {
    const a = await fighter("Ava", { wounds: { value: 7 } });
    const built = buildCheck(a, defaultChoices({ kind: "skill", itemId: skillId(a, "Broadsword") }, { gm: 1 }));
    expect(built.options.parts.map((p) => [p.label, p.value])).toEqual([
      ["Attribute modifier (AGI)", 3], ["Broadsword level", 5], ["Wound penalty", -2], ["Armor penalty", -1], ["GM's modifier", 1],
    ]);
    expect(built.options.target).toBe(15);
    const noArmor = buildCheck(a, defaultChoices({ kind: "skill", itemId: skillId(a, "Broadsword") }, { applyArmor: false, applyWounds: false }));
    expect(noArmor.options.parts.map((p) => p.value)).toEqual([3, 5]);
  });

  it("attributes: their average; no armor penalty on a task without STR, AGI or TOL", async () => {
    const a = await fighter();
    const built = buildCheck(a, defaultChoices({ kind: "attributes", attributes: ["perception"] }));
    expect(built.options.parts).toEqual([{ label: "Perception", value: 10 }]);
    const aspect = buildCheck(a, defaultChoices({ kind: "aspect", aspect: "physical" }));
    expect(aspect.options.parts.map((p) => p.value)).toEqual([12, -1]);
  });

  it("the ladder's two inestimable ends and a GM's own number", async () => {
    const a = await fighter();
    const task = { kind: "attributes" as const, attributes: ["will" as const] };
    expect(buildCheck(a, defaultChoices(task, { difficulty: "inestimablyEasy" })).options.target).toBe("inestimablyEasy");
    expect(buildCheck(a, defaultChoices(task, { difficulty: "inestimablyHard" })).options.target).toBe("inestimablyHard");
    expect(buildCheck(a, defaultChoices(task, { difficulty: "custom", customTarget: 9 })).options.target).toBe(9);
  });

  it("an unstudied Knowledge skill cannot be attempted", async () => {
    const a = await fighter();
    expect(() => buildCheck(a, defaultChoices({ kind: "skill", itemId: skillId(a, "History") }))).toThrow(/study/);
  });
});

describe("the check dialog → roll → chat card", () => {
  it("shows the exact odds of Auto, success, failure and Flub live; the card matches its dice; the skill is marked used", async () => {
    const a = await fighter();
    const pending = performToastCheck(a, { kind: "skill", itemId: skillId(a, "Broadsword") });
    const dialog = await waitForDialog();
    const panel = () => dialog.element.querySelector("[data-bb-odds]")!.textContent!;
    const field = (n: string) => dialog.element.querySelector(`[name="${n}"]`) as HTMLInputElement;
    expect(field("customTarget").disabled).toBe(true);
    expect(field("opponentModifier").disabled).toBe(true);
    fillForm(dialog.element, { difficulty: "custom" });
    expect(field("customTarget").disabled).toBe(false);
    // Modifier 3 + 5 − 1 (armor) = 7 against Hard (19): plain 12+ impossible → only the Auto.
    fillForm(dialog.element, { difficulty: "hard" });
    const odds = R.checkOdds({ modifier: 7, target: 19 });
    expect(odds.success).toBeCloseTo(1 / 12);
    expect(panel()).toContain(formatChance(odds.outcomes.find((o) => o.key === "flub")!.p));
    expect(panel()).toContain("Auto");
    fillForm(dialog.element, { difficulty: "easy" });
    const easy = R.checkOdds({ modifier: 7, target: 11 });
    expect(panel()).toContain(formatChance(easy.outcomes.find((o) => o.key === "success")!.p));
    scriptDiceFaces([4]);
    await answerDialog({ action: "roll" });
    const [roll] = (await pending)!;
    expect(roll!.checkResult).toMatchObject({ total: 11, outcome: "success", target: 11 });
    const message = (game as any).messages.contents.at(-1);
    expect(message.rolls[0]).toBeInstanceOf(ToastCheckRoll);
    const html: HTMLElement = await message.renderHTML();
    expect(html.querySelector(".toast-outcome")?.textContent).toContain("Success");
    expect(html.querySelector(".toast-total")?.textContent).toBe("11");
    expect(html.textContent).toContain("Armor penalty");
    expect(a.items.getName("Broadsword").system.used).toBe(true);
  });

  it("a skill tried at level 0 is learned (level 1, learned this session)", async () => {
    const a = await fighter();
    const pending = performToastCheck(a, { kind: "skill", itemId: skillId(a, "Climbing") });
    await waitForDialog();
    scriptDiceFaces([2]);
    await answerDialog({ action: "roll" });
    await pending;
    expect(a.items.getName("Climbing").system).toMatchObject({ level: 1, learned: true, used: true });
  });

  it("a bad number disables the roll and says why; cancelling rolls nothing", async () => {
    const a = await fighter();
    const pending = performToastCheck(a, { kind: "attributes", attributes: ["will"] });
    const dialog = await waitForDialog();
    fillForm(dialog.element, { gm: "2.5" });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toMatch(/whole number/i);
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
    expect((game as any).messages.size).toBe(0);
  });

  it("the dialog's inputs are its one declaration's (choices, bounds); a choice it never offers is refused by name and rolls nothing", async () => {
    const a = await fighter();
    const task = { kind: "skill" as const, itemId: skillId(a, "Broadsword") };
    const pending = performToastCheck(a, task);
    const dialog = await waitForDialog();
    const declaration: Record<string, any> = checkDeclaration(a, defaultChoices(task));
    for (const [name, field] of Object.entries(declaration)) {
      const el = dialog.element.querySelector(`[name="${name}"]`);
      expect(el, name).not.toBeNull();
      if (el instanceof HTMLSelectElement) expect([...el.options].map((o) => o.value), name).toEqual(Object.keys(field.choices));
      else if (el instanceof HTMLInputElement && el.type === "number") expect([Number(el.min), Number(el.max)], name).toEqual([field.min, field.max]);
      else expect((el as HTMLInputElement).type, name).toBe("checkbox");
    }
    const also = dialog.element.querySelector<HTMLSelectElement>('select[name="alsoAttribute"]')!;
    also.append(Object.assign(document.createElement("option"), { value: "luck" }));
    fillForm(dialog.element, { alsoAttribute: "luck" });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain("Averaged with");
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
    expect((game as any).messages.size).toBe(0);
  });

  it("a contested task against a number (no targeted character) posts one card naming the winner", async () => {
    const a = await fighter("Ava");
    const pending = performToastCheck(a, { kind: "skill", itemId: skillId(a, "Broadsword") }, { contested: true });
    const dialog = await waitForDialog();
    fillForm(dialog.element, { opponentModifier: "7" });
    const odds = R.contestOdds({ first: 7, second: 7 });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain(formatChance(odds.outcomes.find((o) => o.key === "tie")!.p));
    scriptDiceFaces([6, 3]);
    await answerDialog({ action: "roll" });
    const rolls = (await pending)!;
    expect(rolls).toHaveLength(2);
    const messages = (game as any).messages.contents;
    expect(messages).toHaveLength(1);
    const html: HTMLElement = await messages[0].renderHTML();
    expect(html.querySelector(".toast-contest-result")?.textContent).toContain("Ava wins");
    expect(html.querySelectorAll(".toast-check")).toHaveLength(2);
  });
});

describe("tasks on several attributes", () => {
  it("a second attribute is averaged in; Perception + Focus stands in for Intelligence", async () => {
    const a = await fighter();
    const built = buildCheck(a, defaultChoices({ kind: "attributes", attributes: ["strength"] }, { alsoAttribute: "agility" }));
    // (12 + 17) / 2 rounded down = 14; armor penalty on a STR/AGI task.
    expect(built.options.parts.map((p) => p.value)).toEqual([14, -1]);
    expect(built.options.title).toBe("Strength + Agility");
    const smart = buildCheck(a, defaultChoices({ kind: "attributes", attributes: ["perception", "focus"] }));
    expect(smart.options.parts).toEqual([{ label: "Perception + Focus", value: 11 }]);
  });
});
