/**
 * Seed 002's notation for the die types ("d8", "d10-1", "d12-2", "d6+1", "d4+2"): written and
 * read by roll formulas and chat, never by data preparation, so outside the init rules
 * (docs/architecture.md "Load what the world needs").
 */
import { DIE_KEYS, DIE_TYPES, type DieKey } from "./dice";
import { requireKey } from "./validate";

/** How the seed writes each die type: "d8", "d10-1", "d12-2", "d6+1", "d4+2". */
export const DIE_NOTATION: Readonly<Record<DieKey, string>> = {
  d8: "d8",
  d10Minus1: "d10-1",
  d12Minus2: "d12-2",
  d6Plus1: "d6+1",
  d4Plus2: "d4+2",
};

/** The seed's notation for a die type (e.g. "d10-1"). */
export function dieNotation(key: DieKey): string {
  return DIE_NOTATION[requireKey("die", key, DIE_KEYS)];
}

/**
 * Read a die type written as the seed writes it: "d8", "d10-1", "(d12-2)", "D6 + 1", "d4+2"
 * (a typographic minus "−" is accepted). Anything else throws a RangeError saying what is wrong:
 * not die notation at all, or a die the rules do not offer (e.g. "d10-2", "d20").
 */
export function parseDieNotation(text: string): DieKey {
  if (typeof text !== "string") throw new TypeError(`Die notation must be a string, not ${typeof text}`);
  const compact = text.replace(/\s+/g, "").replace(/\u2212/g, "-").toLowerCase();
  const inner = /^\((.*)\)$/.exec(compact)?.[1] ?? compact;
  const m = /^d(\d+)(?:([+-])(\d+))?$/.exec(inner);
  if (m === null) throw new RangeError(`"${text}" is not die notation: expected d8, d10-1, d12-2, d6+1 or d4+2`);
  const faces = Number(m[1]);
  const offset = m[2] === undefined ? 0 : (m[2] === "-" ? -1 : 1) * Number(m[3]);
  const found = DIE_KEYS.find((k) => DIE_TYPES[k].faces === faces && DIE_TYPES[k].offset === offset);
  if (found === undefined) throw new RangeError(`"${text}" is not a die the Dice Pool offers: use d8, d10-1, d12-2, d6+1 or d4+2`);
  return found;
}
