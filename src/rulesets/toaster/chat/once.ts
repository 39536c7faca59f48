/**
 * "Once per roll" for the 4-point luck re-roll. The ledger's marks are kept per chat message, so a
 * mark on the card alone would let a copy of the card (a new message carrying the same roll) be
 * re-rolled again. A roll is recognised by a fingerprint: a stable digest of its roller, formula,
 * faces and the random id it got when it was evaluated (`rollId`, dice/check-roll.ts). A copy has
 * the same fingerprint; two honest rolls that happen to show the same faces do not (their ids
 * differ). A roll from before the id existed has no fingerprint and is once per card only.
 */
import type { ToasterCheckRoll } from "../dice/check-roll";

/** 53-bit string hash (cyrb53), as 14 hex digits: stable across clients and versions. */
export function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const n = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return n.toString(16).padStart(14, "0");
}

/** The roll's fingerprint (`reroll:<digest>`), or null when the roll carries no id. */
export function rollFingerprint(roll: ToasterCheckRoll): string | null {
  const check = roll.check;
  const rollId = check.rollId;
  if (typeof rollId !== "string" || !rollId) return null;
  const result = check.result;
  const stable = JSON.stringify([check.actorUuid ?? "", roll.formula, roll.starFaces, result?.faces.die ?? [], result?.faces.fumble ?? [], check.fumbleFaces ?? [], rollId]);
  return `reroll:${digest(stable)}`;
}
