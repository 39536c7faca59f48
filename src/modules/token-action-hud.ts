/**
 * Token Action HUD (module `token-action-hud-core`), through Token Action HUD Core's documented
 * system API (checked against Token Action HUD Core 2.1.1, Foundry 13–14): on the hook
 * `tokenActionHudCoreApiReady` (argument: the core module, whose `api` holds the ActionHandler,
 * RollHandler and SystemManager classes), a system extends those classes and answers with
 * `Hooks.call("tokenActionHudSystemReady", { api: { requiredCoreModuleVersion, SystemManager } })`,
 * as every Token Action HUD system module does (e.g. token-action-hud-draw-steel's init.js).
 *
 * Written once for every ruleset: the actions are the actor's checks as its ruleset lists them
 * (`RulesetApi.checks`: attributes, skills, weapons), each rolled through the hotbar's path
 * (`rollCheckFor`: the ruleset's dialog, then its card), and the combat tracker's own actions for
 * the actor's combatant (roll initiative, end turn) through the Combat document, as the tracker's
 * buttons do, then the actor's combat actions (src/core/combat-actions.ts: defences to open
 * declarations, its tracker row's controls, the ruleset's own). Right-clicking an item's action
 * opens its sheet.
 */
import { onTokenActionHudReady } from "./early-hooks";
import { getRuleset, type CheckGroup, type RollableCheck } from "../core/registry";
import { rollCheckFor, type CheckRef } from "../core/hotbar";
import { localize } from "../core/game";
import { combatActionsOf, runCombatAction } from "../core/combat-actions";
import { moduleActive } from "./active";

export const TAH_CORE_ID = "token-action-hud-core";
export const TAH_API_READY = "tokenActionHudCoreApiReady" as const;
export const TAH_SYSTEM_READY = "tokenActionHudSystemReady" as const;
/** The Token Action HUD Core versions this integration works with (major.minor: any 2.1.x). */
export const TAH_REQUIRED_CORE = "2.1";

const CHECK_GROUPS: readonly CheckGroup[] = ["attributes", "skills", "attacks"];
const COMBAT_GROUP = "combat";
const GROUP_KEYS: Record<CheckGroup | typeof COMBAT_GROUP, string> = {
  attributes: "BREADBOX.Modules.TokenActionHud.Attributes",
  skills: "BREADBOX.Modules.TokenActionHud.Skills",
  attacks: "BREADBOX.Modules.TokenActionHud.Attacks",
  combat: "BREADBOX.Modules.TokenActionHud.Combat",
};

/** What an action carries to the roll handler (`action.system`). */
export type HudActionData = { kind: "check"; check: CheckRef; itemId?: string } | { kind: "initiative"; combatantId: string } | { kind: "endTurn" } | { kind: "combat"; id: string };

/** An action as Token Action HUD Core's `ActionHandler#addActions` takes it. */
export interface HudAction {
  id: string;
  name: string;
  listName: string;
  img?: string;
  system: HudActionData;
}

interface HudGroup {
  id: string;
  name: string;
  type: "system";
}

/** The default layout Token Action HUD Core asks for (`SystemManager#registerDefaults`). */
export interface HudDefaults {
  layout: { nestId: string; id: string; name: string; groups: (HudGroup & { nestId: string })[] }[];
  groups: (HudGroup & { listName: string })[];
}

/** The parts of Token Action HUD Core's classes Breadbox uses (its documented API). */
interface CoreActionHandler {
  readonly actor?: Actor.Implementation | null;
  readonly actors?: Actor.Implementation[];
  addActions(actions: HudAction[], group: { id: string; type: "system" }): void;
}
interface CoreRollHandler {
  readonly actor?: Actor.Implementation | null;
  readonly actors?: Actor.Implementation[];
  readonly isRightClick?: boolean;
  action?: { system?: unknown } | null;
  renderItem(actor: Actor.Implementation | null, itemId: string): boolean;
}
type CoreSystemManager = object;
interface CoreApi {
  ActionHandler: new () => CoreActionHandler;
  RollHandler: new () => CoreRollHandler;
  SystemManager: new () => CoreSystemManager;
}

