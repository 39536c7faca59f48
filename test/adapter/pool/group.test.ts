/**
 * Group checks: the dialog gathers participants with their own traits, the odds are the core's
 * (team.ts, opposition.ts), the dice are Foundry dice, and ONE card shows the group's verdict.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, fillForm, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { buildGroup, groupCandidates, groupOdds, type GroupChoices } from "../../../src/rulesets/pool/group";
import { performGroupCheck } from "../../../src/rulesets/pool/group-check";
import { PoolCheckRoll } from "../../../src/rulesets/pool/dice/pool-roll";
import * as R from "../../../src/rulesets/pool/rules";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

async function character(name: string, items: Record<string, unknown>[], system: Record<string, unknown> = {}): Promise<any> {
  const actor: any = await Actor.create({ name, type: "pool", system } as never);
  await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

async function crew() {
  const mira = await character("Mira", [
    { name: "Athletics", type: "poolAbility", system: { rating: 2 } },
    { name: "Agility", type: "poolAttribute", system: { score: 1 } },
  ]);
  const tom = await character("Tom", [
    { name: "Athletics", type: "poolAbility", system: { rating: 1 } },
    { name: "Brawn", type: "poolAttribute", system: { score: -1 } },
  ]);
  const ana = await character("Ana", [{ name: "Lore", type: "poolAbility", system: { rating: 3 } }]);
  return { mira, tom, ana };
}

const lastMessage = () => (game as any).messages.contents.at(-1);

function choices(mode: GroupChoices["mode"], members: GroupChoices["members"], extra: Partial<GroupChoices> = {}): GroupChoices {
  return { mode, die: "d8", difficulty: 15, requiredDegree: 0, chance: "chosen", members, ...extra };
}

describe("building a group", () => {
  it("each member's pool comes from their own tree; the merged pool and odds are the core's", async () => {
    const { mira, tom } = await crew();
    const cands = groupCandidates(mira);
    expect(cands.map((c) => c.actor.name)).toEqual(["Mira", "Tom", "Ana"]);
    expect(cands.map((c) => c.included)).toEqual([true, false, false]);
    const c = choices("combiningDice", [{ index: 0, ability: "Athletics", attribute: "Agility", hasChance: false, phobe: false }, { index: 1, ability: "Athletics", attribute: "Brawn", hasChance: false, phobe: false }]);
    const g = buildGroup(cands, c);
    // Mira 3 Add + 1 Bonus; Tom 2 Add + 1 Penalty → combining: 3 Add, 1 + 2 Bonus, 1 Penalty → 3 Add, 2 Bonus.
    expect(g.members.map((m) => m.check.options.pool)).toEqual([
      { addDice: 3, bonusDice: 1, penaltyDice: 0, die: "d8" },
      { addDice: 2, bonusDice: 0, penaltyDice: 1, die: "d8" },
    ]);
    expect(g.team?.pool).toEqual({ addDice: 3, bonusDice: 2, penaltyDice: 0, die: "d8" });
    expect(groupOdds(g)).toEqual(R.teamCheckOdds({ mode: "combiningDice", members: [{ addDice: 3, bonusDice: 1, penaltyDice: 0 }, { addDice: 2, bonusDice: 0, penaltyDice: 1 }], difficulty: 15 }));
    expect(tom.name).toBe("Tom");
  });

  it("the selected tokens' characters come right after the launcher, ticked", async () => {
    const { mira, ana } = await crew();
    (globalThis as any).canvas = { tokens: { controlled: [{ actor: ana }, { actor: mira }, { actor: null }] } };
    try {
      const cands = groupCandidates(null);
      expect(cands.map((c) => [c.actor.name, c.included])).toEqual([["Ana", true], ["Mira", true], ["Tom", false]]);
    } finally {
      delete (globalThis as any).canvas;
    }
  });

  it("refuses a group of one, and opposition without exactly two sides, with a message", async () => {
    const { mira } = await crew();
    const cands = groupCandidates(mira);
    expect(() => buildGroup(cands, choices("simpleAddition", [{ index: 0, ability: "", attribute: "", hasChance: false, phobe: false }]))).toThrow("at least two participants");
    expect(() => buildGroup(cands, choices("direct", [0, 1, 2].map((index) => ({ index, ability: "", attribute: "", hasChance: false, phobe: false }))))).toThrow("exactly two participants, not 3");
  });

  it("a merged pool past the 60-dice cap is refused with a localized message", async () => {
    const big = await Promise.all([0, 1, 2, 3].map((i) => character(`Giant ${i}`, [{ name: "Lift", type: "poolAbility", system: { rating: 20 } }])));
    const cands = groupCandidates(big[0]);
    const members = cands.map((_, index) => ({ index, ability: "Lift", attribute: "", hasChance: false, phobe: false })).filter((m) => cands[m.index]!.actor.name!.startsWith("Giant"));
    expect(() => buildGroup(cands, choices("simpleAddition", members))).toThrow("The group's dice (Add 84, Bonus 0, Penalty 0) are more than one pool can hold");
    // Combining keeps only the highest Add dice: 21 Add + 63 Bonus is still past the cap.
    expect(() => buildGroup(cands, choices("combiningDice", members))).toThrow("more than one pool can hold");
    expect(buildGroup(cands, choices("combiningDice", members.slice(0, 2))).team?.pool).toEqual({ addDice: 21, bonusDice: 21, penaltyDice: 0, die: "d8" });
  });

  it("either/or at random: each member equally likely to hold the chance", async () => {
    const { mira } = await crew();
    const cands = groupCandidates(mira);
    const members = [{ index: 0, ability: "Athletics", attribute: "", hasChance: false, phobe: false }, { index: 2, ability: "Lore", attribute: "", hasChance: false, phobe: false }];
    const g = buildGroup(cands, choices("eitherOr", members, { chance: "random" }));
    const p = (i: number) => R.checkOdds({ pool: g.members[i]!.check.options.pool, difficulty: 15 }).success;
    expect(groupOdds(g).success).toBeCloseTo((p(0) + p(1)) / 2, 12);
  });
});

describe("the group dialog → Foundry dice → one card", () => {
  it("simple addition rolls the merged pool once and the card shows every member and the verdict", async () => {
    const { mira } = await crew();
    const pending = performGroupCheck(mira);
    const dialog = await waitForDialog();
    fillForm(dialog.element, { mode: "simpleAddition", "member.1.include": true, "member.0.ability": "Athletics", "member.0.attribute": "Agility", "member.1.ability": "Athletics", difficulty: "12" });
    // Mira 3 Add + 1 Bonus, Tom 2 Add → 5 Add + 1 Bonus: the panel shows the core's odds.
    const odds = R.checkOdds({ pool: { addDice: 5, bonusDice: 1, penaltyDice: 0, die: "d8" }, difficulty: 12 });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain(`${(odds.success * 100).toFixed(1)}%`);
    scriptDiceFaces([1, 2, 3, 4, 5, 6]);
    await answerDialog({ action: "roll" });
    const verdict = await pending;
    // Keep the highest 5 of 1..6 → 20 vs 12: success, degree 1.
    expect(verdict).toMatchObject({ mode: "simpleAddition", outcome: "success", degree: 1 });
    expect((game as any).messages.size).toBe(1);
    const message = lastMessage();
    expect(message.rolls).toHaveLength(1);
    expect(message.rolls[0]).toBeInstanceOf(PoolCheckRoll);
    expect(message.flags.breadbox.type).toBe("poolGroup");
    const html: HTMLElement = await message.renderHTML();
    expect([...html.querySelectorAll(".bb-group-member strong")].map((e) => e.textContent)).toEqual(["Mira", "Tom"]);
    expect(html.querySelector(".bb-group-merged .bb-total strong")?.textContent).toBe("20");
    expect(html.querySelectorAll(".bb-group-merged .bb-die.discarded")).toHaveLength(1);
    expect(html.querySelector(".bb-group-result")?.textContent).toContain("Success");
    // The card keeps the exact odds the dialog showed.
    expect(html.querySelector(".bb-group-odds")?.textContent).toContain(`${(odds.success * 100).toFixed(1)}%`);
  });

  it("direct opposition: both sides roll Foundry dice; the core names who triumphs and by how much", async () => {
    const { mira } = await crew();
    const pending = performGroupCheck(mira, { mode: "direct" });
    const dialog = await waitForDialog();
    fillForm(dialog.element, { "member.2.include": true, "member.0.ability": "Athletics", "member.0.attribute": "Agility", "member.2.ability": "Lore" });
    const panel = dialog.element.querySelector("[data-bb-odds]")!.textContent!;
    const odds = R.directContestOdds({ first: { addDice: 3, bonusDice: 1, penaltyDice: 0, die: "d8" }, second: { addDice: 4, bonusDice: 0, penaltyDice: 0, die: "d8" } });
    expect(panel).toContain("First side triumphs");
    const first = odds.outcomes.find((o) => o.key === "firstTriumphs")!.p;
    expect(panel).toContain(`First side triumphs${(first * 100).toFixed(1)}%`);
    // Mira: 8, 8, 8, 1 keep 3 → 24; Ana: 2, 2, 2, 2 → 8. Mira triumphs by 16: degree 3.
    scriptDiceFaces([8, 8, 8, 1, 2, 2, 2, 2]);
    await answerDialog({ action: "roll" });
    expect(await pending).toMatchObject({ mode: "direct", outcome: "firstTriumphs", degree: 3, member: 0 });
    const html: HTMLElement = await lastMessage().renderHTML();
    expect(lastMessage().rolls).toHaveLength(2);
    expect(html.querySelector(".bb-group-result")?.textContent).toContain("Mira triumphs");
    expect([...html.querySelectorAll(".bb-group-member .bb-total strong")].map((e) => e.textContent)).toEqual(["24", "8"]);
  });

  it("direct opposition against a dice-phobe NPC: its fixed total is the roller's Difficulty", async () => {
    const { mira } = await crew();
    const guard = await character("Guard", [{ name: "Watch", type: "poolAbility", system: { rating: 2 } }], { npc: true });
    const pending = performGroupCheck(mira, { mode: "direct" });
    const dialog = await waitForDialog();
    const guardIndex = groupCandidates(mira).findIndex((c) => c.actor.id === guard.id);
    // NPCs default to the dice-phobe total (setting pool.npcDicePhobe).
    expect(dialog.element.querySelector<HTMLInputElement>(`input[name="member.${guardIndex}.phobe"]`)!.checked).toBe(true);
    fillForm(dialog.element, { [`member.${guardIndex}.include`]: true, [`member.${guardIndex}.ability`]: "Watch", "member.0.ability": "Athletics" });
    // The guard's 3 Add dice → a fixed 15; Mira's 3 Add d8 must reach 15.
    const p = R.checkOdds({ pool: { addDice: 3, bonusDice: 0, penaltyDice: 0, die: "d8" }, difficulty: 15 }).success;
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain(`First side triumphs${(p * 100).toFixed(1)}%`);
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain("dice phobe: 15");
    scriptDiceFaces([8, 8, 4]);
    await answerDialog({ action: "roll" });
    // 20 against 15: success by 5, degree 1 — Mira triumphs; only Mira's dice were rolled.
    expect(await pending).toMatchObject({ outcome: "firstTriumphs", degree: 1, member: 0 });
    expect(lastMessage().rolls.map((r: any) => r.total)).toEqual([20, 15]);
  });

  it("indirect opposition: two successes compare degrees", async () => {
    const { mira } = await crew();
    const pending = performGroupCheck(mira, { mode: "indirect" });
    const dialog = await waitForDialog();
    fillForm(dialog.element, { "member.1.include": true, difficulty: "5" });
    // No abilities: 1 Add each; Mira +0 (no attribute) → 1d8; Tom → 1d8. 8 vs 6: both succeed; degrees 0 and 0 → tie.
    scriptDiceFaces([8, 6]);
    await answerDialog({ action: "roll" });
    expect(await pending).toMatchObject({ outcome: "tie", member: -1 });
  });

  it("either/or: only a member with the chance can succeed", async () => {
    const { mira } = await crew();
    const pending = performGroupCheck(mira, { mode: "eitherOr" });
    const dialog = await waitForDialog();
    fillForm(dialog.element, { "member.1.include": true, "member.1.chance": true, difficulty: "6" });
    // Mira (no chance) rolls 8 — would succeed; Tom (the chance) rolls 2 — fails: the group fails.
    scriptDiceFaces([8, 2]);
    await answerDialog({ action: "roll" });
    expect(await pending).toMatchObject({ mode: "eitherOr", outcome: "failure", member: -1 });
    const html: HTMLElement = await lastMessage().renderHTML();
    expect(html.textContent).toContain("No chance");
    expect(html.textContent).toContain("Has the chance");
  });

  it("either/or at random: a Foundry die picks who has the chance, shown on the card", async () => {
    const { mira } = await crew();
    const pending = performGroupCheck(mira, { mode: "eitherOr" });
    const dialog = await waitForDialog();
    fillForm(dialog.element, { "member.1.include": true, chance: "random", difficulty: "6" });
    // Mira rolls 2 (fails), Tom rolls 7 (succeeds); the 1d2 shows 2: Tom has the chance → success.
    scriptDiceFaces([2, 7, 2]);
    await answerDialog({ action: "roll" });
    expect(await pending).toMatchObject({ mode: "eitherOr", outcome: "success", member: 1 });
    const message = lastMessage();
    expect(message.rolls).toHaveLength(3);
    const html: HTMLElement = await message.renderHTML();
    expect(html.querySelector(".bb-group-result")?.textContent).toContain("Tom has the chance (die: 2)");
    expect(html.querySelector(".bb-group-result")?.textContent).toContain("Success: Tom finds it");
  });

  it("an invalid group disables Roll with the reason; cancelling posts nothing", async () => {
    const { mira } = await crew();
    const pending = performGroupCheck(mira, { mode: "worstRoller" });
    const dialog = await waitForDialog();
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain("at least two participants");
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    fillForm(dialog.element, { "member.1.include": true, difficulty: "-99999" });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toMatch(/Difficulty/);
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
    expect((game as any).messages.size).toBe(0);
  });

  it("the card survives a reload of the chat log", async () => {
    const { mira } = await crew();
    const pending = performGroupCheck(mira, { mode: "worstRoller" });
    const dialog = await waitForDialog();
    fillForm(dialog.element, { "member.1.include": true, "member.0.ability": "Athletics", "member.0.attribute": "Agility", "member.1.ability": "Athletics" });
    scriptDiceFaces([1, 2, 3, 4]);
    await answerDialog({ action: "roll" });
    await pending;
    const message = lastMessage();
    const rebuilt = new (message.constructor as any)(message.toObject());
    const html: HTMLElement = await rebuilt.renderHTML();
    // Worst roller: 3 Add + 1 Bonus (Mira), 2 Add (Tom) → 3 Add, 1 Bonus, 2 Penalty → 3 Add, 1 Penalty: keep the lowest 3 of 1..4 → 6.
    expect(html.querySelector(".bb-group-merged .bb-total strong")?.textContent).toBe("6");
    expect(rebuilt.rolls[0]).toBeInstanceOf(PoolCheckRoll);
  });
});
