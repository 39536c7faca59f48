/**
 * What makes a Toaster check roll that roll, for the 4-point luck re-roll's "once per roll"
 * (claimed through core's world-wide keys, src/core/chat/once.ts): its roller, formula, faces and
 * the random id it got when it was evaluated (`rollId`, dice/check-roll.ts). A copy of a card has
 * the same fingerprint; two honest rolls that happen to show the same faces do not. A roll from
 * before the id existed has no fingerprint and is once per card only.
 */
import { rollFingerprint as fingerprintOf } from "../../../core/chat/once";
import type { ToasterCheckRoll } from "../dice/check-roll";

/** The once-per-roll scope of the luck re-roll. */
export const REROLL_SCOPE = "toaster.reroll";

/** The roll's fingerprint (core's once-per-roll, src/core/chat/once.ts), or null when the roll carries no id. */
export function rollFingerprint(roll: ToasterCheckRoll): string | null {
  const check = roll.check;
  const rollId = check.rollId;
  if (typeof rollId !== "string" || !rollId) return null;
  const result = check.result;
  return fingerprintOf([check.actorUuid ?? "", roll.formula, roll.starFaces, result?.faces.die ?? [], result?.faces.fumble ?? [], check.fumbleFaces ?? [], rollId]);
}
