/**
 * Edge after the roll and Edge coming back (seed 004 "Edge"):
 *
 * - **The one Edge re-roll of a task** is a button on the check card, for the roller's owners and
 *   the GM. It runs on the active GM's client (the relay): there the card is checked (a Flange
 *   check card written by the GM or an owner of its roller, not re-rolled yet, not itself a
 *   re-roll), and — under the roller's resource lock — its Edge is read again (a point must be
 *   left), the re-roll is claimed in the GM-only ledger (once per card and once per roll, so a
 *   copied card is refused: reroll-record.ts), the point is spent and the same pool is rolled again
 *   with Foundry's dice onto a new card with the old card's audience. The new result stands: it
 *   has no button, and the ledger records it as a re-roll's result.
 * - **Spent Edge stays spent** until the GM refreshes it: `refreshEdge` (a GM-only button on the
 *   sheet, and `game.breadbox.flange.refreshEdge()` for a macro: the selected tokens' characters,
 *   or every Flange character with `{all: true}`). With the world setting "when an encounter
 *   ends", ending a combat also refreshes its Flange combatants (the active GM does it).
 */
import { SYSTEM_ID } from "../../core/ids";
import { format, localize, lookupUuidSync, modelOf } from "../../core/game";
import type { RelayContext, RelayResult } from "../../core/relay";
import { cardFlags, cardRefusal } from "../../core/chat/trust";
import { hasMark } from "../../core/chat/ledger-marks";
import { audienceOf } from "../../core/compat";
import { postCard } from "../../core/chat/post";
import { updateRolls } from "../../core/foundry";
import { BreadboxActor } from "../../core/documents/actor";
import { FlangeActorModel } from "./data/actor";
import { FlangeCheckRoll } from "./dice/check-roll";
import { flangeRules } from "./settings";
import { REROLLED_MARK, REROLL_RESULT_MARK, askReroll, payReroll, recordRerollResult, rollFingerprint } from "./reroll-record";

/** The check roll of a Flange check card. */
export function flangeCheckRollOf(message: ChatMessage.Implementation): FlangeCheckRoll | undefined {
  return message.rolls.find((r): r is FlangeCheckRoll => r instanceof FlangeCheckRoll);
}

function isCheckCard(message: ChatMessage.Implementation): boolean {
  return cardFlags(message).type === "flangeCheck";
}

function actorOf(uuid: string | undefined): Actor.Implementation | null {
  if (!uuid) return null;
  const doc = lookupUuidSync(uuid);
  return doc instanceof BreadboxActor ? doc : null;
}

/** Why this card cannot be re-rolled (a localization key), or null, as far as this client can tell. */
function spentRefusal(message: ChatMessage.Implementation, roll: FlangeCheckRoll): string | null {
  // Refusals only: a card that says it is a re-roll (or was re-rolled) is never re-rolled; whether
  // it may be is decided by the GM's record (reroll-record.ts), not by the card.
  if (hasMark(message.id, REROLLED_MARK) || roll.check?.superseded) return "BREADBOX.Flange.Edge.AlreadyRerolled";
  if (roll.check?.rerolled || hasMark(message.id, REROLL_RESULT_MARK)) return "BREADBOX.Flange.Edge.IsReroll";
  return null;
}

/** Card button: ask for the task's one Edge re-roll (the active GM makes it). */
export async function onEdgeReroll(message: ChatMessage.Implementation): Promise<void> {
  const roll = flangeCheckRollOf(message);
  const actor = actorOf(roll?.check?.actorUuid);
  const model = modelOf(actor, FlangeActorModel);
  if (!roll || !actor || !model || !isCheckCard(message) || !actor.isOwner) return;
  await askReroll("flange.edgeReroll", actor, model, spentRefusal(message, roll), { messageId: message.id });
}

/**
 * GM side of the re-roll: everything is checked again here, nothing is taken from the request but
 * the card's id. Under the roller's resource lock its Edge is read again, the re-roll is claimed in
 * the ledger (once per card, and once per roll: a copied card is refused), then the point is spent.
 */
