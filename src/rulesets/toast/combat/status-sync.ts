/**
 * Statuses kept in step with a Toast character's strike state (collapsed, dead): runtime code, apart
 * from combat/statuses.ts, whose status effects register at init (docs/architecture.md "Load what the
 * world needs").
 */
import { modelOf } from "../../../core/game";
import { withLocks } from "../../../core/chat/trust";
import { ToastActorModel } from "../data/actor";
import { toastCombatRules } from "./settings";
import type * as R from "../rules";
import { COLLAPSED_STATUS, DEAD_STATUS } from "./statuses";

/** The statuses a character should show for her stored state. */
export function wantedStatuses(data: ToastActorModel): Set<string> {
  const wanted = new Set<string>();
  if (data.dead) wanted.add(DEAD_STATUS);
  else if (data.collapsed) wanted.add(COLLAPSED_STATUS);
  return wanted;
}

/** Mirror the stored state as status effects; calls for one actor run one after the other (no doubled effect). */
export async function syncToastStatuses(actor: Actor.Implementation): Promise<void> {
  await withLocks([`toastStatus:${actor.uuid}`], () => syncNow(actor));
}

async function syncNow(actor: Actor.Implementation): Promise<void> {
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

/** The stored state a strike leaves: dead, collapsed, or (wounded or unhurt) what she had. */
export function strikeStateUpdate(state: R.StrikeState): { dead?: boolean; collapsed?: boolean } {
  if (state === "killed") return { dead: true, collapsed: false };
  if (state === "collapsed") return { collapsed: true };
  return {};
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
