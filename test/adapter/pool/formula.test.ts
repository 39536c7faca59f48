/**
 * The pool formula typed in chat (`/pool 3a 2b d10-1 vs 15 deg 1 # Title`): parsed strictly,
 * rolled as the same PoolCheckRoll as the dialog, bad input refused with a message.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { scriptDiceFaces, settle } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { formulaOptions, isPoolCommand, onChatMessage, parsePoolFormula, rollPoolFormula } from "../../../src/rulesets/pool/formula";
import { PoolCheckRoll } from "../../../src/rulesets/pool/dice/pool-roll";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

describe("parsing a pool formula", () => {
  it("reads dice, die, Difficulty, required degree, dice phobe and title, in any order and glued", () => {
    expect(parsePoolFormula("/pool 3a2b d10-1 vs 12 deg 2 # Pick the lock")).toEqual({ addDice: 3, bonusDice: 2, penaltyDice: 0, die: "d10Minus1", difficulty: 12, requiredDegree: 2, resolution: "roll", label: "Pick the lock" });
    expect(parsePoolFormula("/POOL dc 20 1P 4A (d4+2) phobe")).toMatchObject({ addDice: 4, penaltyDice: 1, die: "d4Plus2", difficulty: 20, resolution: "dicePhobe" });
    expect(parsePoolFormula("/pool 2a")).toMatchObject({ addDice: 2, die: "d8", difficulty: 15, requiredDegree: 0 });
    expect(parsePoolFormula("/pool 0a 3b vs −2")).toMatchObject({ addDice: 0, bonusDice: 3, difficulty: -2 });
  });

  it("refuses what it cannot read, naming the part", () => {
    expect(() => parsePoolFormula("/pool")).toThrow("needs its Add dice");
    expect(() => parsePoolFormula("/pool 3a 2x")).toThrow("cannot read “2x”");
    expect(() => parsePoolFormula("/pool 3a d20")).toThrow("“d20” is not a Dice Pool die");
    expect(() => parsePoolFormula("/pool 3a 2a")).toThrow("gives “a” twice");
    expect(() => parsePoolFormula("/pool 61a")).toThrow("at most 60");
    expect(() => parsePoolFormula("/pool 3a vs 99999")).toThrow("at most 10000");
    expect(() => parsePoolFormula(`/pool 3a # ${"x".repeat(600)}`)).toThrow("too long");
  });

  it("only /pool (not /poolside) is a pool command", () => {
    expect(isPoolCommand("/pool 3a")).toBe(true);
    expect(isPoolCommand("/poolside")).toBe(false);
    expect(isPoolCommand("hello")).toBe(false);
  });

  it("a pool past the 60-dice cap is refused with a localized message", () => {
    expect(() => formulaOptions(parsePoolFormula("/pool 40a 30b"))).toThrow("That pool rolls more than 60 dice.");
    expect(formulaOptions(parsePoolFormula("/pool 40a 30b 30p")).pool).toEqual({ addDice: 40, bonusDice: 0, penaltyDice: 0, die: "d8" });
  });

  it("Bonus and Penalty dice cancel; a world without substitution refuses other dice", async () => {
    expect(formulaOptions(parsePoolFormula("/pool 3a 2b 1p")).pool).toEqual({ addDice: 3, bonusDice: 1, penaltyDice: 0, die: "d8" });
    await (game as any).settings.set("breadbox", "pool.dieSubstitution", false);
    expect(() => formulaOptions(parsePoolFormula("/pool 3a d12-2"))).toThrow("does not allow die substitution");
  });
});

describe("rolling a typed formula", () => {
  it("the chat hook rolls the pool with Foundry dice and posts the usual check card", async () => {
    scriptDiceFaces([8, 1, 5, 6]);
    expect(onChatMessage(null, "/pool 3a 1b vs 15 # Climb")).toBe(false);
    await settle();
    const message = (game as any).messages.contents.at(-1);
    const roll = message.rolls[0];
    expect(roll).toBeInstanceOf(PoolCheckRoll);
    expect(roll.formula).toBe("4d8kh3");
    // Keep the highest 3 of 8, 1, 5, 6 → 19 vs 15: success, degree 0.
    expect(roll.checkResult).toMatchObject({ total: 19, outcome: "success", degree: 0 });
    const html: HTMLElement = await message.renderHTML();
    expect(html.textContent).toContain("Climb");
    expect(html.textContent).toContain("Typed pool");
  });

  it("the dice-phobe total rolls nothing; ordinary chat is left alone", async () => {
    const roll = await rollPoolFormula("/pool 3a 1b phobe");
    expect(roll?.checkResult).toMatchObject({ total: 16, mode: "dicePhobe" });
    expect(onChatMessage(null, "hello there")).toBeUndefined();
  });

  it("a bad formula is reported and posts nothing", async () => {
    expect(await rollPoolFormula("/pool 3q")).toBeNull();
    expect((game as any).messages.size).toBe(0);
    expect((ui as any).notifications.history.at(-1).message).toContain("cannot read “3q”");
  });
});

describe("/pool group", () => {
  it("opens the group dialog for the speaking actor, set to the asked mode; an unknown mode is refused", async () => {
    const { waitForDialog, answerDialog } = await import("../../harness/index");
    const a: any = await Actor.create({ name: "Lead", type: "pool" } as never);
    await Actor.create({ name: "Mate", type: "pool" } as never);
    (game as any).user.character = a;
    expect(onChatMessage(null, "/pool group direct")).toBe(false);
    const dialog = await waitForDialog();
    expect((dialog.element.querySelector('select[name="mode"]') as HTMLSelectElement).value).toBe("direct");
    expect((dialog.element.querySelector('input[name="member.0.include"]') as HTMLInputElement).checked).toBe(true);
    expect(dialog.element.querySelector('tr[data-member-index="0"]')!.textContent).toContain("Lead");
    await answerDialog({ action: "cancel" });
    expect(onChatMessage(null, "/pool group tug-of-war")).toBe(false);
    expect((ui as any).notifications.history.at(-1).message).toContain("“tug-of-war” is not a group mode");
    expect((game as any).messages.size).toBe(0);
  });
});
