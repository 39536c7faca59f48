/**
 * Status effects mirroring the stun states and mortal wounds, kept in sync with the actor's
 * tracks by whoever changed them (one client only, so effects are not doubled; status-sync.ts,
 * runtime). This module holds what registers at init.
 */

export const TOASTER_STATUS_EFFECTS = [
  { id: "toasterBruised", name: "BREADBOX.Toaster.Stun.bruised", img: "icons/svg/daze.svg" },
  { id: "toasterBattered", name: "BREADBOX.Toaster.Stun.battered", img: "icons/svg/daze.svg" },
  { id: "toasterDazed", name: "BREADBOX.Toaster.Stun.dazed", img: "icons/svg/daze.svg" },
  { id: "toasterStunned", name: "BREADBOX.Toaster.Stun.stunned", img: "icons/svg/stoned.svg" },
  { id: "unconscious", name: "BREADBOX.Toaster.Stun.unconscious", img: "icons/svg/unconscious.svg" },
  { id: "toasterMortallyWounded", name: "BREADBOX.Toaster.Damage.MortallyWounded", img: "icons/svg/skull.svg" },
];
