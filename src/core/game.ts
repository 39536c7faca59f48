/**
 * Guarded access to Foundry's game-level singletons. fvtt-types types them as possibly
 * undefined before init; everything here is called after init, so a missing one is a bug.
 */
import { SYSTEM_ID } from "./ids";
import { registerSettingUnchecked } from "./foundry";
import type { BreadboxSettingKey, BreadboxSettings } from "../types/breadbox";

export function gameReady(): ReadyGame {
  return game as ReadyGame;
}

export function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

export function format(key: string, data: Record<string, string | number>): string {
  return game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) ?? key;
}

export function currentUser(): User.Implementation {
  const user = game.user;
  if (!user) throw new Error("Breadbox | no current user");
  return user;
}

/** A Breadbox setting key (without the "breadbox." namespace); see src/types/foundry-config.ts. */
export type { BreadboxSettingKey };

/** Read a Breadbox setting, typed through SettingConfig. */
export function getSetting<K extends BreadboxSettingKey>(key: K): ClientSettings.SettingInitializedType<typeof SYSTEM_ID, K>;
/**
 * @deprecated Untyped form kept so code written before the SettingConfig declarations compiles;
 * drop the type argument (`getSetting("ruleset")`) and the key's declared type is used.
 */
export function getSetting<T>(key: BreadboxSettingKey): T;
export function getSetting(key: BreadboxSettingKey): unknown {
  return settings().get(SYSTEM_ID, key);
}

export async function setSetting<K extends BreadboxSettingKey>(key: K, value: ClientSettings.SettingCreateData<typeof SYSTEM_ID, K>): Promise<void> {
  await settings().set(SYSTEM_ID, key, value);
}

function settings(): ClientSettings {
  const s = game.settings;
  if (!s) throw new Error("Breadbox | settings read before init");
  return s;
}

export interface SettingSpec<K extends BreadboxSettingKey = BreadboxSettingKey> {
  key: K;
  type: typeof Boolean | typeof Number | typeof String | typeof Object;
  default: BreadboxSettings[K];
  scope?: "world" | "client";
  config?: boolean;
  choices?: Record<string, string>;
  range?: { min: number; max: number; step: number };
  requiresReload?: boolean;
  onChange?: (value: unknown) => void;
}

/** Whether settings registered now may show in the settings window (see `registerSettingsShown`). */
let settingsShown = true;

/**
 * Run `register` with every setting it registers kept out of the settings window when `shown` is
 * false (`config: false`): another ruleset's rules stay registered, so their stored values are kept
 * and readable, but a world offers only its own ruleset's (issue 23).
 */
export function registerSettingsShown(shown: boolean, register: () => void): void {
  const before = settingsShown;
  settingsShown = shown;
  try {
    register();
  } finally {
    settingsShown = before;
  }
}

/**
 * Register a Breadbox setting; name and hint come from lang keys BREADBOX.Setting.<key>.Name/Hint.
 */
export function registerSetting<K extends BreadboxSettingKey>(spec: SettingSpec<K>): void {
  registerSettingUnchecked(spec.key, {
    name: `BREADBOX.Setting.${spec.key}.Name`,
    hint: `BREADBOX.Setting.${spec.key}.Hint`,
    scope: spec.scope ?? "world",
    config: (spec.config ?? true) && settingsShown,
    type: spec.type,
    default: spec.default,
    choices: spec.choices,
    range: spec.range,
    requiresReload: spec.requiresReload ?? false,
    onChange: spec.onChange,
  });
}

export function notify(level: "info" | "warn" | "error", key: string, data?: Record<string, string | number>): void {
  const message = data ? format(key, data) : localize(key);
  ui.notifications?.[level](message);
}

/** fromUuid for a UUID read from data (chat flags, dataset), not a typed literal. */
export async function lookupUuid(uuid: string): Promise<unknown> {
  if (!looksLikeUuid(uuid)) return null;
  return fromUuid(uuid);
}

export function lookupUuidSync(uuid: string): unknown {
  if (!looksLikeUuid(uuid)) return null;
  return fromUuidSync(uuid);
}

type Uuid = Parameters<typeof fromUuidSync>[0];

/** A document UUID starts with a document name or "Compendium" and a dot; anything else resolves to null. */
function looksLikeUuid(uuid: unknown): uuid is Uuid {
  return typeof uuid === "string" && /^[A-Z][A-Za-z]*\./.test(uuid);
}

/** The actor a UUID read from data names, or null (anything else, or nothing, is null). */
export async function actorFromUuid(uuid: string): Promise<Actor.Implementation | null> {
  const doc = await lookupUuid(uuid);
  return doc instanceof Actor.implementation ? doc : null;
}

export function actorFromUuidSync(uuid: string): Actor.Implementation | null {
  const doc = lookupUuidSync(uuid);
  return doc instanceof Actor.implementation ? doc : null;
}

/**
 * The sub-type model of a document when it is an instance of `model` (e.g. a Toaster actor's
 * ToasterActorModel), else null: `actor.type === "toaster"` does not narrow `actor.system`.
 */
export function modelOf<M>(doc: { system: unknown } | null | undefined, model: abstract new (...args: never[]) => M): M | null {
  const system = doc?.system;
  return system instanceof model ? system : null;
}
