/**
 * Collapsed and dead (seed: "Wounds"): stored on the character (`system.collapsed`, `system.dead`),
 * shown on her token and sheet as status effects, kept in step by whoever changed the character
 * (one client, so effects are not doubled). A collapse lasts until her effective wound level falls
 * below the collapse line again (healing), or — setting — until the GM lifts it.
 */
import { modelOf } from "../../../core/game";
import { ToastActorModel } from "../data/actor";
import { toastCombatRules } from "./settings";
import type * as R from "../rules";

export const COLLAPSED_STATUS = "toastCollapsed";
/** Foundry's own "dead" status (the defeated marker of tokens and the tracker). */
export const DEAD_STATUS = "dead";

export const TOAST_STATUS_EFFECTS = [
  { id: COLLAPSED_STATUS, name: "BREADBOX.ToastCombat.State.collapsed", img: "icons/svg/falling.svg" },
  { id: DEAD_STATUS, name: "BREADBOX.ToastCombat.State.killed", img: "icons/svg/skull.svg" },
];

/** The statuses a character should show for her stored state. */
export function wantedStatuses(data: ToastActorModel): Set<string> {
  const wanted = new Set<string>();
  if (data.dead) wanted.add(DEAD_STATUS);
  else if (data.collapsed) wanted.add(COLLAPSED_STATUS);
  return wanted;
}

export async function syncToastStatuses(actor: Actor.Implementation): Promise<void> {
  const data = modelOf(actor, ToastActorModel);
  if (!data || !actor.isOwner) return;
  const wanted = wantedStatuses(data);
  for (const id of [COLLAPSED_STATUS, DEAD_STATUS]) {
    const has = actor.statuses.has(id);
    const want = wanted.has(id);
    if (has !== want) await actor.toggleStatusEffect(id, { active: want, overlay: id === DEAD_STATUS });
  }
  // The dead are defeated in every combat they are in (the tracker greys them out).
  if (game.user?.isGM) {
    for (const combat of game.combats ?? []) {
      for (const c of combat.combatants) {
        if (c.actor?.uuid !== actor.uuid || c.defeated === data.dead) continue;
        await c.update({ defeated: data.dead });
      }
    }
  }
}

/** Write a strike's state: collapsed or killed (a wounded or unhurt character keeps hers). */
export async function markStrikeState(actor: Actor.Implementation, state: R.StrikeState): Promise<void> {
  if (state === "killed") await actor.update({ system: { dead: true, collapsed: false } });
  else if (state === "collapsed") await actor.update({ system: { collapsed: true } });
  await syncToastStatuses(actor);
}

/**
 * After the character changed (on the client that changed it): lift a collapse healing has ended
 * (setting), then mirror the state as status effects.
 */
export async function afterActorChange(actor: Actor.Implementation): Promise<void> {
  const data = modelOf(actor, ToastActorModel);
  if (!data || !actor.isOwner) return;
  const status = data.woundStatus;
  if (data.collapsed && !data.dead && toastCombatRules().collapseLasts === "untilHealed" && status && !status.seriouslyWounded) {
    await actor.update({ system: { collapsed: false } });
    return; // that update comes back here
  }
  await syncToastStatuses(actor);
}

export function registerToastStatusSync(): void {
  Hooks.on("updateActor", (actor, changes, _options, userId) => {
    if (userId !== game.user?.id) return;
    const system: unknown = changes.system;
    if (!system || typeof system !== "object" || !("wounds" in system || "collapsed" in system || "dead" in system)) return;
    afterActorChange(actor).catch((err: unknown) => console.error("Breadbox | Toast statuses", err));
  });
}
