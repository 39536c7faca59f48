/**
 * The health range as status effects (seed: "The Health Range", "Failing Health", "Death"):
 * Injured, On the Brink, Dying and Dead (Foundry's own "dead" status, so the tracker marks the
 * combatant defeated). Kept in step with Current health by the client that changed it
 * (combat/status-sync.ts, runtime); this module holds what registers at init.
 */

export const D100_STATUS_EFFECTS = [
  { id: "d100Injured", name: "BREADBOX.D100.Combat.Health.injured", img: "icons/svg/blood.svg" },
  { id: "d100OnTheBrink", name: "BREADBOX.D100.Combat.Health.onTheBrink", img: "icons/svg/falling.svg" },
  { id: "d100Dying", name: "BREADBOX.D100.Combat.Health.dying", img: "icons/svg/unconscious.svg" },
  { id: "dead", name: "BREADBOX.D100.Combat.Health.dead", img: "icons/svg/skull.svg" },
];
