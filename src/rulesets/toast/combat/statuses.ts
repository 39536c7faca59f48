/**
 * Collapsed and dead (seed: "Wounds"): stored on the character (`system.collapsed`, `system.dead`),
 * shown on her token and sheet as status effects, kept in step by whoever changed the character
 * (one client, so effects are not doubled). A collapse lasts until her effective wound level falls
 * below the collapse line again (healing), or — setting — until the GM lifts it. The syncing code
 * is in combat/status-sync.ts (runtime); this module holds what registers at init.
 */

export const COLLAPSED_STATUS = "toastCollapsed";
/** Foundry's own "dead" status (the defeated marker of tokens and the tracker). */
export const DEAD_STATUS = "dead";

export const TOAST_STATUS_EFFECTS = [
  { id: COLLAPSED_STATUS, name: "BREADBOX.ToastCombat.State.collapsed", img: "icons/svg/falling.svg" },
  { id: DEAD_STATUS, name: "BREADBOX.ToastCombat.State.killed", img: "icons/svg/skull.svg" },
];
