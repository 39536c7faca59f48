/**
 * Bypass and interrupt in the combat tracker (seed: "Bypass": "a player decides to postpone taking
 * the Initiative until later in the turn ... they can bypass their Initiative until a later time,
 * and even interrupt before Initiative goes to someone else ... this allows for a character to take
 * their full turn rather than a single reaction").
 *
 * - The combatant whose turn it is may **bypass**: the turn moves on (its unreserved points are
 *   forfeited as at any turn's end) and it is marked as bypassed for this round.
 * - Later in the same round its owner may **interrupt**: the character takes a full turn now — the
 *   quota refills and actions under way are paid first, as when the initiative arrives — while the
 *   interrupted combatant keeps Foundry's turn and waits. **End interruption** (its owner or a GM)
 *   forfeits what is left and the interrupted turn resumes.
 * - A bypass not used is lost when the round ends; interruptions do not nest (the rules core's
 *   `bypass` / `interrupt`). A GM's Next Turn during an interruption ends it too.
 *
 * The record lives in the combat's flags (flags.breadbox.d100Initiative), which only a GM can write:
 * a player's Bypass / Interrupt / End travels through the relay (`d100.initiative`, as Toast's
 * hold and act do through `toast.turn`) to the active GM, who checks it there against the record,
 * the round and turn the request names, and the requester's ownership. Combatant flags are never
 * read for it.
 */
import { SYSTEM_ID } from "../../../core/ids";
import { format, localize } from "../../../core/game";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { withLocks } from "../../../core/chat/trust";
import { BreadboxCombat } from "../../../core/documents/combat";
import { noteCardHtml } from "../../../core/chat/note-card";
import { postCard } from "../../../core/chat/post";
import { audienceForMode } from "../../../core/compat";
import { modelOf } from "../../../core/game";
import { D100ActorModel } from "../data/actor";
import { d100CombatRules } from "./settings";

declare module "../../../types/breadbox" {
  interface BreadboxCombatFlags {
    /** D10/0: who bypassed this round and who is interrupting (bypass.ts). */
    d100Initiative?: D100InitiativeFlag;
  }
}

/** The round's bypass record, written by the active GM only. */
export interface D100InitiativeFlag {
  round: number;
  /** Combatant ids who bypassed this round and may still interrupt. */
  bypassed: string[];
  /** The combatant taking its turn by interruption (null: none). */
  interrupting: string | null;
  /** Foundry's turn index the interruption happened in (the turn that resumes after it). */
  turn: number | null;
}

export type InitiativeControl = "bypass" | "interrupt" | "end";

type AnyCombat = Combat.Implementation | Combat.Stored;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The combat's record for its current round, checked field by field (a stale round or anything malformed: nobody bypassed, no interruption). */
export function initiativeRecord(combat: AnyCombat): D100InitiativeFlag {
  const empty: D100InitiativeFlag = { round: combat.round, bypassed: [], interrupting: null, turn: null };
  const flags: unknown = combat.flags;
  const ours = isRecord(flags) ? flags[SYSTEM_ID] : undefined;
  const raw = isRecord(ours) ? ours.d100Initiative : undefined;
  if (!isRecord(raw) || raw.round !== combat.round || !Array.isArray(raw.bypassed)) return empty;
  const bypassed = raw.bypassed.filter((id): id is string => typeof id === "string");
  const turn = typeof raw.turn === "number" ? raw.turn : null;
  // An interruption belongs to the turn it interrupted: once Foundry's turn moves, it is over.
  const interrupting = typeof raw.interrupting === "string" && turn === (combat.turn ?? null) ? raw.interrupting : null;
  return { round: combat.round, bypassed, interrupting, turn: interrupting ? turn : null };
}

/** Whether this combatant holds the initiative now: the interrupter during an interruption, else the combatant whose turn it is. */
export function holdsInitiative(combat: AnyCombat, combatant: Combatant.Implementation): boolean {
  if (!combat.started) return false;
  const { interrupting } = initiativeRecord(combat);
  return interrupting !== null ? interrupting === combatant.id : combat.combatant?.id === combatant.id;
}

/** What a control would do, checked against the record (the client's pre-check and the GM's check alike): null when allowed, else the refusal's key. */
export function initiativeRefusal(combat: AnyCombat, combatant: Combatant.Implementation, control: InitiativeControl, user: User.Implementation): string | null {
  if (!combat.started || !modelOf(combatant.actor, D100ActorModel) || !d100CombatRules().strictPeriods) return "BREADBOX.D100.Combat.Bypass.NoStrictPeriod";
  const owner = combatant.testUserPermission(user, "OWNER");
  const record = initiativeRecord(combat);
  const id = combatant.id ?? "";
  if (control === "end") {
    if (!owner && !user.isGM) return "BREADBOX.D100.Combat.Bypass.NotYours";
    return record.interrupting === id ? null : "BREADBOX.D100.Combat.Bypass.NotInterrupting";
  }
  if (!owner) return "BREADBOX.D100.Combat.Bypass.NotYours";
  if (control === "bypass") {
    if (record.interrupting !== null || combat.combatant?.id !== id) return "BREADBOX.D100.Combat.Bypass.NotYourInitiative";
    return null;
  }
  if (!record.bypassed.includes(id)) return "BREADBOX.D100.Combat.Bypass.NotBypassed";
  if (record.interrupting !== null) return "BREADBOX.D100.Combat.Bypass.AlreadyInterrupted";
  return null;
}

