/**
 * Guarded access to Foundry's game-level singletons. fvtt-types types them as possibly
 * undefined before init; everything here is called after init, so a missing one is a bug.
 */
import { SYSTEM_ID } from "./ids";

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

/** Read a Breadbox setting without the typed SettingConfig ceremony at every call site. */
export function getSetting<T>(key: string): T {
  const settings = game.settings as unknown as { get(ns: string, key: string): unknown };
  return settings.get(SYSTEM_ID, key) as T;
}

export async function setSetting(key: string, value: unknown): Promise<void> {
  const settings = game.settings as unknown as { set(ns: string, key: string, v: unknown): Promise<unknown> };
  await settings.set(SYSTEM_ID, key, value);
}

export interface SettingSpec {
  key: string;
  type: typeof Boolean | typeof Number | typeof String | typeof Object;
  default: unknown;
  scope?: "world" | "client";
  config?: boolean;
  choices?: Record<string, string>;
  range?: { min: number; max: number; step: number };
  requiresReload?: boolean;
  onChange?: (value: unknown) => void;
}

/**
 * Register a Breadbox setting; name and hint come from lang keys BREADBOX.Setting.<key>.Name/Hint.
 */
export function registerSetting(spec: SettingSpec): void {
  const settings = game.settings as unknown as { register(ns: string, key: string, data: Record<string, unknown>): void };
  settings.register(SYSTEM_ID, spec.key, {
    name: `BREADBOX.Setting.${spec.key}.Name`,
    hint: `BREADBOX.Setting.${spec.key}.Hint`,
    scope: spec.scope ?? "world",
    config: spec.config ?? true,
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
  if (typeof uuid !== "string" || !uuid) return null;
  return (fromUuid as unknown as (u: string) => Promise<unknown>)(uuid);
}

export function lookupUuidSync(uuid: string): unknown {
  if (typeof uuid !== "string" || !uuid) return null;
  return (fromUuidSync as unknown as (u: string) => unknown)(uuid);
}
