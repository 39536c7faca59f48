/**
 * Breadbox's hooks fired by runtime code (exchanges, checks, their pre hooks; docs/hooks.md), apart
 * from api/hooks.ts, which holds the hooks' names and payloads and fires `breadbox.rollInitiative` from
 * the Combat document class (init): docs/architecture.md "Load what the world needs".
 */
import { normaliseMessageMode, type MessageMode } from "../compat";
import { after, type ApplyExchangePayload, BREADBOX_HOOKS, type PreApplyExchangePayload, type PreResolveExchangePayload, type PreRollCheckPayload, type ResolveExchangePayload, type RollCheckPayload } from "./hooks";

/**
 * Run a pre hook's call: false when a handler cancelled (returned exactly false). A failure of the
 * hook machinery itself is logged and cancels nothing.
 */
function pre(hook: string, call: () => boolean): boolean {
  try {
    return call() !== false;
  } catch (err) {
    console.error(`Breadbox | hook ${hook}`, err);
    return true;
  }
}

/** `breadbox.preResolveExchange`: false when a module cancelled the resolution. */
export function callPreResolveExchange(payload: PreResolveExchangePayload): boolean {
  return pre(BREADBOX_HOOKS.preResolveExchange, () => Hooks.call(BREADBOX_HOOKS.preResolveExchange, payload));
}

export function callResolveExchange(payload: ResolveExchangePayload): void {
  after(BREADBOX_HOOKS.resolveExchange, () => Hooks.callAll(BREADBOX_HOOKS.resolveExchange, payload));
}

/** `breadbox.preApplyExchange`: false when a module cancelled the write. */
export function callPreApplyExchange(payload: PreApplyExchangePayload): boolean {
  return pre(BREADBOX_HOOKS.preApplyExchange, () => Hooks.call(BREADBOX_HOOKS.preApplyExchange, payload));
}

export function callApplyExchange(payload: ApplyExchangePayload): void {
  after(BREADBOX_HOOKS.applyExchange, () => Hooks.callAll(BREADBOX_HOOKS.applyExchange, payload));
}

export function callRollCheck(payload: RollCheckPayload): void {
  after(BREADBOX_HOOKS.rollCheck, () => Hooks.callAll(BREADBOX_HOOKS.rollCheck, payload));
}

/** A value a hook handler may put in an option field whose original value is `original`. */
function sameKind(original: unknown, value: unknown): boolean {
  const primitive = (v: unknown) => typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v));
  if (Array.isArray(original)) return Array.isArray(value) && value.every(primitive);
  if (typeof original === "object" && original !== null) {
    return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every(primitive);
  }
  return typeof value === typeof original && primitive(value);
}

/**
 * `breadbox.preRollCheck`: null when a module cancelled the roll; otherwise the options and mode
 * to roll with (each field a handler changed to a value of its own type; other changes are
 * ignored with a console warning). Handlers get copies: nothing else sees their changes.
 */
export function callPreRollCheck<T extends object>(ruleset: string, actor: Actor.Implementation, options: T, mode: MessageMode): { options: T; mode: MessageMode } | null {
  const payload: PreRollCheckPayload = { ruleset, actor, options: structuredClone(Object.fromEntries(Object.entries(options))), mode };
  if (!pre(BREADBOX_HOOKS.preRollCheck, () => Hooks.call(BREADBOX_HOOKS.preRollCheck, payload))) return null;
  const out: T = { ...options };
  for (const [key, original] of Object.entries(options)) {
    const value: unknown = Reflect.get(payload.options, key);
    if (value === original) continue;
    if (sameKind(original, value)) Reflect.set(out, key, value);
    else console.warn(`Breadbox | hook ${BREADBOX_HOOKS.preRollCheck}: option "${key}" ignored (not a value of its type)`);
  }
  return { options: out, mode: normaliseMessageMode(payload.mode) ?? mode };
}
