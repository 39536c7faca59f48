/**
 * The Barrier Shield in an attack (seed: "Example: Spirit Shaman", "Barrier Shield: Need 3, Hold
 * 3": "The shield presents a defensive 25 difficulty that protects the shaman from attacks. Any
 * attacks that are prevented because of the shield's difficulty contact the shield. The shield
 * blocks up to 25 points of damage before failing. When the shield fails, a Focus check determines
 * if the Power Points held for the shield are kept or drained.").
 *
 * The shield is raised by the power action whose effect is "barrierShield" (powers.ts
 * `spendPowerAction`: its Need and Hold paid, `system.combat.shield` set to 25 and the power) and
 * dropped when its held points are released or drained. An attack on a shielded character is
 * resolved on the active GM's client (attack.ts, under the defender's resource lock): the rules
 * core's `shieldedAttack` places it — through (it beats the difficulty plus 25), on the shield (it
 * would have hit without it) or missed — the shield takes the damage (`shieldAbsorb`, before the
 * shaman's own adjustments), and a shield that fails makes the shaman's Focus check
 * (`settleShieldFailure`).
 */
import * as R from "../rules";
import { modelOf, localize } from "../../../core/game";
import { D100ActorModel } from "../data/actor";
import { D100PowerModel } from "../data/items";
import { buildCheck, defaultChoices } from "../checks";
import { D100CheckRoll } from "../dice/check-roll";

/** The defender's raised shield (null: none): the damage it still blocks and the power holding its points. */
export function shieldOf(actor: Actor.Implementation): { remaining: number; power: Item.Implementation | null } | null {
  const m = modelOf(actor, D100ActorModel);
  const s = m?.combat.shield;
  if (!s || s.remaining <= 0) return null;
  const item = s.power ? (actor.items.get(s.power) ?? null) : null;
  return { remaining: s.remaining, power: modelOf(item, D100PowerModel) ? item : null };
}

/** What a hit on the shield did, for the resolution card. */
export interface ShieldStrike {
  absorbed: number;
  remaining: number;
  failed: boolean;
  /** The Focus check when it failed: its faces and whether the held points were kept. */
  focus: { faces: string; effort: number; kept: boolean } | null;
  rolls: Roll[];
}

/**
 * Damage that struck the shield (GM's client, inside the defender's resource lock): the shield
 * blocks up to what it has left; when it fails, the Focus check (a D10/0 attribute check as every
 * check is built) keeps the held points on a success and drains them otherwise. Writes the shield
 * and the power's points.
 */
export async function strikeShield(defender: Actor.Implementation, shield: { remaining: number; power: Item.Implementation | null }, damage: number, title: string): Promise<ShieldStrike> {
  const hit = R.shieldAbsorb({ remaining: shield.remaining, damage });
  if (!hit.failed) {
    await defender.update({ system: { combat: { shield: { remaining: hit.remaining } } } });
    return { absorbed: hit.absorbed, remaining: hit.remaining, failed: false, focus: null, rolls: [] };
  }
  const roll = D100CheckRoll.fromCheck({ ...buildCheck(defender, defaultChoices({ target: "attribute:focus", ladder: "average", modifier: 0, overflow: false })).options, title });
  await roll.evaluate();
  const check = roll.checkResult;
  if (!check) throw new Error("BREADBOX.Relay.Failed");
  const power = modelOf(shield.power, D100PowerModel);
  let kept = check.outcome === "success";
  if (shield.power && power) {
    const held = Math.min(R.BARRIER_SHIELD.held, power.held);
    const settled = R.settleShieldFailure({ normal: Math.max(0, power.normal), current: power.current, held: power.held }, check, held);
    kept = settled.kept;
    await shield.power.update({ system: { current: settled.points.current, held: settled.points.held } });
  }
  await defender.update({ system: { combat: { shield: { remaining: 0, power: "" } } } });
  return { absorbed: hit.absorbed, remaining: 0, failed: true, focus: { faces: check.faces.join(" "), effort: check.effort, kept }, rolls: [roll, ...roll.overflowRolls] };
}

/** The card's line for the shield's result. */
export function shieldLabel(key: "through" | "shield" | "missed"): string {
  return localize(`BREADBOX.D100.Combat.Shield.${key}`);
}
