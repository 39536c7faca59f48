/**
 * Status effects that follow a Dice Pool character's wounds (the rules core's woundState):
 * incapacitated → Foundry's "unconscious", a fatal wound → "dead" (which the combat tracker shows
 * as defeated). Kept in step by whoever changed the wounds (one client, so nothing is doubled).
 * Healing: the owner marks a wound healed from the sheet (its time is shown there). The syncing and
 * healing code is in combat/status-sync.ts (runtime); this module holds what registers at init.
 */

export const POOL_STATUS_EFFECTS = [
  { id: "unconscious", name: "BREADBOX.Pool.Status.incapacitated", img: "icons/svg/unconscious.svg" },
  { id: "dead", name: "BREADBOX.Pool.Status.dead", img: "icons/svg/skull.svg" },
];
