/**
 * Status effects mirroring the stun states and mortal wounds, kept in sync with the actor's
 * tracks by whoever changed them (one client only, so effects are not doubled).
 */
import { ToasterActorModel } from "./data/actor";
import { modelOf } from "../../core/game";

export const TOASTER_STATUS_EFFECTS = [
  { id: "toasterBruised", name: "BREADBOX.Toaster.Stun.bruised", img: "icons/svg/daze.svg" },
  { id: "toasterBattered", name: "BREADBOX.Toaster.Stun.battered", img: "icons/svg/daze.svg" },
  { id: "toasterDazed", name: "BREADBOX.Toaster.Stun.dazed", img: "icons/svg/daze.svg" },
  { id: "toasterStunned", name: "BREADBOX.Toaster.Stun.stunned", img: "icons/svg/stoned.svg" },
  { id: "unconscious", name: "BREADBOX.Toaster.Stun.unconscious", img: "icons/svg/unconscious.svg" },
  { id: "toasterMortallyWounded", name: "BREADBOX.Toaster.Damage.MortallyWounded", img: "icons/svg/skull.svg" },
];

const STUN_STATUS: Record<string, string> = {
  bruised: "toasterBruised",
  battered: "toasterBattered",
  dazed: "toasterDazed",
  stunned: "toasterStunned",
  unconscious: "unconscious",
};

/** The status ids an actor should carry for its current tracks. */
export function wantedStatuses(data: ToasterActorModel): Set<string> {
  const wanted = new Set<string>();
  const stun = STUN_STATUS[data.stunState.key];
  if (stun) wanted.add(stun);
  if (data.mortallyWounded) wanted.add("toasterMortallyWounded");
  return wanted;
}

export async function syncToasterStatuses(actor: Actor.Implementation): Promise<void> {
  const data = modelOf(actor, ToasterActorModel);
  if (!data || !actor.isOwner) return;
  const wanted = wantedStatuses(data);
  const all = [...new Set(Object.values(STUN_STATUS)), "toasterMortallyWounded"];
  for (const id of all) {
    const has = actor.statuses.has(id);
    const want = wanted.has(id);
    if (has !== want) await actor.toggleStatusEffect(id, { active: want });
  }
}

export function registerStatusSync(): void {
  Hooks.on("updateActor", (actor, changes, _options, userId) => {
    if (userId !== game.user?.id) return;
    const system: unknown = changes.system;
    if (!system || typeof system !== "object" || !("stun" in system || "wounds" in system)) return;
    void syncToasterStatuses(actor);
  });
}
