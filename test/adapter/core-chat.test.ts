/**
 * The shared mechanisms under every ruleset's chat actions and relay handlers (src/core):
 * per-key locks, the card-writer record, Foundry dice for the rules cores, and message audiences.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, gmUser, setRandomUniform, setUserActive } from "../harness/index";
import { bootSystem } from "./toaster/boot";
import { cardRefusal, cardWriter, withLocks } from "../../src/core/chat/trust";
import { ledgerSettled } from "../../src/core/chat/ledger";
import { resetLedgerOverlay } from "../../src/core/chat/ledger-marks";
import { MAX_FOUNDRY_DICE, rollWithFoundryDice } from "../../src/core/rolls/foundry-dice";
import { audienceOf, combineAudiences, normaliseMessageMode } from "../../src/core/compat";
import { rollDie } from "../../src/dice/random";
import * as R from "../../src/rulesets/toaster/rules";
import { toasterDie } from "../../src/rulesets/toaster/chat/attack";

beforeEach(bootSystem);

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("withLocks", () => {
  it("runs work on the same key one after the other, and on other keys alongside", async () => {
    const log: string[] = [];
    const job = (name: string, keys: string[]) =>
      withLocks(keys, async () => {
        log.push(`${name}+`);
        await tick();
        await tick();
        log.push(`${name}-`);
      });
    await Promise.all([job("a", ["card:1"]), job("b", ["card:1"]), job("c", ["card:2"])]);
    expect(log.indexOf("a-")).toBeLessThan(log.indexOf("b+"));
    expect(log.indexOf("c+")).toBeLessThan(log.indexOf("a-"));
  });

  it("two callers taking the same keys in opposite order do not wait on each other forever", async () => {
    const done: string[] = [];
    await Promise.race([
      Promise.all([withLocks(["x", "y"], async () => void done.push("xy")), withLocks(["y", "x"], async () => void done.push("yx"))]),
      new Promise((_, reject) => setTimeout(() => reject(new Error("deadlock")), 1000)),
    ]);
    expect(done.sort()).toEqual(["xy", "yx"]);
  });

  it("a failing job releases its keys", async () => {
    await expect(withLocks(["k"], async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await withLocks(["k"], async () => "next")).toBe("next");
  });
});

describe("cardWriter", () => {
  it("names the user who created the message, not its author field", async () => {
    const p = createUser({ name: "P" });
    const m: any = await asUser(p, () => ChatMessage.create({ content: "x", author: gmUser().id, flags: { breadbox: { type: "toasterCheck" } } } as never));
    expect(m.author.id).toBe(gmUser().id);
    expect(cardWriter(m)?.id).toBe(p.id);
    // Recorded in the GM-only ledger: still known after the GM's client reloads.
    await ledgerSettled();
    resetLedgerOverlay();
    expect(cardWriter(m)?.id).toBe(p.id);
  });

  it("never falls back to the author field: a card posted while no GM was online has no writer", async () => {
    const p = createUser({ name: "P" });
    setUserActive(gmUser(), false);
    const m: any = await asUser(p, () => ChatMessage.create({ content: "x", author: gmUser().id, flags: { breadbox: { type: "toasterCheck" } } } as never));
    setUserActive(gmUser(), true);
    expect(m.author.id).toBe(gmUser().id);
    expect(cardWriter(m)).toBeNull();
    expect(cardRefusal(m, null)).toBe("BREADBOX.Relay.NoWriter");
  });

  it("only a GM can write the ledger", async () => {
    const p = createUser({ name: "P" });
    await expect(asUser(p, () => game.settings!.set("breadbox", "cardLedger", {}))).rejects.toThrow(/permission/);
  });
});

describe("rollWithFoundryDice", () => {
  it("replays known faces, then rolls each further die as a Foundry roll of its size", async () => {
    // Foundry dice: d10* face 6 (→ core face 7), then a d6 showing 2.
    const queue = [1 - 6.5 / 10, 1 - 1.5 / 6];
    setRandomUniform(() => queue.shift()!);
    const { value, rolls, faces } = await rollWithFoundryDice((rng) => [rollDie(10, rng), rollDie(10, rng), rollDie(6, rng)], { prefix: [{ face: 3, faces: 10 }], die: toasterDie });
    expect(value).toEqual([3, 7, 2]);
    expect(rolls.map((r) => [r.formula, r.total])).toEqual([
      ["1dk", 6],
      ["1d6", 2],
    ]);
    expect(faces).toEqual([
      { face: 7, faces: 10 },
      { face: 2, faces: 6 },
    ]);
  });

  it("stops a stuck random source with a clear error instead of rolling forever", async () => {
    setRandomUniform(() => 0); // every d10* shows 9
    // A run that never stops asking for dice is cut at MAX_FOUNDRY_DICE.
    await expect(
      rollWithFoundryDice(
        (rng) => {
          for (;;) rollDie(10, rng);
        },
        { die: toasterDie },
      ),
    ).rejects.toThrow(new RegExp(`more than ${MAX_FOUNDRY_DICE} dice`));
    // The Toaster core's own open end stops first: "no limit" nines end at its cap of 100 extra dice.
    const nines = await rollWithFoundryDice((rng) => R.rollD10Star(rng, { rollingNines: true, ninesLimit: null }), { die: toasterDie });
    expect(nines.value.faces).toHaveLength(1 + R.NINES_CAP);
    expect(nines.rolls).toHaveLength(1 + R.NINES_CAP);
  });

  it("passes the core's own errors through", async () => {
    await expect(rollWithFoundryDice(() => R.attackThreshold("sideways" as never, 3))).rejects.toThrow(/Attack mode/);
  });
});

describe("message audiences", () => {
  it("normalises both generations' mode names and nothing else", () => {
    expect(["publicroll", "gmroll", "blindroll", "selfroll", "roll", "public", "gm", "blind", "self"].map(normaliseMessageMode)).toEqual(["public", "gm", "blind", "self", "public", "public", "gm", "blind", "self"]);
    for (const bad of ["ic", "constructor", "", null, 3, undefined]) expect(normaliseMessageMode(bad)).toBeNull();
  });

  it("a follow-up keeps the starting card's audience and narrows it with its own", () => {
    const pub = { whisper: [], blind: false };
    const gm = { whisper: ["GM"], blind: false };
    const self = { whisper: ["P"], blind: false };
    const blind = { whisper: ["GM"], blind: true };
    expect(combineAudiences(pub, pub)).toEqual(pub);
    expect(combineAudiences(gm, pub)).toEqual(gm);
    expect(combineAudiences(pub, self)).toEqual(self);
    expect(combineAudiences(self, gm)).toEqual({ whisper: ["P", "GM"], blind: false });
    expect(combineAudiences(blind, pub)).toEqual(blind);
    expect(audienceOf({ whisper: ["a", 3, null], blind: "yes" })).toEqual({ whisper: ["a"], blind: false });
  });
});
