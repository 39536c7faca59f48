/**
 * Hooks — https://foundryvtt.com/api/v13/classes/foundry.helpers.Hooks.html
 * on/once/off/call/callAll. `call` stops at the first handler returning exactly false and returns
 * false; `callAll` runs every handler and returns true. A throwing handler is logged and recorded
 * (Foundry reports hook errors and continues) — tests can inspect `Hooks.errors`.
 */
import { logCompatibilityWarning } from "./deprecation";
type HookFn = (...args: any[]) => unknown;
interface HookEntry {
  hook: string;
  id: number;
  fn: HookFn;
  once: boolean;
}

const events = new Map<string, HookEntry[]>();
const ids = new Map<number, HookEntry>();
let nextId = 1;
let baselineId = 0;

/**
 * "The renderChatMessage hook is deprecated. Please use renderChatMessageHTML instead, which now
 * passes an HTMLElement argument instead of jQuery. Deprecated since Version 13, Backwards-compatible
 * support will be removed in Version 15" (as reported in symbaroum#673, dcc#503, foundryvtt#12267).
 */
const DEPRECATED_HOOKS: Record<string, { message: string; since: number; until: number }> = {
  renderChatMessage: { message: "The renderChatMessage hook is deprecated. Please use renderChatMessageHTML instead, which now passes an HTMLElement argument instead of jQuery.", since: 13, until: 15 },
};

export class Hooks {
  /** Errors thrown by handlers (hook, error), most recent last. */
  static errors: { hook: string; error: unknown }[] = [];

  static get events(): Record<string, HookEntry[]> {
    return Object.fromEntries(events.entries());
  }

  static on(hook: string, fn: HookFn, { once = false }: { once?: boolean } = {}): number {
    // Hooks deprecated in both v13 and v14 (Foundry reports them when they fire with a listener;
    // the harness reports at registration, so the test that registers one fails).
    const deprecated = DEPRECATED_HOOKS[hook];
    if (deprecated) logCompatibilityWarning(deprecated.message, { since: deprecated.since, until: deprecated.until });
    const entry: HookEntry = { hook, id: nextId++, fn, once };
    if (!events.has(hook)) events.set(hook, []);
    events.get(hook)!.push(entry);
    ids.set(entry.id, entry);
    return entry.id;
  }

  static once(hook: string, fn: HookFn): number {
    return Hooks.on(hook, fn, { once: true });
  }

  static off(hook: string, fn: HookFn | number): void {
    const list = events.get(hook);
    if (!list) return;
    const idx = typeof fn === "number" ? list.findIndex((e) => e.id === fn) : list.findIndex((e) => e.fn === fn);
    if (idx < 0) return;
    ids.delete(list[idx].id);
    list.splice(idx, 1);
  }

  static #run(entry: HookEntry, args: unknown[]): unknown {
    if (entry.once) Hooks.off(entry.hook, entry.id);
    try {
      return entry.fn(...args);
    } catch (error) {
      Hooks.errors.push({ hook: entry.hook, error });
      console.error(`Error thrown in hooked function for hook "${entry.hook}"`, error);
      return undefined;
    }
  }

  static callAll(hook: string, ...args: unknown[]): true {
    const list = [...(events.get(hook) ?? [])];
    for (const entry of list) Hooks.#run(entry, args);
    return true;
  }

  static call(hook: string, ...args: unknown[]): boolean {
    const list = [...(events.get(hook) ?? [])];
    for (const entry of list) {
      if (Hooks.#run(entry, args) === false) return false;
    }
    return true;
  }

  /** Harness: everything registered from now on is removed by resetHooks(). */
  static _setBaseline(): void {
    baselineId = nextId - 1;
  }

  /** Harness: remove hooks registered after the baseline; clear recorded errors. */
  static _resetToBaseline(): void {
    for (const [hook, list] of events) {
      const kept = list.filter((e) => e.id <= baselineId);
      for (const e of list) if (e.id > baselineId) ids.delete(e.id);
      if (kept.length) events.set(hook, kept);
      else events.delete(hook);
    }
    Hooks.errors = [];
  }
}
