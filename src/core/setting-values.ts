/**
 * Reading a ruleset's world settings: each value checked, the shipped default where a setting is
 * unreadable (not registered: pure tests, pack validation), missing or malformed.
 */
import { getSetting, type BreadboxSettingKey } from "./game";

/** A setting's stored value; undefined when settings cannot be read. */
export function readSetting(key: BreadboxSettingKey): unknown {
  try {
    const value: unknown = getSetting(key);
    return value;
  } catch {
    return undefined;
  }
}

export function settingBool(key: BreadboxSettingKey, fallback: boolean): boolean {
  const value = readSetting(key);
  return typeof value === "boolean" ? value : fallback;
}

/** A whole number from min to max, else the fallback. */
export function settingInt(key: BreadboxSettingKey, min: number, max: number, fallback: number): number {
  const value = readSetting(key);
  return typeof value === "number" && Number.isSafeInteger(value) && value >= min && value <= max ? value : fallback;
}

/** One of `allowed`, else the fallback. */
export function settingChoice<T extends string>(key: BreadboxSettingKey, allowed: readonly T[], fallback: T): T {
  const value = readSetting(key);
  return allowed.find((a) => a === value) ?? fallback;
}