function isCoreApi(api: unknown): api is CoreApi {
  return typeof api === "object" && api !== null && ["ActionHandler", "RollHandler", "SystemManager"].every((k) => typeof Reflect.get(api, k) === "function");
}

function coreApiOf(module: unknown): CoreApi | null {
  if (typeof module !== "object" || module === null) return null;
  const api: unknown = Reflect.get(module, "api");
  return isCoreApi(api) ? api : null;
}

function groupLabel(world: string, group: CheckGroup | typeof COMBAT_GROUP): string {
  const own = group === COMBAT_GROUP ? undefined : getRuleset(world)?.api?.checkGroupLabels?.[group];
  return localize(own ?? GROUP_KEYS[group]);
}

/** Token Action HUD's default layout for a world of this ruleset: Checks (attributes, skills), Combat (attacks, tracker). */
export function hudDefaults(world: string): HudDefaults {
  const group = (id: CheckGroup | typeof COMBAT_GROUP): HudGroup => ({ id, name: groupLabel(world, id), type: "system" });
  const checks = localize("BREADBOX.Modules.TokenActionHud.Checks");
  const combat = localize("BREADBOX.Modules.TokenActionHud.Combat");
  return {
    layout: [
      { nestId: "checks", id: "checks", name: checks, groups: [{ ...group("attributes"), nestId: "checks_attributes" }, { ...group("skills"), nestId: "checks_skills" }] },
      { nestId: "combat", id: "combat", name: combat, groups: [{ ...group("attacks"), nestId: "combat_attacks" }, { ...group(COMBAT_GROUP), nestId: "combat_combat" }] },
    ],
    groups: ([...CHECK_GROUPS, COMBAT_GROUP] as const).map((id) => ({ ...group(id), listName: group(id).name })),
  };
}

function checkActionId(check: CheckRef): string {
  return ["check", check.kind, check.name, check.sub ?? ""].join("|");
}

function checksOf(actor: Actor.Implementation): RollableCheck[] {
  return getRuleset(String(actor.type))?.api?.checks?.(actor) ?? [];
}

/**
 * The check actions for these actors, by group: one actor's checks, or for several the checks
 * every one of them has (a click rolls it for each).
 */
export function checkActions(actors: Actor.Implementation[]): Map<CheckGroup, HudAction[]> {
  const out = new Map<CheckGroup, HudAction[]>();
  const [first, ...rest] = actors;
  if (!first) return out;
  const others = rest.map((a) => new Set(checksOf(a).map((c) => checkActionId(c.check))));
  for (const c of checksOf(first)) {
    const id = checkActionId(c.check);
    if (!others.every((ids) => ids.has(id))) continue;
    const system: HudActionData = { kind: "check", check: c.check, ...(actors.length === 1 && c.itemId ? { itemId: c.itemId } : {}) };
    const list = out.get(c.group) ?? [];
    list.push({ id, name: c.label, listName: c.label, ...(c.img ? { img: c.img } : {}), system });
    out.set(c.group, list);
  }
  return out;
}

/** The tracker's actions for this actor's combatant in the current combat: roll its initiative, end its turn. */
export function combatActions(actor: Actor.Implementation): HudAction[] {
  const out: HudAction[] = [];
  const combat = game.combat;
  // The ruleset's combat actions (src/core/combat-actions.ts): defences, tracker controls, its own.
  const more = combatActionsOf(actor).map((a): HudAction => ({ id: `combat|${a.id}`, name: a.label, listName: a.label, ...(a.img ? { img: a.img } : {}), system: { kind: "combat", id: a.id } }));
  if (!combat) return more;
  const combatant = combat.getCombatantsByActor(actor).find((c) => c.isOwner);
  if (combatant?.id && combatant.initiative === null) {
    const name = localize("BREADBOX.Modules.TokenActionHud.RollInitiative");
    out.push({ id: "combat|initiative", name, listName: name, system: { kind: "initiative", combatantId: combatant.id } });
  }
  const current = combat.combatant;
  if (combat.started && current?.isOwner && combat.getCombatantsByActor(actor).some((c) => c.id === current.id)) {
    const name = localize("BREADBOX.Modules.TokenActionHud.EndTurn");
    out.push({ id: "combat|endTurn", name, listName: name, system: { kind: "endTurn" } });
  }
  return [...out, ...more];
}

