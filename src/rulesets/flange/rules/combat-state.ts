/**
 * What one combatant carries from one attack to the next within a combat (seed 004 "Attack roll",
 * "Damage roll", "Initiative"), as pure state transitions the Foundry tracker stores:
 *
 * - **Counterattack.** "If the attacker declared that they would Counterattack in the previous
 *   round of combat, then they gain an extra dice, and may reduce their target number by 1." The
 *   bonus belongs to the declarer's attack in the round *after* the declaration (not to a later
 *   attack in the same round), once: the first attack the declarer makes in that round.
 * - **Failed block.** "Their initiative in the next round is increased by 1, and their target
 *   number for their next attack is increased by 1. The initiative penalty stacks." Each failed
 *   block in round r adds 1 to the initiative rolled for round r + 1; the +1 target sits on the
 *   next attack, whatever round it comes in, and does not stack (core decision).
 * - **Simultaneous action** among three or more: every combatant in the tied group shows a hand;
 *   an attacker names a target in the group; each attack is met as its target's hand says.
 */
import { COMBAT_ROUND_MAX, FAILED_BLOCKS_MAX, SIMULTANEOUS_HANDS, type BlockWith, type SimultaneousDefence, type SimultaneousHand } from "./combat-model";
import type { ExchangeEffects } from "./combat";
import { assertInt } from "./character";

export interface CombatantState {
  /** Rounds in which the combatant declared a counterattack (the latest two, ascending). */
  readonly counterattackRounds: readonly number[];
  /** The round whose attack already used a counterattack bonus (0: none). */
  readonly counterattackUsedRound: number;
  /** A failed block waits to add +1 to the target of the next attack. */
  readonly failedBlockPending: boolean;
  /** The round of the failed blocks counted in `failedBlocks` (0: none). */
  readonly failedBlocksRound: number;
  /** Failed blocks in `failedBlocksRound`; each adds 1 to the next round's initiative. */
  readonly failedBlocks: number;
}

export const FRESH_COMBATANT_STATE: CombatantState = Object.freeze({
  counterattackRounds: [],
  counterattackUsedRound: 0,
  failedBlockPending: false,
  failedBlocksRound: 0,
  failedBlocks: 0,
});

function checkRound(round: number, what = "Round"): void {
  assertInt(round, what, 1, COMBAT_ROUND_MAX);
}

export function validateCombatantState(s: CombatantState): void {
  if (typeof s !== "object" || s === null) throw new RangeError("A combatant's state must be an object");
  if (!Array.isArray(s.counterattackRounds) || s.counterattackRounds.length > 2) throw new RangeError("Counterattack rounds must be a list of at most two rounds");
  for (const r of s.counterattackRounds) checkRound(r, "Counterattack round");
  assertInt(s.counterattackUsedRound, "Counterattack used round", 0, COMBAT_ROUND_MAX);
  if (typeof s.failedBlockPending !== "boolean") throw new RangeError("Failed block pending must be true or false");
  assertInt(s.failedBlocksRound, "Failed blocks round", 0, COMBAT_ROUND_MAX);
  assertInt(s.failedBlocks, "Failed blocks", 0, FAILED_BLOCKS_MAX);
}

/** What the combatant's attack in `round` gains and suffers from earlier exchanges. */
export interface AttackCarry {
  /** A counterattack declared in the previous round: +1 die, −1 target. */
  readonly counterattackBonus: boolean;
  /** A failed block since the last attack: +1 target. */
  readonly failedBlockPenalty: boolean;
}

/** The bonuses and penalties an attack made in `round` carries (AttackInput fields). */
export function attackCarry(s: CombatantState, round: number): AttackCarry {
  validateCombatantState(s);
  checkRound(round);
  const declaredLastRound = s.counterattackRounds.includes(round - 1);
  return { counterattackBonus: declaredLastRound && s.counterattackUsedRound !== round, failedBlockPenalty: s.failedBlockPending };
}

/** The state after the combatant attacks in `round`: the bonus of that round is used, the failed-block penalty paid. */
export function afterAttack(s: CombatantState, round: number): CombatantState {
  const carry = attackCarry(s, round);
  return { ...s, counterattackUsedRound: carry.counterattackBonus ? round : s.counterattackUsedRound, failedBlockPending: false };
}

