/**
 * foundry.applications.sidebar.tabs.CombatTracker — the sidebar's combat tab, rendered for the
 * combat being viewed (https://foundryvtt.com/api/v13/classes/foundry.applications.sidebar.tabs.CombatTracker.html,
 * https://foundryvtt.com/api/v14/classes/foundry.applications.sidebar.tabs.CombatTracker.html).
 *
 * What the harness mirrors of core's rows (one `li.combatant[data-combatant-id]` per turn), from
 * the public API pages and from public systems' copies of core's row (README "VERIFY 47" lists the
 * sources; never from Foundry's own templates):
 * - the row carries core's own click action (`data-action="activateCombatant"`, listed in the
 *   class's DEFAULT_OPTIONS.actions on the v14 API page): a click anywhere in the row that does not
 *   stop before it reaches the application runs it (recorded in `activated`);
 * - `img.token-image`, then `.token-name > strong.name` and the row's `.combatant-controls` (a GM's
 *   hide and defeated toggles, a player's pan button), then `.token-initiative`;
 * - `.token-initiative`: a rolled initiative is an `input.initiative-input` holding the shown
 *   number, read-only for a user who is not a GM; an unrolled one is a roll button for its owner
 *   (`data-action="rollInitiative"`). v13 and v14 render the same shape (VERIFY 47: v14 systems and
 *   modules read and copy this row unchanged);
 * - when any rolled initiative of the encounter has a fraction, the number is shown with
 *   CONFIG.Combat.initiative.decimals places; core's row then shows it as a bare `<span>`, not an
 *   input (`hasDecimals` in public copies of core's row). The harness renders that span only when
 *   `CombatTracker.decimalsAsText` is set (VERIFY 47; on by default, as core renders it);
 * - a GM's change of the input: `+N`/`-N` adjust the initiative, `=N` or a bare number set it, an
 *   empty field clears it (as public modules that mirror the input describe core's parsing).
 * The application fires `renderCombatTracker` itself after every render (as ApplicationV2 does for
 * each class of its chain), and renders again when the viewed combat or its combatants change once
 * it has been rendered.
 */
import { Hooks } from "../hooks";
import { CONFIG, game } from "../state";
import type { AnyObject } from "../utils";
import { ApplicationV2 } from "./application";

export class CombatTracker extends ApplicationV2 {
  static override DEFAULT_OPTIONS: AnyObject = {
    id: "combat",
    tag: "section",
    classes: ["tab", "sidebar-tab", "combat-sidebar"],
    window: { frame: false },
    actions: {
      activateCombatant: CombatTracker.#onActivateCombatant,
      rollInitiative: CombatTracker.#onRollInitiative,
      toggleHidden: CombatTracker.#onToggleHidden,
      toggleDefeated: CombatTracker.#onToggleDefeated,
      panToCombatant: CombatTracker.#onPanToCombatant,
    },
  };

  /**
   * Harness switch: show a fractional initiative as core's bare `<span>` (as core's row does when
   * `hasDecimals`) instead of the input. Off by default until the D10/0 row reads that span
   * (test/harness/README.md, VERIFY 47); reset with the harness.
   */
  static decimalsAsText = true;

  /** The combatants a player's pan button was pressed for (there is no canvas to pan). */
  panned: string[] = [];

  /** The combatants whose row's own click action ran (core pans to the token / selects it). */
  activated: string[] = [];

  /** An encounter this tracker was switched to (the tracker's previous/next encounter buttons). */
  #shown: AnyObject | null = null;

  /**
   * The combat the tracker shows (public API: CombatTracker#viewed): the viewed encounter, or one
   * the user switched the tracker to, which need not be `game.combat` (VERIFY how core records it).
   */
  get viewed(): AnyObject | null {
    return this.#shown ?? game.combats?.viewed ?? null;
  }

  /** Harness: the user switches the tracker to another encounter. */
  view(combat: AnyObject | null): void {
    this.#shown = combat;
  }

