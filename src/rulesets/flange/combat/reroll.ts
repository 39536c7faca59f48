/**
 * The Edge re-roll of a combat roll (seed 004 "Edge": "A single Edge Point can be spent to re-roll
 * a dice roll. This can only be done once for a single task, and the new result must be accepted";
 * issue 19.2). The attack's resolution card carries, for the attacker's owners, "Re-roll the
 * attack" and "Re-roll the damage", and for the defender's owners "Re-roll the dodge / block"; each
 * side re-rolls at most one roll of an attack. The request goes through the relay to the active GM
 * with the card's id and the roll's name only; there everything is checked again (a Flange attack
 * resolution the GM wrote, not applied, that roll made, the requester owns that side). Then the old
 * card is closed with the engine's `applied` mark (its Apply is refused from then on), and the
 * re-roll is paid and claimed with the same once-only record as the check and opposed re-rolls
 * (reroll-record.ts `payReroll`: under the side's resource lock, one Edge left, once per card and
 * once per side of the attack, world-wide). The rules core re-rolls that roll (`rerollExchange`:
 * rolls that do not depend on it keep their faces), the failed-block carry is revised if the block
 * changed, and a new resolution card (engine `postResolution`, the old card's audience) carries the
 * new result and its Apply; the side that has re-rolled has no button on it.
 */
import * as R from "../rules";
import { SYSTEM_ID } from "../../../core/ids";
import { lookupUuidSync, modelOf } from "../../../core/game";
import type { RelayContext, RelayResult } from "../../../core/relay";
import { cardFlags, cardWriter } from "../../../core/chat/trust";
import { claimMark, hasMark, releaseMark } from "../../../core/chat/ledger-marks";
import { rollFingerprint } from "../../../core/chat/once";
import { audienceOf } from "../../../core/compat";
import { rollWithFoundryDice } from "../../../core/rolls/foundry-dice";
import { APPLIED_MARK, RESOLUTION, postResolution } from "../../../core/exchange/engine";
import { BreadboxActor } from "../../../core/documents/actor";
import { FlangeActorModel } from "../data/actor";
import { REROLLED_MARK, askReroll, payReroll, supersededContent } from "../reroll-record";
import { ATTACK_RECORD, flangeAttack, resolutionHtml, type AttackRecord } from "./attack";
import { reviseFailedBlockCarry } from "./tracker";

type Side = "attacker" | "defender";

const sideOf = (part: R.ExchangeRerollPart): Side => (part === "defence" ? "defender" : "attacker");

function partOf(raw: unknown): R.ExchangeRerollPart | null {
  return R.EXCHANGE_REROLL_PARTS.find((p) => p === raw) ?? null;
}

function actorAt(uuid: unknown): Actor.Implementation | null {
  if (typeof uuid !== "string" || uuid === "") return null;
  const doc = lookupUuidSync(uuid);
  return doc instanceof BreadboxActor ? doc : null;
}

/** The attack record of a Flange attack's resolution card, or null when the card is not one. */
function recordOf(message: ChatMessage.Implementation): AttackRecord | null {
  const flags = cardFlags(message);
  if (flags.type !== RESOLUTION || flags.exchange !== "flange.attack") return null;
  const record: unknown = flags[ATTACK_RECORD];
  if (!record || typeof record !== "object") return null;
  const faces: unknown = Reflect.get(record, "faces");
  const x: unknown = Reflect.get(record, "x");
  const rerolled: unknown = Reflect.get(record, "rerolled");
  if (!faces || typeof faces !== "object" || !x || typeof x !== "object" || !Array.isArray(rerolled)) return null;
  // Written by the GM's client (only a GM can change a GM's message); the rules core checks the input again.
  return { ...(record as AttackRecord), rerolled: rerolled.filter((s): s is string => typeof s === "string") };
}

