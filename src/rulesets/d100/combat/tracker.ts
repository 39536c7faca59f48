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
import type { CombatAction, CombatantRow, CombatRules } from "../../../core/registry";
import { currentUser, localize, modelOf } from "../../../core/game";
import { D100ActorModel } from "../data/actor";
import { d100CombatRules } from "./settings";
import { forfeitOnTurnEnd, refreshOnTurnStart, reserveAp, trackerLabel } from "./ap";
import { endInterruption, holdsInitiative, initiativeControls, relayInitiativeControl, requestInitiativeControl, type InitiativeControl, type TurnHooks } from "./bypass";
import type { RelayContext, RelayResult } from "../../../core/relay";

type AnyCombat = Combat.Implementation | Combat.Stored;

/** A turn received and a turn passed, as the tracker's turn events run them (bypass.ts uses them for an interruption). */
const TURN_HOOKS: TurnHooks = { receive: refreshOnTurnStart, pass: forfeitOnTurnEnd };

/** GM side of `d100.initiative` (bypass.ts). */
export function relayInitiative(ctx: RelayContext): Promise<RelayResult> {
  return relayInitiativeControl(ctx, TURN_HOOKS);
}

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
  // The quota: the tie checks live in the decimals (initiativeFormulaFor), never shown.
  initiativeLabel: (combatant) => quotaLabel(combatant.initiative),
  combatantRow: (combat, combatant) => d100CombatantRow(combat, combatant),
  initiativeFormula: (actor) => initiativeFormulaFor(modelOf(actor, D100ActorModel)?.actionQuota ?? 0, d100CombatRules().tieMode),
  rerollEachRound: () => false,
  onTurnStart: async (_combat, combatant) => {
    await refreshOnTurnStart(combatant);
  },
  onTurnEnd: async (combat, combatant) => {
    // A turn's end also ends an interruption of it (a GM's Next Turn under it).
    await endInterruption(combat, TURN_HOOKS);
    await forfeitOnTurnEnd(combatant);
  },
};

/**
 * Show a D10/0 initiative as its Action Quota: the tie checks live in the decimals (see
 * initiativeFormulaFor), which core's row would show as "6.00" or "12.01".
 */
function quotaLabel(initiative: number | null | undefined): string | null {
  return typeof initiative === "number" && Number.isFinite(initiative) ? String(Math.trunc(initiative)) : null;
}

const CONTROL_ICONS: Record<InitiativeControl, string> = { bypass: "fa-solid fa-hand", interrupt: "fa-solid fa-arrow-up", end: "fa-solid fa-check" };
const RESERVE_ID = "d100Reserve";

/**
 * A D10/0 combatant's row as data (`CombatRules.combatantRow`): its action points (left, quota,
 * reserved, actions under way), whether it bypassed or interrupts, the Bypass / Interrupt / End
 * controls the current user may use, and Reserve for the owner of the character holding the
 * initiative (each still checked by the GM).
 */
export function d100CombatantRow(combat: AnyCombat, combatant: Combatant.Implementation): CombatantRow | null {
  const actor = combatant.actor;
  const label = trackerLabel(actor);
  if (!actor || label === null) return null;
  const badges: CombatantRow["badges"] = [{ label, css: "bb-d100-ap-left" }];
  const { badge, controls } = initiativeControls(combat, combatant, currentUser());
  if (badge) badges.push({ label: localize(`BREADBOX.D100.Combat.Bypass.State.${badge}`), css: `bb-d100-initiative bb-d100-${badge}` });
  const actions: CombatAction[] = controls.map((control) => ({
    id: `d100Initiative|${control}|${combatant.id ?? ""}`,
    label: localize(`BREADBOX.D100.Combat.Bypass.${control}`),
    icon: CONTROL_ICONS[control],
    css: "bb-d100-initiative-control",
    dataset: { "d100-initiative": control },
    run: () => requestInitiativeControl(combat, combatant, control),
  }));
  if (combat.started && holdsInitiative(combat, combatant) && actor.isOwner && d100CombatRules().strictPeriods) {
    actions.push({ id: `${RESERVE_ID}|${combatant.id ?? ""}`, label: localize("BREADBOX.D100.Combat.AP.Reserve"), css: "bb-d100-reserve", run: () => reserveAp(actor) });
  }
  return { css: "bb-d100-ap", badges, controls: actions };
}

export function registerTrackerHooks(): void {
  // The rows show stored points: draw them again when a fighting character's points change.
  Hooks.on("updateActor", (actor, changes) => {
    const system: unknown = changes.system;
    if (!system || typeof system !== "object" || !("combat" in system)) return;
    if (!ui.combat?.viewed?.combatants.some((c) => c.actor?.uuid === actor.uuid)) return;
    void ui.combat?.render();
  });
}
