/**
 * A stand-in for Token Action HUD Core's system API (module `token-action-hud-core`), written from
 * its public source at version 2.1.1 (github.com/Larkinabout/fvtt-token-action-hud-core, tag
 * 2.1.1: module/main.mjs, module/core/api.mjs, module/core/utils.mjs, module/managers/
 * system-manager.mjs, module/handlers/action-handlers/action-handler.mjs,
 * module/handlers/roll-handlers/roll-handler.mjs) and a public system module built on it
 * (token-action-hud-draw-steel: scripts/init.js, system-manager.js, roll-handler.js):
 *
 * - On Foundry's `ready` the core module sets `module.api = {ActionHandler, RollHandler,
 *   SystemManager, Utils, …}` and calls `Hooks.callAll("tokenActionHudCoreApiReady", module)`.
 * - A system answers with `Hooks.call("tokenActionHudSystemReady", {api: {requiredCoreModuleVersion,
 *   SystemManager}})`. Core refuses (an error notification) a system whose required version's major
 *   differs from its own, or whose given minor/patch differs (`Utils.isSystemModuleCompatible`);
 *   otherwise it builds the SystemManager, `init()` awaits `registerDefaults()` (the layout and
 *   groups) and fires `tokenActionHudCoreReady`.
 * - The HUD asks `getActionHandler()` for the ActionHandler; its `actor`/`actors` are the selected
 *   token's actor (null when several are selected) and every selected actor; `buildSystemActions`
 *   calls `addActions(actions, {id, type})`, which keeps actions only for a group of the layout.
 * - A click: `RollHandler#handleActionClickCore(event, action)` sets `this.action` and calls
 *   `handleActionClick(event, buttonValue)` without awaiting it; `isRightClick` is the click's;
 *   `renderItem(actor, itemId)` opens the item's sheet (false when the actor has no such item).
 * VERIFY: the HUD's rendering, group nesting, user layouts and settings are not modelled.
 */
import { game, ui } from "../state";
import { Hooks } from "../hooks";

type AnyObject = Record<string, any>;

interface HudContext {
  actor: AnyObject | null;
  actors: AnyObject[];
  isRightClick: boolean;
}

export class TahActionHandler {
  hudManager: HudContext | null = null;
  /** Group ids of the layout (the defaults the system registered). */
  groupIds: string[] = [];
  /** Actions added, by group id. */
  readonly groups = new Map<string, AnyObject[]>();
  get actor(): AnyObject | null | undefined {
    return this.hudManager?.actor;
  }
  get actors(): AnyObject[] | undefined {
    return this.hudManager?.actors;
  }
  async buildSystemActions(_groupIds: string[]): Promise<void> {}
  addActions(actionsData: AnyObject[], groupData: AnyObject): void {
    if (!actionsData.length || !groupData?.id) return;
    if (!this.groupIds.includes(groupData.id)) return;
    const list = this.groups.get(groupData.id) ?? [];
    for (const a of actionsData) list.push({ id: a.id, name: a.name ?? a.id ?? "", listName: a.listName || a.name || a.id || "", ...(a.img ? { img: a.img } : {}), system: a.system || {}, isAction: true });
    this.groups.set(groupData.id, list);
  }
}

export class TahRollHandler {
  hudManager: HudContext | null = null;
  action: AnyObject | null = null;
  get actor(): AnyObject | null | undefined {
    return this.hudManager?.actor;
  }
  get actors(): AnyObject[] | undefined {
    return this.hudManager?.actors;
  }
  get isRightClick(): boolean {
    return this.hudManager?.isRightClick ?? false;
  }
  async handleActionClickCore(event: unknown, action: AnyObject): Promise<void> {
    this.action = action;
    // Core does not await the system's handler.
    void this.handleActionClick(event, null);
  }
  handleActionClick(_event: unknown, _value: unknown): unknown {
    return undefined;
  }
  renderItem(actor: AnyObject | null, itemId: string): boolean {
    const item = (actor ?? this.actor)?.items?.get(itemId);
    if (!item) return false;
    item.sheet?.render(true);
    return true;
  }
}

