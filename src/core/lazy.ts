/**
 * Load what the world needs (issue 23). The entry module holds what Foundry needs at init (document
 * classes, every ruleset's data models, settings, dice and Roll classes, statuses, token bars); the
 * rest of core (src/core/runtime.ts) and each ruleset's runtime part (its sheets, dialogs, chat
 * and relay actions, exchanges, combat, API: `RulesetDefinition.runtime`) are separate chunks,
 * imported once the world's ruleset is known (its setting is readable during init).
 *
 * One promise: `loaded()` settles when core's runtime and the world's ruleset are in and wired
 * (sheets registered, templates preloaded, the ruleset's init run). Everything that needs them
 * awaits it: core's ready work, chat-card rendering and buttons, relayed requests, macros. A
 * ruleset other than the world's loads only when the world holds documents of it (`loadRuleset`,
 * from the setup hook and from document creation), so its documents still open read-only.
 */
import { completeRuleset, getRuleset, rulesetOfType, type RulesetDefinition } from "./registry";

/** What core does with a ruleset once its code is in (set by core's runtime when it loads). */
type Wiring = (def: RulesetDefinition) => void;

let core: Promise<Wiring> | null = null;
let world: Promise<unknown> = Promise.resolve();
const loads = new Map<string, Promise<RulesetDefinition | undefined>>();
const done = new Set<string>();

/**
 * Start loading core's runtime (`load` imports it and returns how it wires a ruleset) and the
 * world's ruleset. Called once, at init.
 */
export function startLoading(load: () => Promise<Wiring>, worldRuleset: string): Promise<unknown> {
  core = load();
  world = loadRuleset(worldRuleset);
  // A failed load is reported once here; whoever awaits `loaded()` sees it too.
  world.catch((err: unknown) => console.error("Breadbox | loading the world's ruleset", err));
  return world;
}

/** Settles when core's runtime and the world's ruleset are loaded and wired. */
export function loaded(): Promise<unknown> {
  return world;
}

/** Load a ruleset's runtime part (once) and wire it; undefined for an unknown id. */
export function loadRuleset(id: string): Promise<RulesetDefinition | undefined> {
  let p = loads.get(id);
  if (!p) {
    p = load(id);
    loads.set(id, p);
  }
  return p;
}

async function load(id: string): Promise<RulesetDefinition | undefined> {
  if (!core) throw new Error("Breadbox | a ruleset was asked for before init");
  const wire = await core;
  const def = getRuleset(id);
  if (!def) return undefined;
  const full = def.runtime ? completeRuleset(id, await def.runtime()) : def;
  wire(full);
  done.add(id);
  return full;
}

/**
 * Wait until the handler of a named action ("<ruleset>.<name>", "core.<name>") can be there: core's
 * runtime and the world's ruleset, and the action's own ruleset when it is another (a relayed
 * request or a card button of a ruleset this client has not loaded yet).
 */
export async function loadForAction(action: string): Promise<void> {
  await world;
  const id = action.split(".", 1)[0] ?? "";
  if (id && id !== "core" && getRuleset(id)) await loadRuleset(id);
}

/** Whether this ruleset's runtime is loaded and wired. */
export function rulesetLoaded(id: string): boolean {
  return done.has(id);
}

/** Load the ruleset a document sub-type belongs to (a document of another ruleset must still open). */
export function loadRulesetOfType(type: string): Promise<RulesetDefinition | undefined> {
  const id = rulesetOfType(type);
  return id ? loadRuleset(id) : Promise.resolve(undefined);
}

/** Load the rulesets of these document sub-types (the world's actors and items at setup). */
export function loadRulesetsOfTypes(types: Iterable<string>): Promise<unknown> {
  const ids = new Set<string>();
  for (const type of types) {
    const id = rulesetOfType(type);
    if (id) ids.add(id);
  }
  return Promise.all([...ids].map((id) => loadRuleset(id)));
}

/** Settles when every load started so far has (a test bed waits for them before it tears a world down). */
export function settleLoads(): Promise<unknown> {
  return Promise.allSettled([world, ...loads.values()]);
}

/** Test helper: forget every load (with `clearRulesets`). */
export function clearLoads(): void {
  core = null;
  world = Promise.resolve();
  loads.clear();
  done.clear();
}