  static #onActivateCombatant(this: CombatTracker, _event: Event, target: HTMLElement): void {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    if (id) this.activated.push(id);
  }

  #combatantOf(target: HTMLElement): AnyObject | null {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    return id ? (this.viewed?.combatants.get(id) ?? null) : null;
  }

  static async #onToggleHidden(this: CombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    const combatant = this.#combatantOf(target);
    if (combatant) await combatant.update({ hidden: !combatant.hidden });
  }

  static async #onToggleDefeated(this: CombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    const combatant = this.#combatantOf(target);
    if (combatant) await combatant.update({ defeated: !combatant.isDefeated });
  }

  static #onPanToCombatant(this: CombatTracker, _event: Event, target: HTMLElement): void {
    const combatant = this.#combatantOf(target);
    if (combatant) this.panned.push(combatant.id);
  }

  static async #onRollInitiative(this: CombatTracker, event: Event, target: HTMLElement): Promise<void> {
    event.stopPropagation();
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combat = this.viewed;
    if (combat && id) await combat.rollInitiative([id]);
  }

  /** The render under way: renders of the tracker run one after another (VERIFY 84). */
  #rendering: Promise<unknown> = Promise.resolve();

  override render(options: AnyObject | boolean = {}, _options: AnyObject = {}): Promise<this> {
    const next = this.#rendering.then(() => super.render(options, _options));
    this.#rendering = next.catch(() => undefined);
    return next;
  }

  override async _prepareContext(options: AnyObject): Promise<AnyObject> {
    const context = await super._prepareContext(options);
    context.combat = this.viewed;
    context.user = game.user;
    await this._prepareTrackerContext(context, options);
    return context;
  }

  /**
   * The tracker part's context (VERIFY 84): each visible turn from `_prepareTurnContext` (async,
   * awaited in turn order), then the numbers formatted for the part. A system's subclass adds its
   * fields per turn there (public systems: `const turn = await super._prepareTurnContext(combat,
   * combatant, index)`, e.g. shadowrun6-eden, dc20rpg, dsa5, grimwild).
   */
  async _prepareTrackerContext(context: AnyObject, _options: AnyObject): Promise<void> {
    const combat = context.combat;
    const user = context.user;
    const turns: AnyObject[] = [];
    for (const [index, combatant] of ((combat?.turns ?? []) as AnyObject[]).entries()) {
      if (!user?.isGM && combatant.hidden) continue;
      turns.push(await this._prepareTurnContext(combat, combatant, index));
    }
    // A rolled initiative is shown with CONFIG.Combat.initiative.decimals places when any rolled
    // initiative of the encounter has a fraction (VERIFY; the public report of issue 18.8: a
    // tie-break decimal shows as "12.01"), as a whole number otherwise.
    const rolled = turns.map((t) => t.initiative).filter((i: unknown) => typeof i === "number" && Number.isFinite(i));
    const decimals = rolled.some((i: number) => !Number.isInteger(i)) ? Number(CONFIG.Combat?.initiative?.decimals ?? 2) : 0;
    for (const t of turns) if (typeof t.initiative === "number" && Number.isFinite(t.initiative)) t.initiative = t.initiative.toFixed(decimals);
    context.hasDecimals = decimals > 0;
    context.turns = turns;
  }

  /** One combatant's turn in the tracker part (async, as core's; `index`: its place in `combat.turns`). */
  async _prepareTurnContext(combat: AnyObject, combatant: AnyObject, index: number): Promise<AnyObject> {
    const hasRolled = typeof combatant.initiative === "number" && Number.isFinite(combatant.initiative);
    return {
      id: combatant.id,
      name: combatant.name,
      img: combatant.img ?? "icons/svg/mystery-man.svg",
      index,
      active: combat?.started && combat.turn === index,
      hidden: combatant.hidden,
      defeated: combatant.isDefeated,
      isOwner: combatant.isOwner,
      hasRolled,
      initiative: hasRolled ? combatant.initiative : null,
    };
  }

  override async _renderHTML(context: AnyObject): Promise<HTMLElement> {
    const list = document.createElement("ol");
    list.className = "combat-tracker plain";
    const isGM = !!context.user?.isGM;
    const control = (action: string, icon: string, label: string, active = false): HTMLButtonElement => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = ["inline-control", "combatant-control", "icon", "fa-solid", icon, active ? "active" : ""].filter(Boolean).join(" ");
      b.dataset.action = action;
      b.setAttribute("aria-label", label);
      return b;
    };
    for (const turn of context.turns as AnyObject[]) {
      const li = document.createElement("li");
      li.className = ["combatant", turn.active ? "active" : "", turn.hidden ? "hide" : "", turn.defeated ? "defeated" : ""].filter(Boolean).join(" ");
      li.dataset.combatantId = turn.id;
      li.dataset.action = "activateCombatant";
      const img = document.createElement("img");
      img.className = "token-image";
      img.src = turn.img;
      img.alt = turn.name;
      const name = document.createElement("div");
      name.className = "token-name";
      const strong = document.createElement("strong");
      strong.className = "name";
      strong.textContent = turn.name;
      const controls = document.createElement("div");
      controls.className = "combatant-controls";
      if (isGM) controls.append(control("toggleHidden", "fa-eye-slash", "COMBAT.ToggleVis", turn.hidden), control("toggleDefeated", "fa-skull", "COMBAT.ToggleDead", turn.defeated));
      else controls.append(control("panToCombatant", "fa-arrows-to-eye", "COMBAT.PanToCombatant"));
      name.append(strong, controls);
      const initiative = document.createElement("div");
      initiative.className = "token-initiative";
      if (turn.hasRolled && context.hasDecimals && (this.constructor as typeof CombatTracker).decimalsAsText) {
        const span = document.createElement("span");
        span.textContent = String(turn.initiative);
        initiative.append(span);
      } else if (turn.hasRolled) {
        const input = document.createElement("input");
        input.type = "text";
        input.className = "initiative-input";
        input.inputMode = "numeric";
        input.pattern = "^[+=\\-]?\\d*";
        input.value = String(turn.initiative);
        input.readOnly = !isGM;
        input.setAttribute("aria-label", "COMBAT.InitiativeScore");
        initiative.append(input);
      } else if (turn.isOwner) {
        const roll = document.createElement("button");
        roll.type = "button";
        roll.className = "combatant-control roll";
        roll.dataset.action = "rollInitiative";
        roll.setAttribute("aria-label", "COMBAT.InitiativeRoll");
        initiative.append(roll);
      }
      li.append(img, name, initiative);
      list.append(li);
    }
    return list;
  }

  override _replaceHTML(result: unknown, content: HTMLElement): void {
    content.replaceChildren(result as HTMLElement);
  }

  override _attachFrameListeners(): void {
    super._attachFrameListeners();
    // A GM's change of a rolled initiative sets it (VERIFY); a read-only input never changes.
    this.element.addEventListener("change", (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || !input.classList.contains("initiative-input") || input.readOnly) return;
      const id = input.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
      const combatant = id ? this.viewed?.combatants.get(id) : null;
      const value = parseInitiativeInput(input.value, combatant?.initiative ?? null);
      if (combatant && value !== undefined) void combatant.update({ initiative: value });
    });
  }
}

