/**
 * The combat tracker for D10/0 (seed: "Action Timing", "Strict Period Structure"). Initiative is
 * the Action Quota, highest first, fixed for the strict period (never rolled again). Ties follow
 * the world setting: "check" — each tied character makes a d10 check against their quota and the
 * higher effort goes first; a second d10 breaks a tie that is still standing (the book's "roll
 * again") — or "simultaneous" (no dice; tied characters sit next to each other). The quota
 * refills when a combatant receives the turn and unreserved points are forfeited when it passes.
 * Each row shows the points left, the quota and the reserved points; the owner of the combatant
 * whose turn it is can reserve what is left for reactions.
 */
import type { CombatRules } from "../../../core/registry";
import { localize, modelOf } from "../../../core/game";
import { D100ActorModel } from "../data/actor";
import { d100CombatRules } from "./settings";
import { forfeitOnTurnEnd, refreshOnTurnStart, reserveAp, trackerLabel } from "./ap";

/**
 * Foundry dice notation of a character's initiative. A Foundry d10 shows 1–10; the book reads the
 * ten as 0, so a face is `1d10 % 10` (0–9) and the tie check's effort is quota − face. Efforts
 * lie within ±100, so the two tie checks fit in the decimals below the quota.
 */
export function initiativeFormulaFor(quota: number, tieMode: "check" | "simultaneous"): string {
  const q = Math.max(0, Math.trunc(quota));
  if (tieMode === "simultaneous") return `${q}`;
  return `${q} + (${q} - (1d10 % 10)) / 1000 + (${q} - (1d10 % 10)) / 1000000`;
}

export const d100Combat: CombatRules = {
  initiativeFormula: (actor) => initiativeFormulaFor(modelOf(actor, D100ActorModel)?.actionQuota ?? 0, d100CombatRules().tieMode),
  rerollEachRound: () => false,
  onTurnStart: async (_combat, combatant) => {
    await refreshOnTurnStart(combatant);
  },
  onTurnEnd: async (_combat, combatant) => {
    await forfeitOnTurnEnd(combatant);
  },
};

/**
 * Show a D10/0 initiative as its Action Quota: the tie checks live in the decimals (see
 * initiativeFormulaFor), which core's row would show as "6.00" or "12.01".
 */
function showQuota(row: HTMLElement, combatant: Combatant.Implementation): void {
  const initiative = combatant.initiative;
  if (typeof initiative !== "number" || !Number.isFinite(initiative)) return;
  const quota = String(Math.trunc(initiative));
  const input = row.querySelector<HTMLInputElement>(".token-initiative input.initiative-input");
  if (input) input.value = quota;
  else {
    const shown = row.querySelector<HTMLElement>(".token-initiative .initiative");
    if (shown) shown.textContent = quota;
  }
}

/**
 * Add each D10/0 combatant's action points (and a Reserve button on the acting owner's row) to the
 * tracker's rows, for the combat the tracker shows (`viewed`, not necessarily `game.combat`).
 */
export function decorateTracker(html: HTMLElement, combat: Combat.Implementation | Combat.Stored | null | undefined = game.combats?.viewed): void {
  for (const row of html.querySelectorAll<HTMLElement>("[data-combatant-id]")) {
    const combatant = combat?.combatants.get(row.dataset.combatantId ?? "");
    const actor = combatant?.actor;
    const label = trackerLabel(actor);
    if (!combat || !combatant || !actor || label === null) continue;
    showQuota(row, combatant);
    row.querySelector(".bb-d100-ap")?.remove();
    const box = document.createElement("div");
    box.className = "breadbox bb-d100-ap";
    const text = document.createElement("span");
    text.className = "bb-d100-ap-left";
    text.textContent = label;
    box.append(text);
    if (combat.started && combat.combatant?.id === combatant.id && actor.isOwner && d100CombatRules().strictPeriods) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "bb-d100-reserve";
      button.textContent = localize("BREADBOX.D100.Combat.AP.Reserve");
      button.title = localize("BREADBOX.D100.Combat.AP.ReserveHint");
      button.addEventListener("click", (event) => {
        event.preventDefault();
        event.stopPropagation();
        void reserveAp(actor);
      });
      box.append(button);
    }
    (row.querySelector(".token-name") ?? row).append(box);
  }
}

export function registerTrackerHooks(): void {
  Hooks.on("renderCombatTracker", (app, html) => {
    if (html instanceof HTMLElement) decorateTracker(html, app.viewed);
  });
  // The rows show stored points: draw them again when a fighting character's points change.
  Hooks.on("updateActor", (actor, changes) => {
    const system: unknown = changes.system;
    if (!system || typeof system !== "object" || !("combat" in system)) return;
    if (!ui.combat?.viewed?.combatants.some((c) => c.actor?.uuid === actor.uuid)) return;
    void ui.combat?.render();
  });
}
