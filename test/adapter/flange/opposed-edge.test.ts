/**
 * The Edge re-roll on opposed-roll cards: each character side once, through the GM, same rules as
 * check cards — on the resolution card of an opposed roll against a character (the flange.opposed
 * exchange) and on a local card against an unnamed opponent.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, scriptDiceFaces } from "../../harness/index";
import { applyOrRelay } from "../../../src/core/relay";
import { ledgerSettled } from "../../../src/core/chat/ledger";
import { bootWorld } from "../toaster/boot";
import { defaultChoices } from "../../../src/rulesets/flange/checks";
import { performOpposedCheck } from "../../../src/rulesets/flange/opposed";
import { onOpposedReroll } from "../../../src/rulesets/flange/opposed-edge";
import { flangeCharacter, skill } from "./helpers";

// A flange world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("flange"));

const msgs = () => (game as any).messages.contents;

function button(side: string): HTMLElement {
  const b = document.createElement("button");
  b.dataset.side = side;
  return b;
}

/** Tims (Surgery 2 on Perception 6, owned by p1) against the Don (Lying 2 on Perception 8, owned by p2). */
async function setup(timsEdge = 2, donEdge = 1) {
  const p1 = createUser({ name: "Tims' player" });
  const p2 = createUser({ name: "Don's player" });
  const tims = await flangeCharacter("Mr Tims", { attributes: { perception: 6 }, edge: { points: timsEdge, spent: 0 } }, [skill("Surgery", "medicine", 2)]);
  const don = await flangeCharacter("Don Smits", { attributes: { perception: 8 }, edge: { points: donEdge, spent: 0 } }, [skill("Lying", "deception", 2)]);
  await tims.update({ ownership: { [p1.id!]: 3 } });
  await don.update({ ownership: { [p2.id!]: 3 } });
  const surgery = tims.items.find((i: any) => i.name === "Surgery");
  const lying = don.items.find((i: any) => i.name === "Lying");
  // Tims 2, 3 at 6: none (rolled on his player's client and declared); the Don 8, 2 at 8: one,
  // rolled by the GM when his player answers (the flange.opposed exchange) → the Don wins.
  scriptDiceFaces([2, 3, 8, 2]);
  const r: any = await asUser(p1, () => {
    (game.user as any).targets = new Set([{ actor: don }]);
    return performOpposedCheck(tims, null, { first: defaultChoices(tims.system, { skill: surgery.id, attribute: "perception" }), second: { kind: "unnamed", dice: 3, target: 7 } });
  });
  await ledgerSettled();
  const answered = await asUser(p2, () => applyOrRelay("core.respond", don, { messageId: r.declaration.id, response: "oppose", choices: defaultChoices(don.system, { skill: lying.id, attribute: "perception" }), mode: "public" }));
  expect(answered.ok).toBe(true);
  const card = msgs().at(-1);
  expect(card.flags.breadbox.outcome).toBe("secondWins");
  return { p1, p2, tims, don, card };
}

describe("the Edge re-roll on opposed cards", () => {
  it("each side re-rolls once through the GM: one Edge spent, a new card with the new verdict, the old card's buttons gone", async () => {
    const { p1, p2, tims, don, card } = await setup();
    expect(card.content).toContain('data-side="first"');
    expect(card.content).toContain('data-side="second"');
    scriptDiceFaces([7, 9]);
    await asUser(p1, () => onOpposedReroll(card, button("first")));
    const second = msgs().at(-1);
    expect(second.id).not.toBe(card.id);
    expect(tims.system.edge.spent).toBe(1);
    expect(don.system.edge.spent).toBe(0);
    expect(second.flags.breadbox).toMatchObject({ type: "flangeOpposed", outcome: "firstWins", rerollOf: card.id });
    expect(second.rolls[0].checkResult).toMatchObject({ successes: 2, rerolled: true });
    expect(second.rolls[1].checkResult.dice.map((d: any) => d.face)).toEqual([8, 2]);
    expect(card.flags.breadbox.rerolled).toBe(true);
    expect(card.content).not.toContain("data-bb-action");
    // On the new card only the side that has not re-rolled keeps its button.
    expect(second.content).not.toContain('data-side="first"');
    expect(second.content).toContain('data-side="second"');

    // The Don answers: 9, 9 at 8 → two; equal successes, his 9, 9 beat 9, 7.
    scriptDiceFaces([9, 9]);
    await asUser(p2, () => onOpposedReroll(second, button("second")));
    const third = msgs().at(-1);
    expect(third.id).not.toBe(second.id);
    expect(third.flags.breadbox).toMatchObject({ outcome: "secondWins", decidedBy: "highDice" });
    expect(don.system.edge.spent).toBe(1);
    expect(third.content).not.toContain("data-bb-action");

    // Once per task: the old cards refuse and nothing is spent.
    const n = msgs().length;
    await asUser(p1, () => onOpposedReroll(card, button("first")));
    await asUser(p2, () => onOpposedReroll(second, button("second")));
    await asUser(p1, () => onOpposedReroll(third, button("first")));
    expect(msgs().length).toBe(n);
    expect(tims.system.edge.spent).toBe(1);
    expect(don.system.edge.spent).toBe(1);
  });

  it("the GM refuses a requester who does not own the side, a side that names another character, and a side without Edge", async () => {
    const { p1, p2, tims, don, card } = await setup(2, 0);
    // Straight to the relay, past the button's own checks (a forged request).
    const ask = (user: any, uuid: string, side: string) => asUser(user, () => applyOrRelay("flange.opposedReroll", { uuid }, { messageId: card.id, side }));
    const n = msgs().length;
    expect(await ask(p2, tims.uuid, "first")).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    expect(await ask(p1, tims.uuid, "second")).toMatchObject({ ok: false, error: "BREADBOX.Relay.TargetMismatch" });
    expect(await ask(p1, tims.uuid, "both")).toMatchObject({ ok: false, error: "BREADBOX.Relay.Malformed" });
    expect(await ask(p2, don.uuid, "second")).toMatchObject({ ok: false, error: "BREADBOX.Flange.Edge.NoneLeft" });
    await asUser(p2, () => onOpposedReroll(card, button("second")));
    expect(msgs().length).toBe(n);
    expect(card.flags.breadbox.rerolled).toBeUndefined();
    expect(tims.system.edge.spent).toBe(0);
    expect(don.system.edge.spent).toBe(0);
  });

  it("the unnamed opponent has no button", async () => {
    const tims = await flangeCharacter("Mr Tims", { attributes: { perception: 6 }, edge: { points: 1, spent: 0 } });
    (game.user as any).targets = new Set();
    scriptDiceFaces([1, 2, 3, 4, 5]);
    await performOpposedCheck(tims, null, { first: defaultChoices(tims.system, { skill: "", attribute: "perception" }), second: { kind: "unnamed", dice: 2, target: 9 } });
    const card = msgs().at(-1);
    expect(card.content).toContain('data-side="first"');
    expect(card.content).not.toContain('data-side="second"');
  });
});
