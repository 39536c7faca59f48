/**
 * Breadbox's combat tracker (CONFIG.ui.combat): core's CombatTracker, whose turn context carries
 * each combatant's ruleset row as data (`turn.breadbox`: the initiative as the ruleset reads it,
 * badges, controls; `CombatRules.combatantRow`, `BreadboxCombatant#trackerRow`) and whose rows get
 * Breadbox's own template part (templates/shared/tracker-row.hbs) after core's part has rendered.
 * No hook rewrites core's rows; a tracker replacement reads the same data from the combatant.
 * A control's click is the application's action `breadboxTrackerControl`: it finds the row's
 * combatant and runs the control of that id offered now (checked where it runs, as before).
 */
import { templatePath } from "./ids";
import { format } from "./game";
import { BreadboxCombat } from "./documents/combat";
import { getRuleset, rulesetOfType, type CombatantRow } from "./registry";

/** The row its ruleset gives this combatant in a tracker (`CombatRules.combatantRow`), or null. */
export function combatantRowOf(combat: Combat.Implementation | Combat.Stored, combatant: Combatant.Implementation): CombatantRow | null {
  const actor = combatant.actor;
  const id = actor ? rulesetOfType(actor.type) : undefined;
  return id ? (getRuleset(id)?.combat?.combatantRow?.(combat, combatant) ?? null) : null;
}

export const TRACKER_ROW_TEMPLATE = templatePath("shared/tracker-row.hbs");

/** What Breadbox adds to a turn of the tracker's context. */
export interface TrackerTurnData {
  /** CSS classes of the row's Breadbox part. */
  css: string;
  /** The ruleset's reading of the initiative ("Auto 9"), or null. */
  initiativeLabel: string | null;
  badges: CombatantRow["badges"];
  controls: { id: string; label: string; icon: string; css: string; dataset: Record<string, string> }[];
}

/** A combatant's tracker data, for the tracker's turn context and for modules (`BreadboxCombatant#trackerRow`). */
export function trackerTurnData(combat: Combat.Implementation | Combat.Stored, combatant: Combatant.Implementation): TrackerTurnData | null {
  const row = combatantRowOf(combat, combatant);
  const initiativeLabel = labelOf(combatant);
  if (!row && initiativeLabel === null) return null;
  return { css: row?.css ?? "", initiativeLabel, badges: row?.badges ?? [], controls: (row?.controls ?? []).map((c) => ({ id: c.id, label: c.label, icon: c.icon ?? "", css: c.css ?? "", dataset: { ...c.dataset } })) };
}

/**
 * The tracker's round as its ruleset reads it (`BreadboxCombat#roundLabel`, e.g. the Dice Pool's
 * "Phase 7"): every text node that says exactly Foundry's "Round {round}" for the current round
 * reads the label instead. A tracker that words the round otherwise is left alone. Returns how many
 * nodes changed.
 */
export function relabelRound(combat: Combat.Implementation | Combat.Stored | null | undefined, element: HTMLElement): number {
  const label = combat instanceof BreadboxCombat ? combat.roundLabel : null;
  if (!combat || label === null) return 0;
  const round = format("COMBAT.Round", { round: combat.round });
  if (!round || round === "COMBAT.Round") return 0;
  let changed = 0;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent?.trim() === round) {
      node.textContent = node.textContent.replace(round, label);
      changed++;
    }
  }
  return changed;
}

function labelOf(combatant: Combatant.Implementation): string | null {
  const label: unknown = Reflect.get(combatant, "initiativeLabel");
  return typeof label === "string" ? label : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export class BreadboxCombatTracker extends foundry.applications.sidebar.tabs.CombatTracker {
  /** Renders begun (`_onRender`): an older one does not draw over a newer one's parts. */
  #renders = 0;

  static override DEFAULT_OPTIONS = {
    actions: { breadboxTrackerControl: BreadboxCombatTracker.#onControl },
  };

  /** Core's turn, plus the ruleset's row as data (`turn.breadbox`). */
  protected override async _prepareTurnContext(combat: Combat.Stored, combatant: Combatant.Stored, index: number) {
    const turn = await super._prepareTurnContext(combat, combatant, index);
    const own = combat.combatants.get(combatant.id);
    const data = own ? trackerTurnData(combat, own) : null;
    return data ? { ...turn, breadbox: data } : turn;
  }

  /** Each row with Breadbox data gets Breadbox's part; an initiative the ruleset reads (a rank) is not typed over. */
  protected override async _onRender(context: foundry.applications.sidebar.tabs.CombatTracker.RenderContext, options: foundry.applications.sidebar.tabs.CombatTracker.RenderOptions): Promise<void> {
    await super._onRender(context, options);
    const mine = ++this.#renders;
    relabelRound(this.viewed, this.element);
    const turns: unknown = Reflect.get(context, "turns");
    if (!Array.isArray(turns)) return;
    // Every part first (template rendering is async), then all at once, unless a newer render has
    // begun drawing its own meanwhile (its data is fresher).
    const parts: { row: HTMLElement; data: Record<string, unknown>; html: string | null }[] = [];
    for (const turn of turns) {
      if (!isRecord(turn) || typeof turn.id !== "string" || !isRecord(turn.breadbox)) continue;
      const row = this.element.querySelector<HTMLElement>(`[data-combatant-id="${CSS.escape(turn.id)}"]`);
      if (!row) continue;
      const data = turn.breadbox;
      const badges: unknown = data.badges;
      const controls: unknown = data.controls;
      const empty = (!Array.isArray(badges) || !badges.length) && (!Array.isArray(controls) || !controls.length);
      parts.push({ row, data, html: empty ? null : await foundry.applications.handlebars.renderTemplate(TRACKER_ROW_TEMPLATE, data) });
    }
    if (mine !== this.#renders) return;
    for (const { row, data, html } of parts) {
      row.querySelector(".bb-tracker-row")?.remove();
      // The ruleset's reading of the initiative (a rank, a quota) in core's initiative field, which
      // nobody types over (a typed number would replace the rank): the turn context's `initiative`
      // stays the stored number, as core's TurnContext types it.
      if (typeof data.initiativeLabel === "string") {
        const input = row.querySelector<HTMLInputElement>(".token-initiative input.initiative-input");
        const shown = input ?? row.querySelector<HTMLElement>(".token-initiative .initiative, .token-initiative > span");
        if (input) {
          input.value = data.initiativeLabel;
          input.readOnly = true;
        } else if (shown) shown.textContent = data.initiativeLabel;
      }
      if (html === null) continue;
      const part = document.createElement("div");
      part.className = ["breadbox", "bb-tracker-row", typeof data.css === "string" ? data.css : ""].filter(Boolean).join(" ");
      part.innerHTML = html;
      (row.querySelector(".token-name") ?? row).append(part);
    }
  }

  static async #onControl(this: BreadboxCombatTracker, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.stopPropagation();
    const combat = this.viewed;
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = combat && id ? combat.combatants.get(id) : undefined;
    const control = combat && combatant ? combatantRowOf(combat, combatant)?.controls.find((c) => c.id === target.dataset.control) : undefined;
    if (control) await control.run(event);
  }
}
