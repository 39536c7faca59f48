/**
 * The one facade for the few places where fvtt-types (13.345) cannot follow what we do at run
 * time. Every cast the adapter still needs lives here, each with its reason; the rest of src
 * reads typed documents, settings and flags through src/types/foundry-config.ts.
 */
import { SYSTEM_ID } from "./ids";
import type { BreadboxSettingKey } from "../types/foundry-config";

/** What `registerSetting` hands to Foundry (name and hint are lang keys). */
export interface SettingRegistration {
  name: string;
  hint: string;
  scope: "world" | "client";
  config: boolean;
  type: typeof Boolean | typeof Number | typeof String | typeof Object;
  default: unknown;
  choices?: Record<string, string>;
  range?: { min: number; max: number; step: number };
  requiresReload: boolean;
  onChange?: (value: unknown) => void;
}

interface UntypedSettings {
  register(namespace: string, key: string, data: SettingRegistration): void;
}

/**
 * Register one of our settings. fvtt-types checks `type`/`default`/`choices`/`range` against the
 * configured value type of one literal key; our settings are registered from tables (one loop
 * over every ruleset's specs), where the key is a union, so the check cannot be expressed.
 * SettingConfig still types every read and write.
 */
export function registerSettingUnchecked(key: BreadboxSettingKey, data: SettingRegistration): void {
  const settings = game.settings as unknown as UntypedSettings;
  settings.register(SYSTEM_ID, key, data);
}
