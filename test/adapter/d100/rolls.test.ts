import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, fillForm, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { bookFaces, D100CheckRoll, D100OverflowRoll } from "../../../src/rulesets/d100/dice/check-roll";
import { buildCheck, defaultChoices, performD100Check } from "../../../src/rulesets/d100/checks";
import * as R from "../../../src/rulesets/d100/rules";

// A d100 world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("d100"));

async function hero(system: Record<string, unknown> = {}, items: Record<string, unknown>[] = []): Promise<any> {
  const a: any = await Actor.create({ name: "Janet", type: "d100", system: { attributes: { agility: 7, focus: 6, perception: 5 }, ...system } } as never);
  if (items.length) await a.createEmbeddedDocuments("Item", items);
  return a;
}

describe("the d100 read as two d10s", () => {
  it("Foundry's 100 is the book's 00 and its 10 the book's 0", () => {
    expect(bookFaces("skill", 100)).toEqual([0, 0]);
    expect(bookFaces("skill", 7)).toEqual([0, 7]);
    expect(bookFaces("skill", 99)).toEqual([9, 9]);
    expect(bookFaces("attribute", 10)).toEqual([0]);
    expect(bookFaces("attribute", 3)).toEqual([3]);
  });
});

describe("D100CheckRoll", () => {
  it("classifies the Foundry d100 with the core and keeps the result through a reload", async () => {
    const roll = D100CheckRoll.fromCheck({ title: "Ranged", input: { kind: "skill", score: 45, difficulty: 10 }, parts: [] });
    expect(roll.formula).toBe("1d100");
    scriptDiceFaces([23]);
    await roll.evaluate();
    const expected = R.resolveCheck({ kind: "skill", score: 45, difficulty: 10 }, [2, 3]);
    expect(roll.checkResult).toMatchObject({ effort: 22, degree: 12, degreeKey: "notedSuccess", outcome: "success" });
    expect(roll.checkResult).toEqual(expected);
    const back: any = Roll.fromData(roll.toJSON() as never);
    expect(back).toBeInstanceOf(D100CheckRoll);
    expect(back.checkResult).toEqual(expected);
  });

  it("rolls overflow dice as Foundry rolls when the rule is on (00 then 00 then 12)", async () => {
    const roll = D100CheckRoll.fromCheck({ title: "x", input: { kind: "skill", score: 40, difficulty: 0, overflow: true }, parts: [] });
    scriptDiceFaces([100, 100, 12]);
    await roll.evaluate();
    expect(roll.overflowRolls).toHaveLength(2);
    expect(roll.overflowRolls[0]).toBeInstanceOf(D100OverflowRoll);
    expect(roll.checkResult).toEqual(R.resolveCheck({ kind: "skill", score: 40, overflow: true }, [0, 0, 0, 0, 1, 2]));
    expect(roll.checkResult?.effort).toBe(40 + 40 + 28);
  });
});

describe("the check dialog", () => {
  it("shows the exact odds, updates them, and the card's outcome matches its dice", async () => {
    const a = await hero();
    const pending = performD100Check(a, { target: "skill:ranged" });
    const dialog = await waitForDialog();
    const panel = () => dialog.element.querySelector("[data-bb-odds]")!.textContent!;
    fillForm(dialog.element, { ladder: "hard" });
    const score = a.system.skillRows.find((r: any) => r.id === "ranged").total;
    const odds = R.checkOdds({ kind: "skill", score, difficulty: 30 });
    const wellDone = odds.outcomes.find((o) => o.key === "wellDone")!.p;
    expect(panel()).toContain(`${(wellDone * 100).toFixed(1)}%`);
    expect(panel()).toContain("Well Done");
    const before = panel();
    fillForm(dialog.element, { modifier: "-10" });
    expect(panel()).not.toBe(before);
    scriptDiceFaces([5]);
    await answerDialog({ action: "roll" });
    const roll = await pending;
    expect(roll?.checkResult).toEqual(R.resolveCheck({ kind: "skill", score, difficulty: 20 }, [0, 5]));
    const message = (game as any).messages.contents.at(-1);
    expect(message.rolls[0]).toBeInstanceOf(D100CheckRoll);
    const html: HTMLElement = await message.renderHTML();
    expect(html.querySelector(".d100-effort")?.textContent).toBe(`+${score - 5}`);
    const degree = score - 5 - 20;
    const names: Record<string, string> = { minorSuccess: "Minor Success", notedSuccess: "Noted Success", wellDone: "Well Done", likeAPro: "Like a Pro", amazing: "Amazing", aweInspiringRight: "Awe-Inspiring for all the right reasons" };
    expect(html.querySelector(".d100-degree")?.textContent).toBe(`${names[R.degreeKey("skill", degree)]} (+${degree})`);
    expect(html.textContent).toContain("Difficulty: Hard");
  });

  it("a bad number disables the roll and says why", async () => {
    const a = await hero();
    const pending = performD100Check(a);
    const dialog = await waitForDialog();
    fillForm(dialog.element, { modifier: "1.5" });
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toMatch(/whole number/i);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
  });

  it("TABs change the difficulty in their situation; a power action is spent before the roll", async () => {
    const a = await hero({}, [
      { name: "Long Tail", type: "d100Tab", system: { kind: "trait", effects: [{ kind: "difficulty", when: "balancing", attributeDelta: -1, skillDelta: -10 }] } },
      { name: "Marksman Focus", type: "d100Power", system: { normalAttributes: ["focus", "perception"], current: 5, actions: [{ name: "That's an easy shot!", cost: "Drain 1+X", difficultyDelta: -10 }] } },
    ]);
    const power = a.items.find((i: any) => i.type === "d100Power");
    const built = buildCheck(a, defaultChoices({ target: "skill:athletic", ladder: "hard", tags: ["balancing"], power: `${power.id}:0`, powerX: 2 }));
    // Hard 30, the easy shot −30 (10 + 10 × 2), Long Tail −10.
    expect(built.options.input.difficulty).toBe(-10);
    expect(built.options.parts.map((p) => p.value)).toEqual([30, -30, -10]);
    scriptDiceFaces([50]);
    const { rollBuiltCheck } = await import("../../../src/rulesets/d100/checks");
    await rollBuiltCheck(a, built, "public");
    expect(power.system.current).toBe(2);
  });

  it("The Voice doubles Charisma once a day: the use is counted, and a second check that day gets no help", async () => {
    const a = await hero({ attributes: { charisma: 6 } }, [
      { name: "The Voice", type: "d100Tab", system: { kind: "asset", effects: [{ kind: "attributeMultiplier", when: "swayTheMasses", attribute: "charisma", factor: 2, usesPerDay: 1 }] } },
    ]);
    const { rollBuiltCheck } = await import("../../../src/rulesets/d100/checks");
    const first = buildCheck(a, defaultChoices({ target: "attribute:charisma", tags: ["swayTheMasses"] }));
    expect(first.options.input.score).toBe(12);
    scriptDiceFaces([4]);
    await rollBuiltCheck(a, first, "public");
    expect(a.items.getName("The Voice").system.usesToday).toBe(1);
    const second = buildCheck(a, defaultChoices({ target: "attribute:charisma", tags: ["swayTheMasses"] }));
    expect(second.options.input.score).toBe(6);
  });

  it("a dying character checks at great difficulty", async () => {
    const a = await hero({ health: { current: -5, bonus: 0 } });
    expect(a.system.healthState).toBe("dying");
    const built = buildCheck(a, defaultChoices({ target: "attribute:agility" }));
    expect(built.options.input.difficulty).toBe(2);
  });
});