/** Why this roll cannot be re-rolled (a localization key), or null, as far as this client can tell. */
function refusal(message: ChatMessage.Implementation, record: AttackRecord, part: R.ExchangeRerollPart): string | null {
  if (hasMark(message.id, REROLLED_MARK)) return "BREADBOX.Flange.Edge.AlreadyRerolled";
  if (hasMark(message.id, APPLIED_MARK)) return "BREADBOX.Flange.Combat.Reroll.AlreadyApplied";
  if (record.rerolled.includes(sideOf(part))) return "BREADBOX.Flange.Combat.Reroll.SideDone";
  if (!Array.isArray(record.faces[part]) || record.faces[part].length === 0) return "BREADBOX.Flange.Combat.Reroll.NothingToReroll";
  return null;
}

/** Card button: ask for one side's Edge re-roll of a roll of this attack (the active GM makes it). */
export async function onAttackReroll(message: ChatMessage.Implementation, button: HTMLElement | null | undefined): Promise<void> {
  const part = partOf(button?.dataset.part);
  const record = recordOf(message);
  if (!part || !record) return;
  const flags = cardFlags(message);
  const actor = actorAt(sideOf(part) === "attacker" ? flags.attackerUuid : flags.targetUuid);
  const model = modelOf(actor, FlangeActorModel);
  if (!actor || !model || !actor.isOwner) return;
  await askReroll("flange.attackReroll", actor, model, refusal(message, record, part), { messageId: message.id, part });
}

/** GM side of a combat re-roll: only the card's id and the roll's name are read from the request. */
export async function relayAttackReroll(ctx: RelayContext): Promise<RelayResult> {
  const messageId = typeof ctx.payload.messageId === "string" ? ctx.payload.messageId : "";
  const part = partOf(ctx.payload.part);
  const message = messageId ? game.messages?.get(messageId) : undefined;
  const record = message ? recordOf(message) : null;
  if (!message || !part || !record) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  // Only the GM's own resolution card counts (the ledger's writer), never a card a player wrote.
  if (cardWriter(message)?.isGM !== true) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  const flags = cardFlags(message);
  const attacker = actorAt(flags.attackerUuid);
  const defender = actorAt(flags.targetUuid);
  const declarationId = typeof flags.declarationId === "string" ? flags.declarationId : "";
  const side = sideOf(part);
  const actor = side === "attacker" ? attacker : defender;
  if (!attacker || !defender || !actor || !declarationId || ctx.target.uuid !== actor.uuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (!ctx.requester.isGM && !actor.testUserPermission(ctx.requester, "OWNER")) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const refused = refusal(message, record, part);
  if (refused) return { ok: false, error: refused };
  // Close the old card first: from here its Apply is refused (the engine's mark), whoever clicks it.
  if (!(await claimMark(messageId, APPLIED_MARK, "edgeReroll"))) return { ok: false, error: "BREADBOX.Flange.Combat.Reroll.AlreadyApplied" };
  // Once per card, once per side of this attack (world-wide), one Edge under the side's resource lock.
  const paid = await payReroll(actor, messageId, rollFingerprint(["flange.attack", declarationId, side]));
  if (paid) {
    await releaseMark(messageId, APPLIED_MARK);
    return { ok: false, error: paid };
  }
  // What the old card shows (display only: the marks are the record).
  await message.update({ content: supersededContent(message.content ?? "", { remove: "button, .flange-attack-reroll", card: ".flange-resolution", note: "flange-attack-superseded" }), flags: { [SYSTEM_ID]: { rerolled: true } } });
  const { value: r, rolls } = await rollWithFoundryDice((rng) => R.rerollExchange(record.x, record.faces, part, rng), { batch: true });
  if (record.effects.defenderFailedBlock !== r.effects.defenderFailedBlock) await reviseFailedBlockCarry(defender, record.combat, r.effects.defenderFailedBlock);
  const next: AttackRecord = { ...record, faces: r.faces, effects: r.effects, rerolled: [...record.rerolled, side], rerollOf: part };
  const html = await resolutionHtml(attacker, defender, next, r);
  await postResolution(
    flangeAttack,
    { declarationId, attacker, target: defender },
    { rolls, card: { html }, outcome: r.hit && r.damage > 0 ? { damage: r.damage } : null, flags: { damage: r.damage, hit: r.hit, rerollOf: messageId, [ATTACK_RECORD]: { ...next } }, speaker: attacker },
    audienceOf(message),
  );
  return { ok: true };
}
