/**
 * Apply, once: the GM side of every ruleset's *Apply* button on a resolution card, written once.
 * What it guarantees (docs/architecture.md, "Trust rules"):
 *  - the amounts come from the GM's record of the card only (`resolution` or `damage` in the record
 *    book), never from the card, and only a record of this ruleset counts — another ruleset's, or
 *    a record naming none, is refused before anything is checked or changed;
 *  - the target is the recorded target and an actor of this ruleset;
 *  - the requester is a GM or an owner of the attacker or the target;
 *  - the amounts are ones the resolution could have produced (the ruleset says which);
 *  - "applied" is the card's mark, claimed on the active GM's client only after every check has
 *    passed (check and set with no await between), and released when the write fails; the record's
 *    own `applied` and the card's flag follow for display.
 * The ruleset supplies only what differs: where its record is, its target model, the bounds, the
 * write, and what follows.
 */
import { SYSTEM_ID } from "../ids";
import { actorFromUuidSync } from "../game";
import { claimMark, hasMark, ledgerEntry, releaseMark, updateLedger } from "../chat/ledger";
import type { LedgerDamage, LedgerResolution } from "../chat/ledger-types";
import type { RelayContext, RelayResult } from "../plugin-types";

/** The mark that makes a resolution card's Apply happen once. */
export const APPLIED_MARK = "applied";

interface RecordKinds {
  resolution: LedgerResolution;
  damage: LedgerDamage;
}

export interface ApplySpec<F extends keyof RecordKinds, M> {
  ruleset: string;
  /** Where the ruleset keeps its resolution in the card's record. */
  field: F;
  /** The target's model of this ruleset, or null when the target is not this ruleset's actor. */
  model(target: Actor.Implementation): M | null;
  /** Whether the recorded amounts are ones the resolution could have produced. */
  valid(record: RecordKinds[F]): boolean;
  /** A refusal (localization key) specific to this request, checked before the mark is claimed; null when none. */
  refuse?(ctx: RelayContext, record: RecordKinds[F], message: ChatMessage.Implementation): string | null;
  /** Write the outcome (active GM's client, once); returns the result's data. */
  write(target: Actor.Implementation, model: M, record: RecordKinds[F], ctx: RelayContext): Promise<Record<string, unknown>>;
  /** What follows a successful write (statuses, a card); not undone if it fails. */
  after?(target: Actor.Implementation, record: RecordKinds[F], message: ChatMessage.Implementation, data: Record<string, unknown>): Promise<void>;
  /** Localization key of "already applied". */
  alreadyApplied: string;
}

export async function applyRecordOnce<F extends keyof RecordKinds, M>(ctx: RelayContext, spec: ApplySpec<F, M>): Promise<RelayResult> {
  const messageId = typeof ctx.payload.messageId === "string" ? ctx.payload.messageId : "";
  const message = messageId ? game.messages?.get(messageId) : undefined;
  if (!message) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const found = ledgerEntry(messageId)?.[spec.field];
  if (!found || found.ruleset !== spec.ruleset) return { ok: false, error: "BREADBOX.Relay.NotResolved" };
  const record = found as RecordKinds[F];
  const target = actorFromUuidSync(ctx.target.uuid ?? "");
  if (!target || target.uuid !== record.targetUuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  const model = spec.model(target);
  if (!model) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  const attacker = actorFromUuidSync(record.attackerUuid);
  const owns = (actor: Actor.Implementation | null) => Boolean(actor?.testUserPermission(ctx.requester, "OWNER"));
  if (!ctx.requester.isGM && !owns(attacker) && !owns(target)) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const refusal = spec.refuse?.(ctx, record, message);
  if (refusal) return { ok: false, error: refusal };
  if (record.applied || hasMark(messageId, APPLIED_MARK)) return { ok: false, error: spec.alreadyApplied };
  if (!spec.valid(record)) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  if (!(await claimMark(messageId, APPLIED_MARK))) return { ok: false, error: spec.alreadyApplied };
  let data: Record<string, unknown>;
  try {
    data = await spec.write(target, model, record, ctx);
  } catch (err) {
    await releaseMark(messageId, APPLIED_MARK);
    throw err;
  }
  await updateLedger(messageId, { [spec.field]: { ...record, applied: true } });
  // The card shows it (display only: the record is what counts).
  await message.update({ flags: { [SYSTEM_ID]: { applied: true } } });
  await spec.after?.(target, record, message, data);
  return { ok: true, data };
}
