/**
 * Statuses kept in step with a Toaster character's stun and wounds: runtime code, apart from
 * statuses.ts, whose status effects register at init (docs/architecture.md "Load what the world
 * needs").
 */
import { ToasterActorModel } from "./data/actor";
import { modelOf } from "../../core/game";

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
