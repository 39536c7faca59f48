/**
 * Fields the combat part keeps on the flange actor, spread into its schema under `combat`: what a
 * combatant carries from one exchange to the next within one combat (rules core
 * `combat-state.ts`). The state counts only in the combat whose id it names; any other combat
 * starts fresh. Written only by the active GM's client (the attack resolution).
 */
import { COMBAT_ROUND_MAX, FAILED_BLOCKS_MAX } from "../init-rules";

export function flangeCombatFields() {
  const fields = foundry.data.fields;
  const round = () => new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: COMBAT_ROUND_MAX, initial: 0 });
  return {
    /** The combat this state belongs to ("" none). */
    combatId: new fields.StringField({ required: true, blank: true, initial: "" }),
    /** The latest round in which the combatant declared a counterattack (0 none) and the one before. */
    counterattackRound: round(),
    counterattackEarlier: round(),
    /** The round whose attack used a counterattack bonus (0 none). */
    counterattackUsedRound: round(),
    /** A failed block waits to add +1 to the next attack's target number. */
    failedBlockPending: new fields.BooleanField({ initial: false }),
    /** The round of the failed blocks counted in `failedBlocks` (0 none). */
    failedBlocksRound: round(),
    failedBlocks: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: FAILED_BLOCKS_MAX, initial: 0 }),
  };
}
