/**
 * D10/0 combat's optional rules and table decisions as world settings, with the defaults we ship
 * (docs/rules/d100.md, "Foundry side: combat", explains each default).
 */
import { getSetting, registerSetting, type SettingSpec } from "../../../core/game";
import { TIE_MODES, type TieMode } from "../rules";

export const DEFENCE_MODES = ["conflict", "none"] as const;
export type DefenceMode = (typeof DEFENCE_MODES)[number];
export const OVERFLOW_WHEN = ["never", "highDegree", "criticalArea", "both"] as const;
export type OverflowWhen = (typeof OVERFLOW_WHEN)[number];

export interface D100CombatRules {
  /** Strict periods: in a started combat every action costs its AP (seed: "Action Timing"). */
  strictPeriods: boolean;
  /** How tied Action Quotas are ordered (seed: "Strict Period Structure"). */
  tieMode: TieMode;
  /** The defence against an attack: the target's conflicting effort, or none (the book has none). */
  defence: DefenceMode;
  /** AP a defence costs: a reaction, paid from reserved points while the initiative is elsewhere. */
  defenceAp: number;
  /** When damage dice overflow (seed: "Note About Zeros"). */
  damageOverflow: OverflowWhen;
  /** The attack's Degree of Success from which damage overflows ("highDegree"). */
  overflowDegree: number;
  /** Advanced simulations: fire blocks (burst, blast, streaming) — the book's optional rule. */
  fireBlocks: boolean;
  /** Fire blocks: roll every hit's damage (false: the book's shortcut, one shot × the amount). */
  fireEachShot: boolean;
}

const P = "d100.";

export const D100_COMBAT_SETTINGS: SettingSpec[] = [
  { key: `${P}strictPeriods`, type: Boolean, default: true },
  { key: `${P}tieMode`, type: String, default: "check", choices: Object.fromEntries(TIE_MODES.map((m) => [m, `BREADBOX.D100.Combat.TieMode.${m}`])) },
  { key: `${P}defence`, type: String, default: "conflict", choices: Object.fromEntries(DEFENCE_MODES.map((m) => [m, `BREADBOX.D100.Combat.DefenceMode.${m}`])) },
  { key: `${P}defenceAp`, type: Number, default: 1, range: { min: 0, max: 10, step: 1 } },
  { key: `${P}damageOverflow`, type: String, default: "both", choices: Object.fromEntries(OVERFLOW_WHEN.map((m) => [m, `BREADBOX.D100.Combat.OverflowWhen.${m}`])) },
  { key: `${P}overflowDegree`, type: Number, default: 21, range: { min: 1, max: 100, step: 1 } },
  { key: `${P}fireBlocks`, type: Boolean, default: true },
  { key: `${P}fireEachShot`, type: Boolean, default: true },
];

export const DEFAULT_D100_COMBAT_RULES: D100CombatRules = {
  strictPeriods: true,
  tieMode: "check",
  defence: "conflict",
  defenceAp: 1,
  damageOverflow: "both",
  overflowDegree: 21,
  fireBlocks: true,
  fireEachShot: true,
};

export function registerD100CombatSettings(): void {
  for (const spec of D100_COMBAT_SETTINGS) registerSetting(spec);
}

function read<K extends keyof D100CombatRules>(key: K): unknown {
  try {
    const full: `d100.${K}` = `d100.${key}`;
    return getSetting(full);
  } catch {
    // Settings not registered (pure tests, pack validation): the shipped default.
    return undefined;
  }
}

function oneOf<T extends string>(value: unknown, list: readonly T[], fallback: T): T {
  return list.find((v) => v === value) ?? fallback;
}

/** The world's current combat rules (each value checked; the shipped default when unreadable). */
export function d100CombatRules(): D100CombatRules {
  const d = DEFAULT_D100_COMBAT_RULES;
  const bool = (k: keyof D100CombatRules, fallback: boolean) => {
    const v = read(k);
    return typeof v === "boolean" ? v : fallback;
  };
  const degree = read("overflowDegree");
  const defenceAp = read("defenceAp");
  return {
    strictPeriods: bool("strictPeriods", d.strictPeriods),
    tieMode: oneOf(read("tieMode"), TIE_MODES, d.tieMode),
    defence: oneOf(read("defence"), DEFENCE_MODES, d.defence),
    defenceAp: typeof defenceAp === "number" && Number.isSafeInteger(defenceAp) && defenceAp >= 0 ? defenceAp : d.defenceAp,
    damageOverflow: oneOf(read("damageOverflow"), OVERFLOW_WHEN, d.damageOverflow),
    overflowDegree: typeof degree === "number" && Number.isSafeInteger(degree) && degree >= 1 ? degree : d.overflowDegree,
    fireBlocks: bool("fireBlocks", d.fireBlocks),
    fireEachShot: bool("fireEachShot", d.fireEachShot),
  };
}
