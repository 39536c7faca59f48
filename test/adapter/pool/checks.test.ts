import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, fillForm, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { buildCheck, checkOddsFor, defaultChoices, performPoolCheck } from "../../../src/rulesets/pool/checks";
import { PoolCheckRoll } from "../../../src/rulesets/pool/dice/pool-roll";
import * as R from "../../../src/rulesets/pool/rules";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

async function climber(system: Record<string, unknown> = {}): Promise<any> {
  const actor: any = await Actor.create({ name: "Mira", type: "pool", system } as never);
  await actor.createEmbeddedDocuments("Item", [
    { name: "Athletics", type: "poolAbility", system: { rating: 2 } },
    { name: "Climbing", type: "poolAbility", system: { rating: 0, parentTrait: "Athletics" } },
    { name: "Rope work", type: "poolAbility", system: { rating: 1 } },
    { name: "Agility", type: "poolAttribute", system: { score: 1 } },
    { name: "Frailty", type: "poolAttribute", system: { score: -2 } },
  ]);
  return actor;
}

describe("building a check from a character", () => {
  it("falls back up the tree, adds attribute, support, conversion and time factor, and names every source", async () => {
    const a = await climber();
    const c = defaultChoices(a.system, { ability: "Climbing", attribute: "Agility", supporting: "Rope work", convert: 1, timeMode: "detailed", normalPhases: 3, phasesTaken: 5, difficulty: 20 });
    const { options, build } = buildCheck(a.system, c);
    // Climbing is untrained: Athletics (2) stands in → 3 Add; convert 1 → 2 Add + 1 Bonus;
    // Agility +1, Rope work +1, two extra phases +2 → 5 Bonus.
    expect(options.pool).toEqual({ addDice: 2, bonusDice: 5, penaltyDice: 0, die: "d8" });
    expect(build.baseAddDice).toBe(3);
    expect(options.parts.map((p) => p.label)).toEqual(["Climbing (from ancestor Athletics)", "Agility", "Support: Rope work", "Converted Add dice", "Time factor"]);
    expect(checkOddsFor(options)).toEqual(R.checkOdds({ pool: options.pool, difficulty: 20, requiredDegree: 0 }));
  });

  it("wounds add Penalty dice for the activity, cancelling Bonus dice", async () => {
    const a = await climber({ wounds: [{ kind: "physical", degree: 3, nonlethal: false }] });
    const penalty = a.system.status.penalties.physical;
    expect(penalty).toBeGreaterThan(0);
    const { options } = buildCheck(a.system, defaultChoices(a.system, { ability: "Athletics", attribute: "Agility" }));
    expect(options.pool.bonusDice - options.pool.penaltyDice).toBe(1 - penalty);
  });

  it("refuses a supporting ability that is the asked ability's ancestor", async () => {
    const a = await climber();
    expect(() => buildCheck(a.system, defaultChoices(a.system, { ability: "Climbing", supporting: "Athletics" }))).toThrow(/ancestor/);
  });

  it("NPCs take the dice-phobe result by default (a setting)", async () => {
    const npc = await climber({ npc: true });
    expect(defaultChoices(npc.system).resolution).toBe("dicePhobe");
    await (game as any).settings.set("breadbox", "pool.npcDicePhobe", false);
    expect(defaultChoices(npc.system).resolution).toBe("roll");
  });
});

describe("the check dialog → roll → chat card", () => {
  it("the dialog's choices reach the pool, the odds are exact and live, the card shows dice and outcome", async () => {
    const a = await climber();
    const pending = performPoolCheck(a);
    const dialog = await waitForDialog();
    const panel = () => dialog.element.querySelector("[data-bb-odds]")!.textContent!;
    fillForm(dialog.element, { ability: "Athletics", attribute: "Frailty", difficulty: "12" });
    // 3 Add, 2 Penalty on d8 against 12: the panel shows the core's exact success chance.
    const odds = R.checkOdds({ pool: { addDice: 3, bonusDice: 0, penaltyDice: 2, die: "d8" }, difficulty: 12 });
    expect(panel()).toContain(`${(odds.success * 100).toFixed(1)}%`);
    const before = panel();
    fillForm(dialog.element, { die: "d4Plus2" });
    expect(panel()).not.toBe(before);
    fillForm(dialog.element, { die: "d8" });
    scriptDiceFaces([8, 2, 5, 6, 1]);
    await answerDialog({ action: "roll" });
    const roll = await pending;
    // Keep the lowest 3 of 8, 2, 5, 6, 1 → 2 + 5 + 1 = 8: failure by 4, degree 0.
    expect(roll?.total).toBe(8);
    expect(roll?.checkResult).toMatchObject({ total: 8, outcome: "failure", degree: 0 });
    const message = (game as any).messages.contents.at(-1);
    expect(message.rolls[0]).toBeInstanceOf(PoolCheckRoll);
    const html: HTMLElement = await message.renderHTML();
    expect(html.textContent).toContain("Failure");
    expect(html.textContent).toContain("Frailty");
    expect(html.querySelectorAll(".bb-die.discarded")).toHaveLength(2);
  });

  it("a bad number disables the roll and explains why; cancelling rolls nothing", async () => {
    const a = await climber();
    const pending = performPoolCheck(a);
    const dialog = await waitForDialog();
    fillForm(dialog.element, { ability: "Athletics", convert: "9" });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toMatch(/9 Add dice cannot be converted: this pool has 3\./);
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
    expect((game as any).messages.size).toBe(0);
  });

  it("without die substitution only the d8 is offered", async () => {
    await (game as any).settings.set("breadbox", "pool.dieSubstitution", false);
    const a = await climber();
    const pending = performPoolCheck(a);
    const dialog = await waitForDialog();
    const dice = [...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="die"] option')].map((o) => o.value);
    expect(dice).toEqual(["d8"]);
    await answerDialog({ action: "cancel" });
    await pending;
  });
});

describe("check card words (issue 24.7)", () => {
  it("names what was rolled: both, one, or neither, and never '(none)' or 'no rating: 0'", async () => {
    const a = await climber();
    const labels = (choices: Record<string, unknown>) => buildCheck(a.system, defaultChoices(a.system, choices)).options;
    expect(labels({ ability: "Athletics", attribute: "Agility" }).title).toBe("Athletics + Agility");
    const attributeOnly = labels({ ability: "", attribute: "Agility" });
    expect(attributeOnly.title).toBe("Agility check");
    expect(attributeOnly.parts[0]!.label).toBe("No ability");
    expect(labels({ ability: "Athletics", attribute: "" }).title).toBe("Athletics check");
    expect(labels({ ability: "", attribute: "" }).title).toBe("Check");
    const everything = [attributeOnly, labels({ ability: "", attribute: "" })].flatMap((o) => [o.title, ...o.parts.map((p) => p.label)]).join(" ");
    expect(everything).not.toContain("(none)");
    expect(everything).not.toContain("no rating");
  });

  it("the check dialog offers 'No ability' and 'No attribute', not '(none)'", async () => {
    const a = await climber();
    const pending = performPoolCheck(a);
    const dialog = await waitForDialog();
    const none = (name: string) => dialog.element.querySelector<HTMLOptionElement>(`select[name="${name}"] option[value=""]`)!.textContent;
    expect([none("ability"), none("attribute")]).toEqual(["No ability", "No attribute"]);
    await answerDialog({ action: "cancel" });
    await pending;
  });
});