function isActionData(value: unknown): value is HudActionData {
  if (typeof value !== "object" || value === null) return false;
  const kind: unknown = Reflect.get(value, "kind");
  if (kind === "check") {
    const check: unknown = Reflect.get(value, "check");
    return typeof check === "object" && check !== null && typeof Reflect.get(check, "kind") === "string" && typeof Reflect.get(check, "name") === "string";
  }
  if (kind === "initiative") return typeof Reflect.get(value, "combatantId") === "string";
  if (kind === "combat") return typeof Reflect.get(value, "id") === "string";
  return kind === "endTurn";
}

/** Run a clicked action for the HUD's actor(s). */
export async function runHudAction(data: HudActionData, actors: Actor.Implementation[], options: { openSheet?: (actor: Actor.Implementation, itemId: string) => boolean } = {}): Promise<void> {
  if (data.kind === "check") {
    const [only] = actors;
    if (data.itemId && only && actors.length === 1 && options.openSheet?.(only, data.itemId)) return;
    for (const actor of actors) await rollCheckFor(actor, data.check);
    return;
  }
  if (data.kind === "combat") {
    const [only] = actors;
    if (only && actors.length === 1 && !(await runCombatAction(only, data.id))) ui.notifications?.warn(localize("BREADBOX.CombatActions.Gone"));
    return;
  }
  const combat = game.combat;
  if (!combat) return;
  if (data.kind === "initiative") await combat.rollInitiative([data.combatantId]);
  else await combat.nextTurn();
}

/** The system classes built on Token Action HUD Core's, for a world of this ruleset. */
export function hudSystemManager(core: CoreApi, world: string): new () => CoreSystemManager {
  class BreadboxActionHandler extends core.ActionHandler {
    async buildSystemActions(_groupIds: string[]): Promise<void> {
      const actors = this.actor ? [this.actor] : (this.actors ?? []);
      for (const [group, actions] of checkActions(actors)) this.addActions(actions, { id: group, type: "system" });
      const only = actors.length === 1 ? actors[0] : undefined;
      if (only) this.addActions(combatActions(only), { id: COMBAT_GROUP, type: "system" });
    }
  }
  class BreadboxRollHandler extends core.RollHandler {
    async handleActionClick(_event: unknown, _value: unknown): Promise<void> {
      const data: unknown = this.action?.system;
      if (!isActionData(data)) return;
      const actors = this.actor ? [this.actor] : (this.actors ?? []);
      await runHudAction(data, actors, { openSheet: (actor, itemId) => this.isRightClick === true && this.renderItem(actor, itemId) });
    }
  }
  return class BreadboxSystemManager extends core.SystemManager {
    getActionHandler(): CoreActionHandler {
      return new BreadboxActionHandler();
    }
    getAvailableRollHandlers(): Record<string, string> {
      return { core: localize("BREADBOX.Title") };
    }
    getRollHandler(_id: string): CoreRollHandler {
      return new BreadboxRollHandler();
    }
    async registerDefaults(): Promise<HudDefaults> {
      return hudDefaults(world);
    }
  };
}

/** With core's runtime: when Token Action HUD Core is active, answer its API with Breadbox's system manager (now, if it is already ready). */
export function registerTokenActionHud(world: string): void {
  if (!moduleActive(TAH_CORE_ID)) return;
  onTokenActionHudReady((module: unknown) => {
    const core = coreApiOf(module);
    if (!core) return;
    try {
      const SystemManager = hudSystemManager(core, world);
      Hooks.call(TAH_SYSTEM_READY, { id: "breadbox", api: { requiredCoreModuleVersion: TAH_REQUIRED_CORE, SystemManager } });
    } catch (err) {
      console.error("Breadbox | Token Action HUD integration", err);
    }
  });
}
