/**
 * A weapon's stored fire blocks as the rules core reads them (validated by the core): runtime code
 * (combat, the weapon sheet), apart from data/weapons.ts, whose schema stores them
 * (docs/architecture.md "Load what the world needs").
 */
import * as R from "./rules";
import { D100WeaponModel, type FireBlockData } from "./data/weapons";

/** The core's FireBlock from a stored block (validated by the core; throws with its message). */
export function toFireBlock(b: FireBlockData, key: string): R.FireBlock {
  const apCost: R.FireApCost =
    b.apKind === "fixed" ? { kind: "fixed", cost: b.apCost } : b.apKind === "perX" ? { kind: "perX", base: b.apCost, shotsPerX: b.shotsPerX } : { kind: "choice", costs: [...b.apChoices] };
  const amount: R.FireAmount[] = b.amounts.map((a) => (b.amountKind === "flat" ? { kind: "flat", value: a } : { kind: "perX", per: a }));
  return R.validateFireBlock({ key, title: b.title, kind: b.kind, apCost, spread: b.spread.map((s) => R.parseSpreadStep(s)), amount, damage: [...b.damage], damageBy: b.damageBy });
}

/** A weapon's fire blocks as the core reads them (a malformed block is refused with the core's message). */
export function fireBlocksOf(weapon: Item.Implementation): R.FireBlock[] {
  const w = weapon.system;
  return w instanceof D100WeaponModel ? w.fireBlocks.map((b, i) => toFireBlock(b, `${weapon.id ?? "weapon"}-${i}`)) : [];
}
