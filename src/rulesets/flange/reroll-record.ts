/**
 * The Edge re-roll's "once", kept by the active GM's client in the card ledger (never in a card's
 * flags, which the card's writer can change):
 *
 * - the card whose roll was re-rolled carries the mark `rerolled`, claimed with `claimMark` (checked
 *   and set at once): a second request on that card is refused whatever its flags say;
 * - the mark's value is the **fingerprint** of the roll that was re-rolled (its roller, its pool,
 *   its faces and the id every FlangeCheckRoll gets when it is made), and the card that carries
 *   the new result records the new roll's fingerprint (`rerollResult`, a result that stands). A
 *   copy of a card (the same roll posted again as a new message) has the same fingerprint: a
 *   request whose roll's fingerprint is already on any card's record is refused.
 *
 * Both fingerprints are also claimed world-wide (core's once-per-roll keys, src/core/chat/once.ts),
 * which outlive the cards: deleting the original card does not free its roll. A roll made up by
 * hand with a new id cannot be told from a new roll: it still costs its Edge point, like any
 * re-roll.
 */
import { claimMark, releaseMark } from "../../core/chat/ledger-marks";
import { withResourceLocks } from "../../core/chat/trust";
import { localize, modelOf } from "../../core/game";
import { RELAY_PENDING, applyOrRelay } from "../../core/relay";
import { FlangeActorModel } from "./data/actor";
import { claimRoll, releaseRoll, rollFingerprint as fingerprintOf, rollUsed } from "../../core/chat/once";
import type { FlangeCheckRoll } from "./dice/check-roll";

/** The once-per-roll scope of Flange's Edge re-roll. */
const REROLL_SCOPE = "flange.reroll";

/** The mark of a card whose roll was re-rolled (value: that roll's fingerprint). */
export const REROLLED_MARK = "rerolled";
/** The mark of a card that carries a re-roll's new result (value: the new roll's fingerprint). */
export const REROLL_RESULT_MARK = "rerollResult";

/** The fingerprint of an evaluated check roll of a character; null for a roll not evaluated. */
export function rollFingerprint(roll: FlangeCheckRoll, actorUuid: string): string | null {
  const check = roll.check;
  if (!check || !roll.wasEvaluated) return null;
  const { dice, target, diceModifier = 0, targetModifier = 0, edgeDice = 0, edgeTarget = 0 } = check.input;
  return fingerprintOf([actorUuid, [dice, target, diceModifier, targetModifier, edgeDice, edgeTarget], roll.poolFaces, typeof check.rollId === "string" ? check.rollId : ""]);
}

/** Whether this roll was re-rolled already, or is a re-roll's result (a result that stands). */
export function fingerprintRecorded(fingerprint: string): boolean {
  return rollUsed(REROLL_SCOPE, fingerprint);
}

/**
 * Claim the re-roll of a card's roll (active GM's client only): false when the card was re-rolled
 * already or its roll's fingerprint is on another card's record (a copy). The look-up and the
 * claim happen with no await in between.
 */
export async function claimReroll(messageId: string, fingerprint: string): Promise<boolean> {
  if (!(await claimRoll(REROLL_SCOPE, fingerprint, messageId))) return false;
  if (await claimMark(messageId, REROLLED_MARK, fingerprint)) return true;
  await releaseRoll(REROLL_SCOPE, fingerprint);
  return false;
}

/** Take a re-roll claim back (the Edge spend failed). */
export async function releaseReroll(messageId: string, fingerprint: string): Promise<void> {
  await releaseMark(messageId, REROLLED_MARK);
  await releaseRoll(REROLL_SCOPE, fingerprint);
}

/** Record, on the card that carries it, the new roll of a re-roll (a result that stands). */
export async function recordRerollResult(messageId: string | null | undefined, roll: FlangeCheckRoll, actorUuid: string): Promise<void> {
  const fingerprint = rollFingerprint(roll, actorUuid);
  if (!messageId || !fingerprint) return;
  await claimRoll(REROLL_SCOPE, fingerprint, messageId);
  await claimMark(messageId, REROLL_RESULT_MARK, fingerprint);
}

/**
 * Pay one Edge for the re-roll of a card's roll (GM side): under the roller's resource lock the
 * Edge is read again, the re-roll claimed (once per card and per roll), then the point spent; the
 * claim is taken back when the spend fails. Returns a refusal's localization key, or null.
 */
export async function payReroll(actor: Actor.Implementation, messageId: string, fingerprint: string): Promise<string | null> {
  return withResourceLocks([actor], async (): Promise<string | null> => {
    const now = modelOf(actor, FlangeActorModel);
    if (!now || now.edgeAvailable < 1) return "BREADBOX.Flange.Edge.NoneLeft";
    if (!(await claimReroll(messageId, fingerprint))) return "BREADBOX.Flange.Edge.AlreadyRerolled";
    try {
      await actor.update({ system: { edge: { spent: now.edge.spent + 1 } } });
    } catch (err) {
      await releaseReroll(messageId, fingerprint);
      throw err;
    }
    return null;
  });
}

/**
 * A card's Edge re-roll button (a check's or one side of an opposed roll's): say at once what this
 * client can see (the card's own refusal, no Edge left), else ask the active GM (relay `action`).
 */
export async function askReroll(action: string, actor: Actor.Implementation, model: FlangeActorModel, refusal: string | null, payload: Record<string, unknown>): Promise<void> {
  const warning = refusal ?? (model.edgeAvailable < 1 ? "BREADBOX.Flange.Edge.NoneLeft" : null);
  if (warning) {
    ui.notifications?.warn(localize(warning));
    return;
  }
  const result = await applyOrRelay(action, { uuid: actor.uuid }, payload);
  // The relay has told the player already when the GM has not answered yet (pending).
  if (!result.ok && result.error && result.error !== RELAY_PENDING) ui.notifications?.warn(localize(result.error));
}

/**
 * A re-rolled card's content once the new result stands: without the buttons `remove` selects,
 * with a note (class `note`) at the end of its `card` element saying the new result stands.
 */
export function supersededContent(content: string, { remove, card, note }: { remove: string; card: string; note: string }): string {
  const box = document.createElement("div");
  box.innerHTML = content;
  for (const el of box.querySelectorAll(remove)) el.remove();
  const body = box.querySelector(card) ?? box;
  const line = document.createElement("p");
  line.className = `bb-muted ${note}`;
  line.textContent = localize("BREADBOX.Flange.Edge.Superseded");
  body.append(line);
  return box.innerHTML;
}
