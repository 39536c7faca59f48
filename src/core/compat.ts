/**
 * The one place where Foundry v13 and v14 differ. Everything here detects the feature it needs
 * (never the version number) and gives the rest of the system one API for both generations.
 * The harness has a v13 and a v14 profile (test/harness) and the adapter and browser suites run
 * under both. v14 members that fvtt-types does not know are declared in src/types/v14.ts.
 */
import type { V14DataOperators, V14EffectChange } from "../types/v14";

// ---------------------------------------------------------------------------------------------
// Message (roll) visibility modes: v13 `core.rollMode` / CONFIG.Dice.rollModes /
// ChatMessage.applyRollMode; v14 `core.messageMode` / CONFIG.ChatMessage.modes / applyMode.
// (Owned by the chat work: roll modes in dialogs and cards.)
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Documents, data and effects: Active Effect changes, update operators, icons, misc.
// (Owned by the platform work.) Every difference, its evidence and its test are listed in
// docs/architecture.md, "Foundry v13 and v14".
// ---------------------------------------------------------------------------------------------

/** A status effect as a ruleset declares it. */
export interface StatusEffectData {
  id: string;
  name: string;
  img: string;
}

/**
 * Add a status effect to CONFIG.statusEffects once. v13 keeps an array; v14 keys the record by id
 * (foundryvtt#13122), with only deprecated array behaviour for old code.
 */
export function addStatusEffect(effect: StatusEffectData): void {
  const all: unknown = CONFIG.statusEffects;
  if (Array.isArray(all)) {
    if (!all.some((e: { id?: unknown }) => e?.id === effect.id)) all.push(effect);
  } else if (all && typeof all === "object" && !Object.hasOwn(all, effect.id)) {
    Object.assign(all, { [effect.id]: { ...effect } });
  }
}

/** Whether CONFIG.statusEffects has a status of this id (either shape). */
export function hasStatusEffect(id: string): boolean {
  const all: unknown = CONFIG.statusEffects;
  if (Array.isArray(all)) return all.some((e: { id?: unknown }) => e?.id === id);
  return Boolean(all && typeof all === "object" && Object.hasOwn(all, id));
}

/** How an Active Effect change combines with the value it changes (v14 names). */
export type EffectChangeType = "add" | "multiply" | "override" | "upgrade" | "downgrade";

export interface EffectChange {
  key: string;
  type: EffectChangeType;
  value: string;
}

/** v13's numeric modes for the same change types (CONST.ACTIVE_EFFECT_MODES). */
const V13_MODES: Record<EffectChangeType, number> = { multiply: 1, add: 2, downgrade: 3, upgrade: 4, override: 5 };

/** v14 has string change types in CONST.ACTIVE_EFFECT_CHANGE_TYPES (foundryvtt#13566). */
function effectChangesInSystem(): boolean {
  return "ACTIVE_EFFECT_CHANGE_TYPES" in CONST;
}

/**
 * Creation data carrying Active Effect changes: v13 `{changes: [{key, mode, value}]}`, v14
 * `{system: {changes: [{key, type, value}]}}` (foundryvtt#13740). Merge it into the effect's data.
 */
export function effectChangesData(changes: EffectChange[]): { changes: { key: string; mode: number; value: string }[] } | { system: { changes: V14EffectChange[] } } {
  if (effectChangesInSystem()) return { system: { changes: changes.map((c) => ({ key: c.key, type: c.type, value: c.value })) } };
  return { changes: changes.map((c) => ({ key: c.key, mode: V13_MODES[c.type], value: c.value })) };
}

/**
 * An update that deletes `key` inside the object at `path` ("flags.breadbox"): v13's `-=key`
 * syntax, or v14's `foundry.data.operators.ForcedDeletion` value (the `-=` key is deprecated in
 * v14 and removed in v16, foundryvtt#13090).
 */
export function deletionUpdate(path: string, key: string): Record<string, unknown> {
  const operators = dataOperators();
  if (operators) return { [`${path}.${key}`]: operators.ForcedDeletion.create() };
  return { [`${path}.-=${key}`]: null };
}

/** v14's `foundry.data.operators`, or null on v13. */
export function dataOperators(): V14DataOperators | null {
  const operators: unknown = Reflect.get(foundry.data, "operators");
  return isDataOperators(operators) ? operators : null;
}

function isDataOperators(value: unknown): value is V14DataOperators {
  if (!value || typeof value !== "object") return false;
  const deletion: unknown = Reflect.get(value, "ForcedDeletion");
  const replacement: unknown = Reflect.get(value, "ForcedReplacement");
  return hasCreate(deletion) && hasCreate(replacement);
}

function hasCreate(value: unknown): boolean {
  return (typeof value === "function" || (typeof value === "object" && value !== null)) && typeof Reflect.get(value, "create") === "function";
}