function lockKey(combat: AnyCombat): string {
  return `d100-initiative:${combat.uuid}`;
}

async function writeRecord(combat: AnyCombat, record: D100InitiativeFlag): Promise<void> {
  await combat.update({ flags: { [SYSTEM_ID]: { d100Initiative: record } } });
}

async function note(combatant: Combatant.Implementation, key: string): Promise<void> {
  const content = await noteCardHtml({ kind: "bb-d100-action", lines: [{ text: format(key, { name: combatant.name ?? "" }) }] });
  await postCard({ speaker: ChatMessage.getSpeaker({ actor: combatant.actor, alias: combatant.name ?? undefined }), content, flags: { [SYSTEM_ID]: { type: "d100Action" } } }, audienceForMode(combatant.hidden ? "gm" : "public"));
}

/** The relay action Bypass / Interrupt / End interruption travel as. */
export const INITIATIVE_ACTION = "d100.initiative";

/**
 * A control from this client: checked here (a clear message), then done by the active GM (directly,
 * or through the relay naming the round and turn it was clicked in).
 */
export async function requestInitiativeControl(combat: AnyCombat, combatant: Combatant.Implementation, control: InitiativeControl): Promise<boolean> {
  const user = game.user;
  const refusal = user ? initiativeRefusal(combat, combatant, control, user) : "BREADBOX.Relay.Forbidden";
  if (refusal) {
    ui.notifications?.warn(localize(refusal));
    return false;
  }
  const result = await applyOrRelay(INITIATIVE_ACTION, combat, { combatantId: combatant.id ?? "", control, round: combat.round, turn: combat.turn ?? null });
  return result.ok;
}

/** The turn hooks of ap.ts, passed in by the tracker (no import cycle): a turn received, a turn passed. */
export interface TurnHooks {
  receive(combatant: Combatant.Implementation): Promise<unknown>;
  pass(combatant: Combatant.Implementation): Promise<unknown>;
}

/**
 * GM side of `d100.initiative`: the combat must be a started D10/0 combat at the round and turn the
 * request names; the requester must own the combatant (a GM may also end an interruption); the
 * record as it stands now must allow it. Then: a bypass marks the combatant and moves the turn on;
 * an interruption refills the interrupter's quota (as a turn's start does); its end forfeits what
 * is left (as a turn's end does) and the interrupted turn resumes.
 */
export async function relayInitiativeControl({ requester, target, payload }: RelayContext, hooks: TurnHooks): Promise<RelayResult> {
  if (!(target instanceof BreadboxCombat)) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  const combat = target;
  const control = payload.control;
  if (control !== "bypass" && control !== "interrupt" && control !== "end") return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const combatant = combat.combatants.get(String(payload.combatantId ?? ""));
  if (!combatant) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (payload.round !== combat.round || (payload.turn ?? null) !== (combat.turn ?? null)) return { ok: false, error: "BREADBOX.D100.Combat.Bypass.Stale" };
  return withLocks([lockKey(combat)], async () => {
    const refusal = initiativeRefusal(combat, combatant, control, requester);
    if (refusal) return { ok: false, error: refusal };
    const record = initiativeRecord(combat);
    const id = combatant.id ?? "";
    if (control === "bypass") {
      await writeRecord(combat, { ...record, bypassed: [...record.bypassed, id] });
      await note(combatant, "BREADBOX.D100.Combat.Bypass.Bypasses");
      await combat.nextTurn();
    } else if (control === "interrupt") {
      await writeRecord(combat, { ...record, bypassed: record.bypassed.filter((b) => b !== id), interrupting: id, turn: combat.turn ?? null });
      await note(combatant, "BREADBOX.D100.Combat.Bypass.Interrupts");
      await hooks.receive(combatant);
    } else {
      await endInterruption(combat, hooks);
    }
    return { ok: true };
  });
}

/**
 * End the interruption in progress — its owner's End, or (GM's client, a turn's end) Foundry's turn
 * moving on under it: the interrupter's points left are forfeited and the record cleared. Reads
 * the stored record whatever turn it names.
 */
export async function endInterruption(combat: AnyCombat, hooks: TurnHooks): Promise<void> {
  const flags: unknown = combat.flags;
  const ours = isRecord(flags) ? flags[SYSTEM_ID] : undefined;
  const raw = isRecord(ours) ? ours.d100Initiative : undefined;
  const id = isRecord(raw) && typeof raw.interrupting === "string" ? raw.interrupting : null;
  if (!id) return;
  const interrupter = combat.combatants.get(id);
  await writeRecord(combat, { ...initiativeRecord(combat), interrupting: null, turn: null });
  if (interrupter) {
    await hooks.pass(interrupter);
    await note(interrupter, "BREADBOX.D100.Combat.Bypass.Ends");
  }
}

/** The tracker row's state and controls for this user: a badge (bypassed / interrupting) and the buttons allowed. */
export function initiativeControls(combat: AnyCombat, combatant: Combatant.Implementation, user: User.Implementation): { badge: string | null; controls: InitiativeControl[] } {
  if (!combat.started || !d100CombatRules().strictPeriods) return { badge: null, controls: [] };
  const record = initiativeRecord(combat);
  const id = combatant.id ?? "";
  const badge = record.interrupting === id ? "interrupting" : record.bypassed.includes(id) ? "bypassed" : null;
  const controls = (["bypass", "interrupt", "end"] as const).filter((c) => initiativeRefusal(combat, combatant, c, user) === null);
  return { badge, controls };
}
