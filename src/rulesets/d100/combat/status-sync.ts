/**
 * Health statuses kept in step with a D10/0 character's health state, and the token's health bar
 * redirected to its hit points: runtime code, apart from combat/statuses.ts, whose status effects
 * register at init (docs/architecture.md "Load what the world needs").
 */
import { modelOf } from "../../../core/game";
import { D100ActorModel } from "../data/actor";
import type { HealthState } from "../init-rules";

const STATUS_OF_STATE: Partial<Record<HealthState, string>> = { injured: "d100Injured", onTheBrink: "d100OnTheBrink", dying: "d100Dying", dead: "dead" };

/** The status id the actor's health state calls for (none when normal or exceptional). */
export function healthStatus(state: HealthState): string | null {
  return STATUS_OF_STATE[state] ?? null;
}

export async function syncHealthStatuses(actor: Actor.Implementation): Promise<void> {
  const data = modelOf(actor, D100ActorModel);
  if (!data || !actor.isOwner) return;
  const wanted = healthStatus(data.healthState);
  for (const id of Object.values(STATUS_OF_STATE)) {
    const want = id === wanted;
    if (actor.statuses.has(id) !== want) await actor.toggleStatusEffect(id, { active: want });
  }
}

/** Health edited on a sheet or a token bar: the client that made the change updates the statuses. */
export function registerHealthStatusSync(): void {
  Hooks.on("updateActor", (actor, changes, _options, userId) => {
    if (userId !== game.user?.id || !modelOf(actor, D100ActorModel)) return;
    const system: unknown = changes.system;
    if (!system || typeof system !== "object" || !("health" in system || "attributes" in system)) return;
    void syncHealthStatuses(actor);
  });
}

/**
 * Token bar edits of health: the bar shows Current of Normal as `health.value/max` (derived), so
 * Foundry's bar update names `system.health.value`; it is moved to the stored `health.current`
 * (public hook `modifyTokenAttribute`, which hands over the update before it is applied).
 */
export function redirectHealthBar(data: { attribute?: unknown }, updates: Record<string, unknown>, actor: unknown): void {
  if (data?.attribute !== "health" || !(actor instanceof Actor) || !modelOf(actor, D100ActorModel)) return;
  const key = "system.health.value";
  if (!Object.hasOwn(updates, key)) return;
  const value = updates[key];
  delete updates[key];
  if (typeof value === "number" && Number.isFinite(value)) updates["system.health.current"] = Math.trunc(value);
}

export function registerHealthBar(): void {
  // fvtt-types 13.345 omits the hook's third argument (the actor), which the public API passes.
  Hooks.on("modifyTokenAttribute", (data: { attribute?: unknown }, updates: Record<string, unknown>, ...rest: unknown[]) => {
    redirectHealthBar(data, updates, rest[0]);
    return true;
  });
}
