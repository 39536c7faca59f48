/**
 * The simultaneous-action card as the GM's client wrote it (simultaneous.ts): its flags read back,
 * and the attacks its reveal calls for. Only a GM-written card counts (the ledger's writer).
 */
import * as R from "../rules";
import { cardFlags, writtenByGMOrOwner } from "../../../core/chat/trust";

export interface SimultaneousMember {
  combatantId: string;
  actorUuid: string;
  name: string;
}

export interface SimultaneousFlags {
  type: "flangeSimultaneous";
  combatId: string;
  round: number;
  total: number;
  members: SimultaneousMember[];
  /** Who has chosen (no hands). */
  chosen: string[];
  /** After the reveal: every hand, and the attacks they call for. */
  revealed: { combatantId: string; hand: R.SimultaneousHand; target: string | null; blockWith: R.BlockWith }[] | null;
  attacks: PlannedAttack[];
}

/** A planned attack of a reveal: who attacks whom, and the defence the hands fixed. */
export interface PlannedAttack {
  attacker: string;
  defender: string;
  attackerUuid: string;
  defenderUuid: string;
  defence: R.SimultaneousDefence;
  blockWith: R.BlockWith | null;
}

/* ---------- reading cards ---------- */

export function simFlags(message: ChatMessage.Implementation): SimultaneousFlags | null {
  const f = cardFlags(message);
  if (f.type !== "flangeSimultaneous" || !Array.isArray(f.members) || typeof f.combatId !== "string") return null;
  const members: SimultaneousMember[] = [];
  for (const m of f.members) {
    if (!m || typeof m !== "object") return null;
    const combatantId: unknown = Reflect.get(m, "combatantId");
    const actorUuid: unknown = Reflect.get(m, "actorUuid");
    const name: unknown = Reflect.get(m, "name");
    if (typeof combatantId !== "string" || typeof actorUuid !== "string") return null;
    members.push({ combatantId, actorUuid, name: typeof name === "string" ? name : "" });
  }
  const chosen = Array.isArray(f.chosen) ? f.chosen.filter((c): c is string => typeof c === "string") : [];
  return {
    type: "flangeSimultaneous",
    combatId: f.combatId,
    round: Number(f.round) || 0,
    total: Number(f.total) || 0,
    members,
    chosen,
    revealed: Array.isArray(f.revealed) ? f.revealed.flatMap(parseRevealed) : null,
    attacks: Array.isArray(f.attacks) ? f.attacks.flatMap(parseAttack) : [],
  };
}

export const HAND_KEYS: readonly R.SimultaneousHand[] = ["scissors", "paper", "stone"];

function parseRevealed(raw: unknown): NonNullable<SimultaneousFlags["revealed"]> {
  if (!raw || typeof raw !== "object") return [];
  const combatantId: unknown = Reflect.get(raw, "combatantId");
  const hand = HAND_KEYS.find((h) => h === Reflect.get(raw, "hand"));
  const target: unknown = Reflect.get(raw, "target");
  if (typeof combatantId !== "string" || !hand) return [];
  return [{ combatantId, hand, target: typeof target === "string" ? target : null, blockWith: Reflect.get(raw, "blockWith") === "object" ? "object" : "body" }];
}

function parseAttack(raw: unknown): PlannedAttack[] {
  if (!raw || typeof raw !== "object") return [];
  const get = (k: string): unknown => Reflect.get(raw, k);
  const defence = get("defence");
  if (defence !== "none" && defence !== "dodge" && defence !== "block") return [];
  const [attacker, defender, attackerUuid, defenderUuid] = ["attacker", "defender", "attackerUuid", "defenderUuid"].map((k) => get(k));
  if (typeof attacker !== "string" || typeof defender !== "string" || typeof attackerUuid !== "string" || typeof defenderUuid !== "string") return [];
  const blockWith = get("blockWith") === "object" ? "object" : get("blockWith") === "body" ? "body" : null;
  return [{ attacker, defender, attackerUuid, defenderUuid, defence, blockWith }];
}

/** A simultaneous card written by the GM (the ledger says so), with its flags. */
export function genuineCard(messageId: unknown): { message: ChatMessage.Implementation; flags: SimultaneousFlags } | null {
  const message = typeof messageId === "string" && messageId ? game.messages?.get(messageId) : undefined;
  const flags = message ? simFlags(message) : null;
  if (!message || !flags || !writtenByGMOrOwner(message, null)) return null;
  return { message, flags };
}

/** The plan a genuine (GM-written) reveal card holds for attack `index`, or null. */
export function plannedAttack(messageId: string, index: number): PlannedAttack | null {
  return genuineCard(messageId)?.flags.attacks[index] ?? null;
}

/** The ledger mark on a reveal card of the planned attack of a combatant, once it was rolled (its value: the declaration). */
export function plannedAttackMark(attackerCombatantId: string): string {
  return `used:${attackerCombatantId}`;
}
