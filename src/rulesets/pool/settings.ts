/**
 * The Dice Pool's optional rules as world settings, with the defaults we ship
 * (docs/rules/pool.md, "Foundry side: settings").
 */
import { getSetting, registerSetting, type SettingSpec } from "../../core/game";

export interface PoolRules {
  /** "Picking the Dice": a roller may substitute d10−1, d12−2, d6+1 or d4+2 for the d8. */
  dieSubstitution: boolean;
  /** "NPC actions": a new non-player character resolves its checks as a dice phobe by default. */
  npcDicePhobe: boolean;
  /** "Complex Actions": count each roll as degree + 1 ("levels") or as its plain degree ("degrees"). */
  complexCounting: string;
}

const P = "pool.";

export const POOL_SETTINGS: SettingSpec[] = [
  { key: `${P}dieSubstitution`, type: Boolean, default: true },
  { key: `${P}npcDicePhobe`, type: Boolean, default: true },
  { key: `${P}complexCounting`, type: String, default: "levels", choices: {
    levels: "BREADBOX.Pool.Complex.Counting.levels",
    degrees: "BREADBOX.Pool.Complex.Counting.degrees",
  } },
];

export const DEFAULT_POOL_RULES: PoolRules = { dieSubstitution: true, npcDicePhobe: true, complexCounting: "levels" };

export function registerPoolSettings(): void {
  for (const spec of POOL_SETTINGS) registerSetting(spec);
}

function readBoolean(key: "pool.dieSubstitution" | "pool.npcDicePhobe", fallback: boolean): boolean {
  try {
    const value: unknown = getSetting(key);
    return typeof value === "boolean" ? value : fallback;
  } catch {
    // Settings not registered (pack validation, pure tests): the shipped default.
    return fallback;
  }
}

/** How complex actions count their rolls (the setting, checked; "levels" when unreadable). */
export function complexCounting(): "levels" | "degrees" {
  let value: unknown = DEFAULT_POOL_RULES.complexCounting;
  try {
    value = getSetting(`${P}complexCounting`);
  } catch {
    // Settings not registered: the shipped default.
  }
  return value === "degrees" ? "degrees" : "levels";
}

/** The world's current optional rules. */
export function poolRules(): PoolRules {
  return {
    dieSubstitution: readBoolean(`${P}dieSubstitution`, DEFAULT_POOL_RULES.dieSubstitution),
    npcDicePhobe: readBoolean(`${P}npcDicePhobe`, DEFAULT_POOL_RULES.npcDicePhobe),
    complexCounting: complexCounting(),
  };
}
