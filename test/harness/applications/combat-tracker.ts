/**
 * foundry.applications.sidebar.tabs.CombatTracker — the sidebar's combat tab, rendered for the
 * combat being viewed (https://foundryvtt.com/api/v13/classes/foundry.applications.sidebar.tabs.CombatTracker.html,
 * https://foundryvtt.com/api/v14/classes/foundry.applications.sidebar.tabs.CombatTracker.html).
 *
 * What the harness mirrors of core's rows (one `li.combatant[data-combatant-id]` per turn, built
 * from the public issue text of foundryvtt#18.2 in this project and the public API pages, never
 * from Foundry's templates):
 * - the row carries core's own click action (`data-action="activateCombatant"`, listed in the
 *   class's DEFAULT_OPTIONS.actions on the v14 API page): a click anywhere in the row that does not
 *   stop before it reaches the application runs it (recorded in `activated`);
 * - `.token-name > strong.name` and the row's `.combatant-controls`;
 * - `.token-initiative`: a rolled initiative is an `input.initiative-input` holding the stored
 *   number, read-only for a user who is not a GM (VERIFY: v13 and v14 alike — no public page shows
 *   v14's row, so both generations render this shape); an unrolled one is a roll button for its
 *   owner (`data-action="rollInitiative"`);
 * - a GM's change of the input sets the combatant's initiative to the number typed (VERIFY);
 * - the number is shown with CONFIG.Combat.initiative.decimals places when any initiative of the
 *   encounter has a fraction (VERIFY).
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
    },
  };

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

  static async #onRollInitiative(this: CombatTracker, event: Event, target: HTMLElement): Promise<void> {
    event.stopPropagation();
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combat = this.viewed;
    if (combat && id) await combat.rollInitiative([id]);
  }

  override async _prepareContext(options: AnyObject): Promise<AnyObject> {
    const context = await super._prepareContext(options);
    const combat = this.viewed;
    const user = game.user;
    // A rolled initiative is shown with CONFIG.Combat.initiative.decimals places when any rolled
    // initiative of the encounter has a fraction (VERIFY; the public report of issue 18.8: a
    // tie-break decimal shows as "12.01"), as a whole number otherwise.
    const rolled = (combat?.turns ?? []).map((c: AnyObject) => c.initiative).filter((i: unknown) => typeof i === "number" && Number.isFinite(i));
    const decimals = rolled.some((i: number) => !Number.isInteger(i)) ? Number(CONFIG.Combat?.initiative?.decimals ?? 2) : 0;
    context.combat = combat;
    context.turns = (combat?.turns ?? [])
      .filter((c: AnyObject) => user?.isGM || !c.hidden)
      .map((c: AnyObject, index: number) => ({
        id: c.id,
        name: c.name,
        index,
        active: combat?.started && combat.turn === combat.turns.indexOf(c),
        hidden: c.hidden,
        defeated: c.isDefeated,
        isOwner: c.isOwner,
        hasRolled: typeof c.initiative === "number" && Number.isFinite(c.initiative),
        initiative: typeof c.initiative === "number" && Number.isFinite(c.initiative) ? c.initiative.toFixed(decimals) : null,
      }));
    context.user = user;
    return context;
  }

  override async _renderHTML(context: AnyObject): Promise<HTMLElement> {
    const list = document.createElement("ol");
    list.className = "combat-tracker plain";
    for (const turn of context.turns as AnyObject[]) {
      const li = document.createElement("li");
      li.className = ["combatant", turn.active ? "active" : "", turn.hidden ? "hide" : "", turn.defeated ? "defeated" : ""].filter(Boolean).join(" ");
      li.dataset.combatantId = turn.id;
      li.dataset.action = "activateCombatant";
      const name = document.createElement("div");
      name.className = "token-name";
      const strong = document.createElement("strong");
      strong.className = "name";
      strong.textContent = turn.name;
      const controls = document.createElement("div");
      controls.className = "combatant-controls";
      name.append(strong, controls);
      const initiative = document.createElement("div");
      initiative.className = "token-initiative";
      if (turn.hasRolled) {
        const input = document.createElement("input");
        input.type = "text";
        input.className = "initiative-input";
        input.inputMode = "numeric";
        input.value = String(turn.initiative);
        input.readOnly = !context.user?.isGM;
        initiative.append(input);
      } else if (turn.isOwner) {
        const roll = document.createElement("button");
        roll.type = "button";
        roll.className = "combatant-control roll";
        roll.dataset.action = "rollInitiative";
        initiative.append(roll);
      }
      li.append(name, initiative);
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
      const value = Number(input.value);
      const combatant = id ? this.viewed?.combatants.get(id) : null;
      if (combatant && Number.isFinite(value)) void combatant.update({ initiative: value });
    });
  }
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