/**
 * What a typed initiative sets: `+N`/`-N` adjust the current value, `=N` or a bare number set it,
 * an empty field clears it (null); anything else changes nothing (undefined). VERIFY 47.
 */
export function parseInitiativeInput(raw: string, current: number | null): number | null | undefined {
  const text = raw.trim();
  if (text === "") return null;
  if (/^[+-]/.test(text)) {
    const delta = Number(text);
    return Number.isFinite(delta) ? (current ?? 0) + delta : undefined;
  }
  const value = Number(text.replace(/^=/, ""));
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Type into a tracker input as a user would: a read-only input keeps its value and fires nothing.
 * Returns whether the value changed.
 */
export function typeIntoInput(input: HTMLInputElement, value: string): boolean {
  if (input.readOnly || input.disabled) return false;
  input.value = value;
  input.dispatchEvent(new Event("change", { bubbles: true }));
  return true;
}

/** Re-render the tracker (if it has been rendered) when the combats change, as core's does. */
export function registerTrackerRefresh(tracker: () => CombatTracker | undefined): void {
  const refresh = () => {
    const app = tracker();
    if (app?.rendered) void app.render();
  };
  for (const hook of ["createCombat", "updateCombat", "deleteCombat", "createCombatant", "updateCombatant", "deleteCombatant"]) Hooks.on(hook, refresh);
}
