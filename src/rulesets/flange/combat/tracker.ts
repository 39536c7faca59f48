/**
 * Flange's combat tracker (seed 004 "Initiative"): lowest acts first; round one rolls 1d10 +
 * Perception + Athleticism, every later round 1d10 + the previous round's total (cumulative);
 * each failed block in the round before adds 1. Initiative is rolled again every round. Ties are
 * simultaneous action (simultaneous.ts). The combatant's state between exchanges lives on its
 * actor under `system.combat` (fields.ts), bound to one combat, and moves through the pure
 * transitions of the rules core (combat-state.ts).
 */
import * as R from "../rules";
import type { CombatRules } from "../../../core/registry";
import { modelOf } from "../../../core/game";
import { FlangeActorModel } from "../data/actor";

/** The combatant state an actor carries for `combatId` (a fresh state for any other combat). */
export function combatantState(actor: Actor.Implementation | null | undefined, combatId: string | null | undefined): R.CombatantState {
  const m = modelOf(actor, FlangeActorModel);
  if (!m || !combatId || m.combat.combatId !== combatId) return R.FRESH_COMBATANT_STATE;
  const c = m.combat;
  const rounds = [c.counterattackEarlier, c.counterattackRound].filter((r) => r > 0);
  const state: R.CombatantState = {
    counterattackRounds: [...new Set(rounds)].sort((a, b) => a - b),
    counterattackUsedRound: c.counterattackUsedRound,
    failedBlockPending: c.failedBlockPending,
    failedBlocksRound: c.failedBlocksRound,
    failedBlocks: c.failedBlocks,
  };
  try {
    R.validateCombatantState(state);
    return state;
  } catch {
    return R.FRESH_COMBATANT_STATE;
  }
}

/** The update that stores a combatant state for `combatId` on the actor. */
export function combatantStateUpdate(combatId: string, s: R.CombatantState) {
  const rounds = [...s.counterattackRounds].sort((a, b) => a - b);
  return {
    system: {
      combat: {
        combatId,
        counterattackRound: rounds.at(-1) ?? 0,
        counterattackEarlier: rounds.length > 1 ? (rounds[0] ?? 0) : 0,
        counterattackUsedRound: s.counterattackUsedRound,
        failedBlockPending: s.failedBlockPending,
        failedBlocksRound: s.failedBlocksRound,
        failedBlocks: s.failedBlocks,
      },
    },
  };
}

/** The started combat an actor takes part in (the viewed one first), or null outside combat. */
type StoredCombat = NonNullable<typeof game.combats>["contents"][number];

export function combatOf(actor: Actor.Implementation | null | undefined): StoredCombat | null {
  if (!actor) return null;
  const takesPart = (c: StoredCombat | null | undefined): boolean => Boolean(c?.started && c.combatants.some((cb) => cb.actor?.uuid === actor.uuid));
  // The active (viewed) encounter first, then any other started one.
  return game.combats?.find((c) => c.active && takesPart(c)) ?? game.combats?.find((c) => takesPart(c)) ?? null;
}

/**
 * The initiative of one combatant for a round as the rules core computes it: the die's offset
 * (everything but the d10). `previous` null (the first round, a combatant who joins late, a roll
 * made by hand) starts from Perception + Athleticism.
 */
export function initiativeOffset(actor: Actor.Implementation | null | undefined, combatId: string | null | undefined, round: number, previous: number | null): number {
  const m = modelOf(actor, FlangeActorModel);
  if (!m) return 0;
  const failedBlocks = R.initiativeFailedBlocks(combatantState(actor, combatId), Math.max(1, Math.min(R.COMBAT_ROUND_MAX, round)));
  const input: R.InitiativeInput = {
    perception: m.attributes.perception,
    athleticism: m.attributes.athleticism,
    previous: previous === null ? null : Math.max(0, Math.min(R.INITIATIVE_TOTAL_MAX, previous)),
    failedBlocks,
  };
  // The lowest total is the die's 1: the offset is one less.
  return Math.min(...R.initiativeDistribution(input).keys()) - 1;
}

export const flangeCombat: CombatRules = {
  initiativeFormula: () => "1d10 + @perception + @athleticism",
  combatantInitiativeFormula: (combatant, { round, previous }) => `1d10 + ${initiativeOffset(combatant.actor, combatant.combat?.id, round, previous)}`,
  // The book rolls initiative again after everyone has attacked, every round.
  rerollEachRound: () => true,
  lowestFirst: true,
};

/** Status effects that show what a combatant carries (token icons). */
import { COUNTERATTACK_STATUS, FAILED_BLOCK_STATUS } from "./base";
export { COUNTERATTACK_STATUS, FAILED_BLOCK_STATUS };

/**
 * Show a combatant's carried state as status effects for `round`: a counterattack declared this
 * round or whose bonus is due now, and a failed block waiting for the next attack. Run on the
 * active GM's client (after an exchange, at a new round, when a combat ends: `round` 0 clears).
 */
export async function syncCombatStatuses(actor: Actor.Implementation | null | undefined, combatId: string, round: number): Promise<void> {
  if (!actor || !modelOf(actor, FlangeActorModel) || !actor.isOwner) return;
  const s = round > 0 ? combatantState(actor, combatId) : R.FRESH_COMBATANT_STATE;
  const r = Math.max(1, Math.min(R.COMBAT_ROUND_MAX, round));
  const wanted: [string, boolean][] = [
    [COUNTERATTACK_STATUS, round > 0 && (s.counterattackRounds.includes(r) || R.attackCarry(s, r).counterattackBonus)],
    [FAILED_BLOCK_STATUS, round > 0 && s.failedBlockPending],
  ];
  for (const [id, want] of wanted) if (actor.statuses.has(id) !== want) await actor.toggleStatusEffect(id, { active: want });
}

/** Carry an exchange into the combatants' next attacks and initiative (the attacker's combat, this round; nothing outside a combat). */
export async function carryExchange(attacker: Actor.Implementation, defender: Actor.Implementation, { combatId, round }: { combatId: string; round: number }, effects: R.ExchangeEffects): Promise<void> {
  if (round <= 0) return;
  await attacker.update(combatantStateUpdate(combatId, R.afterAttack(combatantState(attacker, combatId), round)));
  if (combatOf(defender)?.id === combatId) {
    await defender.update(combatantStateUpdate(combatId, R.afterDefence(combatantState(defender, combatId), round, effects)));
    await syncCombatStatuses(defender, combatId, round);
  }
  await syncCombatStatuses(attacker, combatId, round);
}

/** An Edge re-roll changed whether the defender failed its block (issue 19.2): count it, or take it back. */
export async function reviseFailedBlockCarry(defender: Actor.Implementation, { combatId, round }: { combatId: string; round: number }, failed: boolean): Promise<void> {
  if (round <= 0 || combatOf(defender)?.id !== combatId) return;
  await defender.update(combatantStateUpdate(combatId, R.reviseFailedBlock(combatantState(defender, combatId), round, failed)));
  await syncCombatStatuses(defender, combatId, round);
}
