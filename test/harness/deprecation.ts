/**
 * The deprecation trap and the v14 update operators (see compat.ts for the generation profiles).
 */
import { harnessGeneration } from "./profile";
import type { AnyObject } from "./utils";

export class CompatibilityWarningError extends Error {
  override name = "CompatibilityWarningError";
}

export interface CompatibilityWarning {
  message: string;
  since?: number | string;
  until?: number | string;
}

/** Every deprecation reported since the last reset (also those a test allowed). */
export const compatibilityWarnings: CompatibilityWarning[] = [];
let allowed = 0;

/**
 * Documented signature: `logCompatibilityWarning(message, {mode, since, until, details, stack, once})`.
 * In the harness it throws unless the caller runs inside `allowDeprecations`.
 */
export function logCompatibilityWarning(message: string, options: { since?: number | string; until?: number | string; details?: string; stack?: boolean; once?: boolean; mode?: number } = {}): void {
  compatibilityWarnings.push({ message, since: options.since, until: options.until });
  if (allowed === 0) throw new CompatibilityWarningError(`Deprecated API used (since ${options.since ?? "?"}, until ${options.until ?? "?"}): ${message}`);
}

/** Run `fn` with the trap off (for tests of a deprecated path itself); warnings are still recorded. */
export function allowDeprecations<T>(fn: () => T): T {
  allowed++;
  try {
    return fn();
  } finally {
    allowed--;
  }
}

/** Define `target[key]` as an accessor that reports a deprecation, then returns `get()`. */
export function deprecatedProperty(target: object, key: PropertyKey, get: () => unknown, message: string, since: number, until: number): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: false,
    get() {
      logCompatibilityWarning(message, { since, until });
      return get();
    },
  });
}

/** ForcedDeletion / ForcedReplacement operators (v14: `foundry.data.operators`, foundryvtt#13090). */
export class DataFieldOperator {}
export class ForcedDeletion extends DataFieldOperator {
  static #instance: ForcedDeletion | undefined;
  static create(): ForcedDeletion {
    return (ForcedDeletion.#instance ??= new ForcedDeletion());
  }
}
export class ForcedReplacement extends DataFieldOperator {
  constructor(readonly replacement: unknown) {
    super();
  }
  static create(replacement: unknown): ForcedReplacement {
    return new ForcedReplacement(replacement);
  }
}

/** Whether this profile has the v14 `foundry.data.operators` (deletion by value, not by `-=` key). */
export function hasDataOperators(): boolean {
  return harnessGeneration() === "14";
}

/** A `-=key`/`==key` in an update: v14 deprecates the legacy key syntax (foundryvtt#13090). */
export function reportLegacyOperatorKey(key: string): void {
  if (harnessGeneration() !== "14") return;
  logCompatibilityWarning(`You are specifying a forced deletion or replacement key "${key}" using legacy syntax which should be migrated to foundry.data.operators`, { since: 14, until: 16 });
}


/**
 * Turn v14 operator values into the harness's internal deletion keys before an update is cleaned:
 * `{a: _del}` → `{"-=a": null}`; `{a: ForcedReplacement.create(v)}` → `{"==a": v}`. A legacy
 * `-=`/`==` key written by the caller reports a deprecation on v14. Dotted keys are kept.
 */
export function normalizeUpdateOperators(data: AnyObject): AnyObject {
  const out: AnyObject = {};
  for (const [key, value] of Object.entries(data)) {
    const last = key.lastIndexOf(".");
    const leaf = key.slice(last + 1);
    const head = last >= 0 ? key.slice(0, last + 1) : "";
    if (leaf.startsWith("-=") || leaf.startsWith("==")) reportLegacyOperatorKey(leaf);
    if (value instanceof ForcedDeletion) out[`${head}-=${leaf}`] = null;
    else if (value instanceof ForcedReplacement) out[`${head}==${leaf}`] = value.replacement;
    else if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) out[key] = normalizeUpdateOperators(value);
    else out[key] = value;
  }
  return out;
}

/** Forget recorded warnings (per-test reset). */
export function resetDeprecations(): void {
  compatibilityWarnings.length = 0;
  allowed = 0;
}
