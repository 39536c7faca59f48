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
//
// Evidence for the v14 names and values (test/harness/README.md, "Message modes"): v14 keys are
// "public" | "gm" | "blind" | "self" (plus "ic", a speaking style, not a visibility we offer);
// the legacy v13 keys map publicroll→public, gmroll→gm, blindroll→blind, selfroll→self.
// ---------------------------------------------------------------------------------------------

/** The four visibilities a roll can have, in the system's own (v14-style) names. */
export type MessageMode = "public" | "gm" | "blind" | "self";
export const MESSAGE_MODES: readonly MessageMode[] = ["public", "gm", "blind", "self"];

/** v13 names of the same modes (`CONST.DICE_ROLL_MODES`). */
const V13_ROLL_MODE: Readonly<Record<MessageMode, string>> = { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" };

/** What a generation may call a mode, mapped to ours ("roll" is v13's old alias of public). */
const MODE_ALIASES: ReadonlyMap<string, MessageMode> = new Map<string, MessageMode>([
  ["public", "public"], ["gm", "gm"], ["blind", "blind"], ["self", "self"],
  ["publicroll", "public"], ["gmroll", "gm"], ["blindroll", "blind"], ["selfroll", "self"], ["roll", "public"],
]);

/** Message data as the mode functions read and write it. */
export interface ModeData {
  whisper?: string[];
  blind?: boolean;
  [key: string]: unknown;
}

/**
 * The v14 members this section uses; foundry-vtt-types (13.345) does not declare them. Each is
 * optional, so reading it is the feature test.
 */
interface ChatMessageModeApi {
  /** v14: apply a key of CONFIG.ChatMessage.modes (the client's own mode when omitted). */
  applyMode?(data: ModeData, mode?: string): unknown;
  /** v13 (deprecated in v14): apply a key of CONFIG.Dice.rollModes. */
  applyRollMode?(data: ModeData, mode: string): unknown;
}
interface ModeConfig {
  label?: string;
}
interface ChatMessageConfigWithModes {
  documentClass: unknown;
  /** v14: the message modes by key. */
  modes?: Record<string, ModeConfig | undefined>;
}

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    /** v14: the chat log's message mode (replaces v13's core.rollMode). */
    "core.messageMode": string;
  }
}

function chatMessageApi(): ChatMessageModeApi {
  return ChatMessage;
}

/** v14's registry of message modes, when this Foundry has one. */
function v14Modes(): Record<string, ModeConfig | undefined> | null {
  const config: ChatMessageConfigWithModes = CONFIG.ChatMessage;
  const modes = config.modes;
  return modes && typeof modes === "object" && typeof chatMessageApi().applyMode === "function" ? modes : null;
}

/** Our name for a mode given in either generation's spelling; null for anything else. */
export function normaliseMessageMode(raw: unknown): MessageMode | null {
  return typeof raw === "string" ? (MODE_ALIASES.get(raw) ?? null) : null;
}

function readCoreSetting(key: "messageMode" | "rollMode"): unknown {
  try {
    return key === "messageMode" ? game.settings?.get("core", "messageMode") : game.settings?.get("core", "rollMode");
  } catch {
    return null;
  }
}

/** The client's current mode (the chat log's selector): v14 `core.messageMode`, v13 `core.rollMode`. */
export function currentMessageMode(): MessageMode {
  const raw = v14Modes() ? readCoreSetting("messageMode") : readCoreSetting("rollMode");
  return normaliseMessageMode(raw) ?? "public";
}

/** The modes a dialog offers, with Foundry's own labels where it has them (ours otherwise). */
export function messageModeChoices(): { mode: MessageMode; label: string }[] {
  const v14 = v14Modes();
  const v13: Record<string, string | ModeConfig | undefined> | undefined = CONFIG.Dice.rollModes;
  return MESSAGE_MODES.map((mode) => {
    const entry = v14 ? v14[mode] : v13?.[V13_ROLL_MODE[mode]];
    const key = typeof entry === "string" ? entry : entry?.label;
    const label = key ? (game.i18n?.localize(key) ?? key) : (game.i18n?.localize(`BREADBOX.Roll.Mode.${mode}`) ?? mode);
    return { mode, label };
  });
}

/** Set whisper/blind on message data for a mode, through the running generation's own API. */
export function applyMessageMode<T extends ModeData>(data: T, mode: MessageMode): T {
  const api = chatMessageApi();
  if (v14Modes() && api.applyMode) api.applyMode(data, mode);
  else if (typeof api.applyRollMode === "function") api.applyRollMode(data, V13_ROLL_MODE[mode]);
  return data;
}

/** Who may read a message, as stored on it. */
export interface Audience {
  whisper: string[];
  blind: boolean;
}

/** The audience of an existing message (its whisper list and blind flag). */
export function audienceOf(message: { whisper?: unknown; blind?: unknown }): Audience {
  const whisper = Array.isArray(message.whisper) ? message.whisper.filter((w): w is string => typeof w === "string") : [];
  return { whisper: [...whisper], blind: message.blind === true };
}

/**
 * The audience of a follow-up card: the audience of the card that started it, narrowed by the
 * follow-up's own chosen audience when there is one (whispers add up; blind stays blind). A public
 * start followed by a public choice stays public.
 */
export function combineAudiences(...audiences: (Audience | null | undefined)[]): Audience {
  const present = audiences.filter((a): a is Audience => Boolean(a));
  const whispered = present.filter((a) => a.whisper.length > 0);
  const whisper = [...new Set(whispered.flatMap((a) => a.whisper))];
  return { whisper, blind: present.some((a) => a.blind) };
}

/** The audience a mode gives a message created now by the current user. */
export function audienceForMode(mode: MessageMode): Audience {
  return audienceOf(applyMessageMode<ModeData>({}, mode));
}

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
 * `{system: {changes: [{key, type, value, phase, priority}]}}` (foundryvtt#13740). Merge it into
 * the effect's data.
 */
export function effectChangesData(changes: EffectChange[]): { changes: { key: string; mode: number; value: string }[] } | { system: { changes: V14EffectChange[] } } {
  // v14: every change carries its phase and its type's default priority (v13's mode × 10), issue 18.6.
  if (effectChangesInSystem()) return { system: { changes: changes.map((c) => ({ key: c.key, type: c.type, value: c.value, phase: "initial", priority: V13_MODES[c.type] * 10 })) } };
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
