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
}

const P = "pool.";

export const POOL_SETTINGS: SettingSpec[] = [
  { key: `${P}dieSubstitution`, type: Boolean, default: true },
  { key: `${P}npcDicePhobe`, type: Boolean, default: true },
];

export const DEFAULT_POOL_RULES: PoolRules = { dieSubstitution: true, npcDicePhobe: true };

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

/** The world's current optional rules. */
export function poolRules(): PoolRules {
  return {
    dieSubstitution: readBoolean(`${P}dieSubstitution`, DEFAULT_POOL_RULES.dieSubstitution),
    npcDicePhobe: readBoolean(`${P}npcDicePhobe`, DEFAULT_POOL_RULES.npcDicePhobe),
  };
}
