/**
 * Toaster's optional rules (every parenthesised section of the rulebook) as world settings,
 * with the defaults we ship. docs/rules/toaster.md explains each default.
 */
import { registerSetting, type SettingSpec } from "../../core/game";
import { readSetting } from "../../core/setting-values";
import type { CampaignStyleKey } from "./rules";

export interface ToasterRules {
  campaignStyle: CampaignStyleKey;
  traitCap: number; // 0 = no cap on total positive trait ranks
  specialization: boolean;
  variableSkillCost: boolean;
  complementarySkills: boolean;
  collaboration: boolean;
  rollingNines: boolean;
  ninesLimit: number; // 0 = no limit
  rollingZeros: boolean;
  callingFours: boolean;
  variableOutcomes: boolean;
  luckPoints: boolean;
  luckAdjustment: number;
  luckRolls: boolean;
  weaponLength: boolean;
  stance: boolean;
  strengthRequirements: boolean;
  partialArmor: boolean;
  shieldAttackPenalty: boolean;
  unnamedCharacters: boolean;
  bleeding: boolean;
  criticalTable: boolean;
  hitLocation: boolean;
  wcacSameDie: boolean;
  wcacAddMargin: boolean;
  wcacRollTwice: boolean;
  wcacHalveMarginal: boolean;
  rerollInitiative: boolean;
}

const P = "toaster.";

export const TOASTER_SETTINGS: SettingSpec[] = [
  { key: `${P}campaignStyle`, type: String, default: "average", choices: {
    average: "BREADBOX.Toaster.CampaignStyle.average",
    aboveAverage: "BREADBOX.Toaster.CampaignStyle.aboveAverage",
    heroic: "BREADBOX.Toaster.CampaignStyle.heroic",
    largerThanLife: "BREADBOX.Toaster.CampaignStyle.largerThanLife",
  } },
  { key: `${P}traitCap`, type: Number, default: 0, range: { min: 0, max: 50, step: 1 } },
  { key: `${P}specialization`, type: Boolean, default: true },
  { key: `${P}variableSkillCost`, type: Boolean, default: false },
  { key: `${P}complementarySkills`, type: Boolean, default: true },
  { key: `${P}collaboration`, type: Boolean, default: true },
  { key: `${P}rollingNines`, type: Boolean, default: false },
  { key: `${P}ninesLimit`, type: Number, default: 1, range: { min: 0, max: 10, step: 1 } },
  { key: `${P}rollingZeros`, type: Boolean, default: false },
  { key: `${P}callingFours`, type: Boolean, default: true },
  { key: `${P}variableOutcomes`, type: Boolean, default: true },
  { key: `${P}luckPoints`, type: Boolean, default: true },
  { key: `${P}luckAdjustment`, type: Number, default: 0, range: { min: -10, max: 10, step: 1 } },
  { key: `${P}luckRolls`, type: Boolean, default: true },
  { key: `${P}weaponLength`, type: Boolean, default: true },
  { key: `${P}stance`, type: Boolean, default: true },
  { key: `${P}strengthRequirements`, type: Boolean, default: true },
  { key: `${P}partialArmor`, type: Boolean, default: false },
  { key: `${P}shieldAttackPenalty`, type: Boolean, default: false },
  { key: `${P}unnamedCharacters`, type: Boolean, default: true },
  { key: `${P}bleeding`, type: Boolean, default: false },
  { key: `${P}criticalTable`, type: Boolean, default: true },
  { key: `${P}hitLocation`, type: Boolean, default: true },
  { key: `${P}wcacSameDie`, type: Boolean, default: false },
  { key: `${P}wcacAddMargin`, type: Boolean, default: false },
  { key: `${P}wcacRollTwice`, type: Boolean, default: false },
  { key: `${P}wcacHalveMarginal`, type: Boolean, default: true },
  { key: `${P}rerollInitiative`, type: Boolean, default: true },
];

/** The rules are read on every data preparation: cache them, dropped whenever a setting changes. */
let cached: ToasterRules | null = null;

export function registerToasterSettings(): void {
  for (const spec of TOASTER_SETTINGS) registerSetting({ ...spec, onChange: () => refreshAfterRuleChange() });
  cached = null;
}

/**
 * An optional rule changed: forget the cached rules, prepare every Toaster character again (luck
 * maximum, strength penalties, budgets… depend on the rules) and re-render their open sheets.
 */
export function refreshAfterRuleChange(): void {
  cached = null;
  const actors: (Actor.Stored | Actor.Implementation)[] = [...(game.actors ?? [])];
  // Unlinked tokens carry their own synthetic actors.
  for (const scene of game.scenes ?? []) for (const token of scene.tokens ?? []) if (!token.actorLink && token.actor) actors.push(token.actor);
  for (const actor of actors) {
    if ((actor.type as string) !== "toaster") continue;
    actor.reset();
    if (actor.sheet?.rendered) void actor.sheet.render();
  }
}

/** The rules read from the settings table, checked: every rule present with its declared type. */
function asToasterRules(values: Record<string, unknown>): ToasterRules {
  if (!isToasterRules(values)) throw new Error("Breadbox | Toaster rule settings do not match ToasterRules");
  return values;
}

const RULE_TYPES: Record<keyof ToasterRules, "string" | "number" | "boolean"> = {
  campaignStyle: "string", traitCap: "number", specialization: "boolean", variableSkillCost: "boolean",
  complementarySkills: "boolean", collaboration: "boolean", rollingNines: "boolean", ninesLimit: "number",
  rollingZeros: "boolean", callingFours: "boolean", variableOutcomes: "boolean", luckPoints: "boolean",
  luckAdjustment: "number", luckRolls: "boolean", weaponLength: "boolean", stance: "boolean",
  strengthRequirements: "boolean", partialArmor: "boolean", shieldAttackPenalty: "boolean",
  unnamedCharacters: "boolean", bleeding: "boolean", criticalTable: "boolean", hitLocation: "boolean",
  wcacSameDie: "boolean", wcacAddMargin: "boolean", wcacRollTwice: "boolean", wcacHalveMarginal: "boolean",
  rerollInitiative: "boolean",
};

function isToasterRules(values: Record<string, unknown>): values is Record<string, unknown> & ToasterRules {
  return Object.entries(RULE_TYPES).every(([name, type]) => typeof values[name] === type);
}

/** Defaults, used where settings are not available (tests of pure pieces, pack validation). */
export const DEFAULT_TOASTER_RULES: ToasterRules = asToasterRules(Object.fromEntries(
  TOASTER_SETTINGS.map((s) => [s.key.slice(P.length), s.default]),
));

/** Forget the cached rules (tests that reset setting values behind Foundry's back). */
export function clearToasterRulesCache(): void {
  cached = null;
}

/** The world's current optional rules. */
export function toasterRules(): ToasterRules {
  if (cached) return cached;
  const out: Record<string, unknown> = {};
  for (const s of TOASTER_SETTINGS) {
    const name = s.key.slice(P.length);
    out[name] = readSetting(s.key) ?? s.default;
  }
  cached = Object.freeze(asToasterRules(out));
  return cached;
}
