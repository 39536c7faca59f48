/**
 * Toaster turn order: initiative 1d10 + Coordination (a plain d10, 1–10), rolled again at the
 * start of every round unless the world setting keeps it. Ties: higher Coordination first, then
 * name (the rulebook's opposed Coordination roll is left to the GM when it matters).
 */
import type { CombatRules } from "../../core/registry";
import { toasterRules } from "./settings";
import type { ToasterActorModel } from "./data/actor";

function coordination(actor: Actor.Implementation | null | undefined): number {
  if (!actor || (actor.type as string) !== "toaster") return 0;
  return (actor.system as unknown as ToasterActorModel).effective?.coordination ?? 0;
}

export const toasterCombat: CombatRules = {
  initiativeFormula: () => "1d10 + @coordination",
  rerollEachRound: () => toasterRules().rerollInitiative,
  breakTie: (a, b) => coordination(b.actor) - coordination(a.actor),
};
