/**
 * D10/0 combat's optional rules and table decisions as world settings, with the defaults we ship
 * (docs/rules/d100.md, "Foundry side: combat", explains each default).
 */
import { registerSetting, type SettingSpec } from "../../../core/game";
import { settingBool, settingChoice, settingInt } from "../../../core/setting-values";
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

/** The world's current combat rules (each value checked; the shipped default when unreadable). */
export function d100CombatRules(): D100CombatRules {
  const d = DEFAULT_D100_COMBAT_RULES;
  return {
    strictPeriods: settingBool(`${P}strictPeriods`, d.strictPeriods),
    tieMode: settingChoice(`${P}tieMode`, TIE_MODES, d.tieMode),
    defence: settingChoice(`${P}defence`, DEFENCE_MODES, d.defence),
    defenceAp: settingInt(`${P}defenceAp`, 0, Number.MAX_SAFE_INTEGER, d.defenceAp),
    damageOverflow: settingChoice(`${P}damageOverflow`, OVERFLOW_WHEN, d.damageOverflow),
    overflowDegree: settingInt(`${P}overflowDegree`, 1, Number.MAX_SAFE_INTEGER, d.overflowDegree),
    fireBlocks: settingBool(`${P}fireBlocks`, d.fireBlocks),
    fireEachShot: settingBool(`${P}fireEachShot`, d.fireEachShot),
  };
}

/** Whether an attack's damage dice overflow (seed: "Note About Zeros"): on a high degree, on a critical area, or both. */
export function damageOverflows(rules: D100CombatRules, degree: number, criticalArea: boolean): boolean {
  const byDegree = (rules.damageOverflow === "highDegree" || rules.damageOverflow === "both") && degree >= rules.overflowDegree;
  const byArea = (rules.damageOverflow === "criticalArea" || rules.damageOverflow === "both") && criticalArea;
  return byDegree || byArea;
}
