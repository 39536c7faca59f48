/**
 * Toaster's optional rules (every parenthesised section of the rulebook) as world settings,
 * with the defaults we ship. docs/rules/toaster.md explains each default.
 */
import { refreshActorsOfType } from "../../core/actor-refresh";
import { boolSetting, choiceSetting, defineSettings, intSetting, type SettingValues } from "../../core/setting-values";
import { CAMPAIGN_STYLES } from "./init-rules";

const TOASTER_RULES = {
  campaignStyle: choiceSetting(CAMPAIGN_STYLES.map((s) => s.key), "average", "BREADBOX.Toaster.CampaignStyle."),
  traitCap: intSetting(0, 0, 50),
  specialization: boolSetting(true),
  variableSkillCost: boolSetting(false),
  complementarySkills: boolSetting(true),
  collaboration: boolSetting(true),
  rollingNines: boolSetting(false),
  ninesLimit: intSetting(1, 0, 10),
  rollingZeros: boolSetting(false),
  callingFours: boolSetting(true),
  variableOutcomes: boolSetting(true),
  luckPoints: boolSetting(true),
  luckAdjustment: intSetting(0, -10, 10),
  luckRolls: boolSetting(true),
  weaponLength: boolSetting(true),
  stance: boolSetting(true),
  strengthRequirements: boolSetting(true),
  partialArmor: boolSetting(false),
  shieldAttackPenalty: boolSetting(false),
  unnamedCharacters: boolSetting(true),
  bleeding: boolSetting(false),
  criticalTable: boolSetting(true),
  hitLocation: boolSetting(true),
  wcacSameDie: boolSetting(false),
  wcacAddMargin: boolSetting(false),
  wcacRollTwice: boolSetting(false),
  wcacHalveMarginal: boolSetting(true),
  rerollInitiative: boolSetting(true),
};

/** traitCap: 0 = no cap on total positive trait ranks; ninesLimit: 0 = no limit. */
export type ToasterRules = SettingValues<typeof TOASTER_RULES>;

export const TOASTER_SETTINGS = defineSettings("toaster.", TOASTER_RULES);

/** Defaults, used where settings are not available (tests of pure pieces, pack validation). */
export const DEFAULT_TOASTER_RULES: ToasterRules = TOASTER_SETTINGS.defaults;

/** The rules are read on every data preparation: cache them, dropped whenever a setting changes. */
let cached: ToasterRules | null = null;

export function registerToasterSettings(): void {
  TOASTER_SETTINGS.register(refreshAfterRuleChange);
  cached = null;
}

/**
 * An optional rule changed: forget the cached rules, prepare every Toaster character again (luck
 * maximum, strength penalties, budgets… depend on the rules) and re-render their open sheets.
 */
export function refreshAfterRuleChange(): void {
  cached = null;
  refreshActorsOfType("toaster");
}

/** Forget the cached rules (tests that reset setting values behind Foundry's back). */
export function clearToasterRulesCache(): void {
  cached = null;
}

/** The world's current optional rules (each checked; the default where unreadable or malformed). */
export function toasterRules(): ToasterRules {
  cached ??= Object.freeze(TOASTER_SETTINGS.readAll());
  return cached;
}

/** The world's rules, or the defaults where the settings are not registered (a data model prepared outside a world: pack validation). */
export function toasterRulesOrDefault(): ToasterRules {
  try {
    return toasterRules();
  } catch {
    return DEFAULT_TOASTER_RULES;
  }
}