export class TahSystemManager {
  defaults: AnyObject = [];
  getActionHandler(): unknown {
    return undefined;
  }
  getRollHandler(_id: string): unknown {
    return false;
  }
  getAvailableRollHandlers(): unknown {
    return undefined;
  }
  registerSettings(): void {}
  async registerDefaults(): Promise<unknown> {
    return undefined;
  }
  async init(): Promise<void> {
    this.defaults = (await this.registerDefaults()) ?? [];
  }
}

/** The core module's state in a test: what the system gave it, and a HUD to build and click. */
export class TokenActionHudMock {
  systemManager: TahSystemManager | null = null;
  constructor(readonly version: string) {}

  /** Core's `tokenActionHudSystemReady` handler (main.mjs registerCoreModule). */
  async register(systemModule: AnyObject): Promise<void> {
    if (!this.compatible(systemModule?.api?.requiredCoreModuleVersion)) return;
    const SystemManager = systemModule.api.SystemManager;
    const manager: TahSystemManager = new SystemManager("token-action-hud-core");
    await manager.init();
    this.systemManager = manager;
  }

  compatible(required: string | undefined): boolean {
    if (!required) return true;
    const [rMajor, rMinor, rPatch] = required.split(".");
    const [major, minor, patch] = this.version.split(".");
    if (major !== rMajor || (rMinor && minor !== rMinor) || (rPatch && patch !== rPatch)) {
      ui.notifications?.error(`The installed Token Action HUD system module requires Token Action HUD Core module version ${required}, but version ${this.version} is installed.`);
      return false;
    }
    return true;
  }

  /** The layout's group ids (the defaults' groups). */
  groupIds(): string[] {
    const groups: AnyObject[] = this.systemManager?.defaults?.groups ?? [];
    return groups.map((g) => g.id);
  }

  /** Build the HUD for the selected actors: the actions of each group. */
  async build(actors: AnyObject[]): Promise<Map<string, AnyObject[]>> {
    const handler = this.systemManager?.getActionHandler() as TahActionHandler | undefined;
    if (!handler) throw new Error("Token Action HUD | no system registered");
    handler.hudManager = { actor: actors.length === 1 ? actors[0]! : null, actors, isRightClick: false };
    handler.groupIds = this.groupIds();
    await handler.buildSystemActions(handler.groupIds);
    return handler.groups;
  }

  /** Click an action of the HUD built for these actors (left click unless `rightClick`). */
  async click(actors: AnyObject[], action: AnyObject, { rightClick = false }: { rightClick?: boolean } = {}): Promise<void> {
    const handler = this.systemManager?.getRollHandler("core") as TahRollHandler | undefined;
    if (!handler) throw new Error("Token Action HUD | no roll handler");
    handler.hudManager = { actor: actors.length === 1 ? actors[0]! : null, actors, isRightClick: rightClick };
    await handler.handleActionClickCore({ type: "click" }, action);
  }
}

/**
 * Token Action HUD Core's start at Foundry's ready: `module.api`, then `tokenActionHudCoreApiReady`;
 * the system's answer (`tokenActionHudSystemReady`) registers it. Resolves once the SystemManager
 * is initialised.
 */
export async function installTokenActionHud(version = "2.1.1"): Promise<TokenActionHudMock> {
  const mock = new TokenActionHudMock(version);
  const modules = game.modules as Map<string, AnyObject>;
  const module = modules.get("token-action-hud-core") ?? { id: "token-action-hud-core", active: false, version };
  module.api = { ActionHandler: TahActionHandler, RollHandler: TahRollHandler, SystemManager: TahSystemManager };
  let registering: Promise<void> = Promise.resolve();
  const id = Hooks.on("tokenActionHudSystemReady", (systemModule: AnyObject) => {
    registering = mock.register(systemModule);
  });
  Hooks.callAll("tokenActionHudCoreApiReady", module);
  Hooks.off("tokenActionHudSystemReady", id);
  await registering;
  return mock;
}
