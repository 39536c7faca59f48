/**
 * D10/0 combat's optional rules and table decisions as world settings, with the defaults we ship
 * (docs/rules/d100.md, "Foundry side: combat", explains each default).
 */
import { boolSetting, choiceSetting, defineSettings, intSetting, type SettingValues } from "../../../core/setting-values";
import { TIE_MODES } from "../init-rules";

export const DEFENCE_MODES = ["conflict", "none"] as const;
export type DefenceMode = (typeof DEFENCE_MODES)[number];
export const OVERFLOW_WHEN = ["never", "highDegree", "criticalArea", "both"] as const;
export type OverflowWhen = (typeof OVERFLOW_WHEN)[number];

const D100_COMBAT_RULES = {
  /** Strict periods: in a started combat every action costs its AP (seed: "Action Timing"). */
  strictPeriods: boolSetting(true),
  /** How tied Action Quotas are ordered (seed: "Strict Period Structure"). */
  tieMode: choiceSetting(TIE_MODES, "check", "BREADBOX.D100.Combat.TieMode."),
  /** The defence against an attack: the target's conflicting effort, or none (the book has none). */
  defence: choiceSetting(DEFENCE_MODES, "conflict", "BREADBOX.D100.Combat.DefenceMode."),
  /** AP a defence costs: a reaction, paid from reserved points while the initiative is elsewhere (any stored count is read). */
  defenceAp: intSetting(1, 0, 10, Number.MAX_SAFE_INTEGER),
  /** When damage dice overflow (seed: "Note About Zeros"). */
  damageOverflow: choiceSetting(OVERFLOW_WHEN, "both", "BREADBOX.D100.Combat.OverflowWhen."),
  /** The attack's Degree of Success from which damage overflows ("highDegree"; any stored degree is read). */
  overflowDegree: intSetting(21, 1, 100, Number.MAX_SAFE_INTEGER),
  /** Advanced simulations: fire blocks (burst, blast, streaming) — the book's optional rule. */
  fireBlocks: boolSetting(true),
  /** Fire blocks: roll every hit's damage (false: the book's shortcut, one shot × the amount). */
  fireEachShot: boolSetting(true),
};

export type D100CombatRules = SettingValues<typeof D100_COMBAT_RULES>;

export const D100_COMBAT_SETTINGS = defineSettings("d100.", D100_COMBAT_RULES);

/** The world's current combat rules (each value checked; the shipped default when unreadable). */
export const d100CombatRules: () => D100CombatRules = D100_COMBAT_SETTINGS.readAll;

/** Whether an attack's damage dice overflow (seed: "Note About Zeros"): on a high degree, on a critical area, or both. */
export function damageOverflows(rules: D100CombatRules, degree: number, criticalArea: boolean): boolean {
  const byDegree = (rules.damageOverflow === "highDegree" || rules.damageOverflow === "both") && degree >= rules.overflowDegree;
  const byArea = (rules.damageOverflow === "criticalArea" || rules.damageOverflow === "both") && criticalArea;
  return byDegree || byArea;
}
