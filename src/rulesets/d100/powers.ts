/**
 * Power points on the sheet and in checks (seed: "Powers"): an action's cost runs through the
 * rules core's `applyPowerCost` (Need, Gain, Drain, Hold, left to right, all or nothing), then
 * the power item's Current and held points are written. A failed Need or a short Drain/Hold
 * changes nothing and says which function failed. Recovery and releasing held points use
 * `recoverPowerPoints` and `releaseHeld`.
 */
import * as R from "./rules";
import { format, localize, modelOf } from "../../core/game";
import { SYSTEM_ID } from "../../core/ids";
import { postCard } from "../../core/chat/post";
import { audienceForMode, currentMessageMode } from "../../core/compat";
import { D100PowerModel } from "./data/items";
import { D100ActorModel } from "./data/actor";
import { noteCardHtml } from "../../core/chat/note-card";

type PowerAction = D100PowerModel["actions"][number];

/** The difficulty change a power action grants the next check: its delta once, and again per X when its cost takes X. */
export function powerActionDelta(action: PowerAction, x: number): number {
  if (!action.difficultyDelta) return 0;
  const usesX = /x/i.test(action.cost);
  return action.difficultyDelta * (usesX ? 1 + x : 1);
}

function pointsOf(p: D100PowerModel): R.PowerPoints {
  return { normal: Math.max(0, p.normal), current: p.current, held: p.held };
}

/** A power action's cost on its item's points as they are now: the points after it, or why it cannot be paid (localized). */
export function powerActionCost(
  actor: Actor.Implementation,
  item: Item.Implementation,
  index: number,
  opts: { x?: number; choices?: number[] } = {},
): { ok: true; power: D100PowerModel; action: PowerAction; result: R.PowerCostResult } | { ok: false; level: "error" | "warn"; message: string } {
  const power = modelOf(item, D100PowerModel);
  const action = power?.actions[index];
  if (!power || !action || item.parent !== actor) return { ok: false, level: "error", message: format("BREADBOX.D100.Error.UnknownPowerAction", { action: String(index) }) };
  let result: R.PowerCostResult;
  try {
    const terms = R.parsePowerCost(action.cost);
    const choices = opts.choices ?? terms.filter((t) => t.kind === "choice").map(() => 0);
    result = R.applyPowerCost(pointsOf(power), terms, { x: opts.x ?? 0, choices });
  } catch (err) {
    return { ok: false, level: "error", message: err instanceof Error ? err.message : String(err) };
  }
  if (!result.ok) return { ok: false, level: "warn", message: format("BREADBOX.D100.Power.Refused", { power: item.name ?? "", action: action.name, fn: localize(`BREADBOX.D100.Power.Fn.${result.failed ?? "need"}`) }) };
  return { ok: true, power, action, result };
}

/**
 * Spend a power action's cost. Returns the applied steps, or null (with a message) when the cost
 * cannot be paid or the action does not exist.
 */
export async function spendPowerAction(
  actor: Actor.Implementation,
  item: Item.Implementation,
  index: number,
  opts: { x?: number; choices?: number[]; post?: boolean } = {},
): Promise<R.PowerCostResult | null> {
  const cost = powerActionCost(actor, item, index, opts);
  if (!cost.ok) {
    ui.notifications?.[cost.level](cost.message);
    return null;
  }
  const { power, action, result } = cost;
  await item.update({ system: { current: result.points.current, held: result.points.held } });
  // Barrier Shield: the shield is up, blocking its 25 until it fails (combat/shield.ts).
  if (action.effect === "barrierShield") await actor.update({ system: { combat: { shield: { remaining: R.BARRIER_SHIELD.capacity, power: item.id ?? "" } } } });
  if (opts.post !== false) {
    const steps = result.applied.map((s) => `${localize(`BREADBOX.D100.Power.Fn.${s.fn}`)} ${s.amount}`).join(", ");
    const lines = [{ text: steps }, { text: format("BREADBOX.D100.Power.Points", { current: result.points.current, held: result.points.held, normal: power.normal }), cls: "bb-muted" }];
    if (action.actionPoints) lines.push({ text: format("BREADBOX.D100.Power.ActionPoints", { ap: action.actionPoints }), cls: "bb-muted" });
    const content = await noteCardHtml({ kind: "d100-power", title: `${item.name ?? ""} — ${action.name}`, lines });
    await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, flags: { [SYSTEM_ID]: { type: "d100Power" } } }, audienceForMode(currentMessageMode()));
  }
  return result;
}

/** Recover a power's points for some intervals (never past Normal). */
export async function recoverPower(item: Item.Implementation, intervals: number): Promise<void> {
  const power = modelOf(item, D100PowerModel);
  if (!power) return;
  const next = R.recoverPowerPoints(pointsOf(power), { recovery: { amount: power.recoveryAmount, per: power.recoveryPer } }, intervals);
  await item.update({ system: { current: next.current } });
}

/** Release held points (a missed Spirit Lance), or spend them (a hit). */
export async function releaseHeldPoints(item: Item.Implementation, spend: boolean): Promise<void> {
  const power = modelOf(item, D100PowerModel);
  if (!power || power.held === 0) return;
  const next = R.releaseHeld(pointsOf(power), power.held, spend);
  await item.update({ system: { current: next.current, held: next.held } });
  // Points no longer held hold no shield.
  const owner = item.parent;
  const shield = owner ? modelOf(owner, D100ActorModel)?.combat.shield : undefined;
  if (owner && shield && shield.power === item.id) await owner.update({ system: { combat: { shield: { remaining: 0, power: "" } } } });
}