export async function relayEdgeReroll(ctx: RelayContext): Promise<RelayResult> {
  const messageId = typeof ctx.payload.messageId === "string" ? ctx.payload.messageId : "";
  const message = messageId ? game.messages?.get(messageId) : undefined;
  const roll = message ? flangeCheckRollOf(message) : undefined;
  const check = roll?.check;
  if (!message || !roll || !check?.result || !roll.wasEvaluated || !isCheckCard(message)) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const actor = ctx.target;
  const model = actor instanceof BreadboxActor ? modelOf(actor, FlangeActorModel) : null;
  if (!(actor instanceof BreadboxActor) || !model || check.actorUuid !== actor.uuid || cardFlags(message).actorUuid !== actor.uuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (!ctx.requester.isGM && !actor.testUserPermission(ctx.requester, "OWNER")) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const refusal = cardRefusal(message, actor) ?? spentRefusal(message, roll);
  if (refusal) return { ok: false, error: refusal };
  const fingerprint = rollFingerprint(roll, actor.uuid);
  if (!fingerprint) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const claimed = await payReroll(actor, messageId, fingerprint);
  if (claimed) return { ok: false, error: claimed };
  // What the card shows (display only; the ledger is the record).
  await message.update({ flags: { [SYSTEM_ID]: { rerolled: true } } });
  // The message's rolls are built anew on each read: mark the one instance written back.
  const rolls = message.rolls;
  const original = rolls.find((r): r is FlangeCheckRoll => r instanceof FlangeCheckRoll);
  if (original) Object.assign(original.options, { superseded: true });
  await updateRolls(message, rolls);
  const fresh = FlangeCheckRoll.fromCheck({ title: check.title, input: check.input, parts: check.parts, actorUuid: actor.uuid, rerolled: true });
  await fresh.evaluate();
  const posted = await postCard(
    {
      speaker: message.speaker,
      flavor: format("BREADBOX.Flange.Edge.RerollOf", { title: check.title }),
      rolls: [fresh],
      flags: { [SYSTEM_ID]: { type: "flangeCheck", actorUuid: actor.uuid, rerollOf: message.id } },
    },
    audienceOf(message),
  );
  await recordRerollResult(posted?.id, fresh, actor.uuid);
  return { ok: true };
}

/** Every Flange character to refresh: the given ones, the selected tokens' or (all) every world character. */
function flangeActors(actors: readonly Actor.Implementation[]): Actor.Implementation[] {
  return actors.filter((a) => modelOf(a, FlangeActorModel) !== null);
}

/** GM only: spent Edge returns (edge.spent back to 0). Returns how many characters were refreshed. */
export async function refreshEdge(actors: readonly Actor.Implementation[]): Promise<number> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(localize("BREADBOX.Flange.Edge.GMOnly"));
    return 0;
  }
  let n = 0;
  for (const actor of flangeActors(actors)) {
    const model = modelOf(actor, FlangeActorModel);
    if (!model || model.edge.spent === 0) continue;
    await actor.update({ system: { edge: { spent: 0 } } });
    n++;
  }
  ui.notifications?.info(format("BREADBOX.Flange.Edge.Refreshed", { n }));
  return n;
}

/** The macro entry point: `game.breadbox.flange.refreshEdge()` (selected tokens) or `({all: true})`. */
export async function refreshEdgeMacro(options: { all?: boolean } = {}): Promise<number> {
  const actors = options.all
    ? [...(game.actors ?? [])].filter((a) => a instanceof BreadboxActor)
    : (canvas?.tokens?.controlled ?? []).map((t) => t.actor).filter((a) => a instanceof BreadboxActor);
  return refreshEdge(actors);
}

/** With the "encounter ends" setting, the active GM refreshes the Edge of a deleted combat's Flange combatants. */
function onDeleteCombat(combat: Combat.Implementation): void {
  if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id || flangeRules().edgeRefresh !== "combatEnd") return;
  const actors = [...combat.combatants].map((c) => c.actor).filter((a) => a instanceof BreadboxActor);
  void refreshEdge(actors);
}

export function registerEdge(): void {
  Hooks.on("deleteCombat", onDeleteCombat);
  const existing: unknown = Reflect.get(game, "breadbox");
  const api = typeof existing === "object" && existing !== null ? existing : {};
  Reflect.set(game, "breadbox", { ...api, flange: { refreshEdge: refreshEdgeMacro } });
}