/** The state after the combatant defended in `round` (the exchange's effects on its defender). */
export function afterDefence(s: CombatantState, round: number, effects: ExchangeEffects): CombatantState {
  validateCombatantState(s);
  checkRound(round);
  let next: CombatantState = s;
  if (effects.defenderCounterattackBonus && !s.counterattackRounds.includes(round)) {
    next = { ...next, counterattackRounds: [...s.counterattackRounds, round].sort((a, b) => a - b).slice(-2) };
  }
  if (effects.defenderFailedBlock) {
    const sameRound = s.failedBlocksRound === round;
    next = { ...next, failedBlockPending: true, failedBlocksRound: round, failedBlocks: Math.min(FAILED_BLOCKS_MAX, (sameRound ? s.failedBlocks : 0) + 1) };
  }
  return next;
}

/**
 * The defender's state when an Edge re-roll changes whether it failed a block in `round` (issue
 * 19.2): `failed` true counts one more failed block (as `afterDefence`), false takes one back (the
 * +1 on the next attack stays only while another failed block of that round is counted).
 */
export function reviseFailedBlock(s: CombatantState, round: number, failed: boolean): CombatantState {
  if (failed) return afterDefence(s, round, { defenderFailedBlock: true, defenderCounterattackBonus: false });
  validateCombatantState(s);
  checkRound(round);
  if (s.failedBlocksRound !== round || s.failedBlocks === 0) return s;
  const left = s.failedBlocks - 1;
  return { ...s, failedBlocks: left, failedBlocksRound: left > 0 ? round : 0, failedBlockPending: s.failedBlockPending && left > 0 };
}

/** Failed blocks that add to the initiative rolled for `round` (those of the round before). */
export function initiativeFailedBlocks(s: CombatantState, round: number): number {
  validateCombatantState(s);
  checkRound(round);
  return s.failedBlocksRound === round - 1 ? s.failedBlocks : 0;
}

/* ---------- simultaneous action among any number of combatants ---------- */

/** One combatant's revealed hand; an attacker names its target (another member of the group). */
export interface SimultaneousEntry {
  readonly id: string;
  readonly hand: SimultaneousHand;
  /** Whom a scissors (attack) goes for; ignored for paper and stone. */
  readonly target?: string | null;
  /** What a stone (block) is made with. */
  readonly blockWith?: BlockWith;
}

/** One attack the reveal calls for, and how its target meets it. */
export interface SimultaneousAttack {
  readonly attacker: string;
  readonly defender: string;
  readonly defence: SimultaneousDefence;
  /** For a block: what it is made with. */
  readonly blockWith: BlockWith | null;
}

const HANDS: ReadonlySet<string> = new Set(Object.keys(SIMULTANEOUS_HANDS));

/**
 * The attacks a revealed group makes (decision, docs/rules/flange.md "Foundry side: combat"): every
 * scissors is an attack on its named target, met as that target's own hand says — undefended when
 * the target also attacks (whoever it attacks), a dodge for paper, a block for stone. With two
 * combatants this is `simultaneousAction`. Paper and stone make no attack. The attacks happen
 * together: each is rolled even if an earlier one takes its attacker out.
 */
export function simultaneousAttacks(group: readonly SimultaneousEntry[]): SimultaneousAttack[] {
  // (Array.isArray would narrow a readonly list to any[].)
  const entries: readonly SimultaneousEntry[] = group;
  if (!Array.isArray(group) || entries.length < 2) throw new RangeError("Simultaneous action needs at least two combatants");
  if (entries.length > 100) throw new RangeError("Simultaneous action takes at most 100 combatants");
  const byId = new Map<string, SimultaneousEntry>();
  for (const e of entries) {
    if (typeof e !== "object" || e === null || typeof e.id !== "string" || e.id === "") throw new RangeError("Every combatant in simultaneous action needs an id");
    if (typeof e.hand !== "string" || !HANDS.has(e.hand)) throw new RangeError(`Unknown hand "${String(e.hand)}": scissors, paper or stone`);
    if (byId.has(e.id)) throw new RangeError(`Combatant ${e.id} shows two hands`);
    byId.set(e.id, e);
  }
  const attacks: SimultaneousAttack[] = [];
  for (const e of entries) {
    if (SIMULTANEOUS_HANDS[e.hand] !== "attack") continue;
    // With two combatants the target is the other one; with more it must be named.
    const target = e.target ?? (entries.length === 2 ? entries.find((o) => o.id !== e.id)?.id : undefined);
    if (typeof target !== "string" || target === e.id || !byId.has(target)) throw new RangeError(`The attack of ${e.id} needs a target among the others in the group`);
    const t = byId.get(target)!;
    const choice = SIMULTANEOUS_HANDS[t.hand];
    const defence: SimultaneousDefence = choice === "attack" ? "none" : choice;
    const blockWith = defence === "block" ? (t.blockWith === "object" ? "object" : "body") : null;
    attacks.push({ attacker: e.id, defender: target, defence, blockWith });
  }
  return attacks;
}
