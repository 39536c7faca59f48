/**
 * Toaster's check kinds as the rules-core contract's CheckCore values (src/dice/contract.ts):
 * every kind a roll dialog shows rolls from a RandomSource, resolves from faces, and answers its
 * exact odds in the shared Odds shape.
 */
import type { CheckCore } from "../../../dice/contract";
import type { AttackFaces, AttackInput, AttackOutcome } from "./attack";
import { resolveAttack, rollAttack } from "./attack";
import { attackOdds } from "./attack-odds";
import type { CheckFaces, CheckInput, CheckResult } from "./check";
import type { ContestResult, OpposedResult, PairFaces, PairInput } from "./opposed";
import { rollCheck } from "./check";
import { resolveCheck } from "./check-faces";
import { resolveContest, resolveOpposed, rollContest, rollOpposed } from "./opposed";
import type { CollaborationFaces, CollaborationInput, CollaborationResult } from "./collaborate";
import { resolveCollaboration, rollCollaboration } from "./collaborate";
import type { HealingInput, HealingResult, MortalityInput, MortalityResult } from "./recovery";
import { resolveHealing, resolveMortality, rollHealing, rollMortality } from "./recovery";
import { checkOdds, collaborationOdds, contestOdds, healingOdds, mortalityOdds, opposedOdds } from "./odds";

/** A skill, attribute, luck or defence roll against a target (10 unless given). */
export const toasterCheck: CheckCore<CheckInput, CheckFaces, CheckResult> = { roll: rollCheck, resolve: resolveCheck, odds: checkOdds };
/** An opposed roll, from side a's point of view. */
export const toasterOpposed: CheckCore<PairInput, PairFaces, OpposedResult> = { roll: rollOpposed, resolve: resolveOpposed, odds: opposedOdds };
/** Two characters side by side against their own targets, from side a's point of view. */
export const toasterContest: CheckCore<PairInput, PairFaces, ContestResult> = { roll: rollContest, resolve: resolveContest, odds: contestOdds };
/** Working collaboratively: the best (or worst) die on the lead's rank. */
export const toasterCollaboration: CheckCore<CollaborationInput, CollaborationFaces, CollaborationResult> = { roll: rollCollaboration, resolve: resolveCollaboration, odds: collaborationOdds };
/** The mortality check of a mortally wounded character. */
export const toasterMortality: CheckCore<MortalityInput, CheckFaces, MortalityResult> = { roll: rollMortality, resolve: resolveMortality, odds: mortalityOdds };
/** The weekly healing roll. */
export const toasterHealing: CheckCore<HealingInput, CheckFaces, HealingResult> = { roll: rollHealing, resolve: resolveHealing, odds: healingOdds };
/** The five-step attack sequence. */
export const toasterAttack: CheckCore<AttackInput, AttackFaces, AttackOutcome> = { roll: rollAttack, resolve: resolveAttack, odds: attackOdds };
