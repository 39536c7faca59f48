/**
 * D10/0 weapon and armor item models (seed: "DAT", "Adjustment", "Advanced Simulations"). Stored:
 * what the item sheet edits — the check's skill, damage notation, AP costs, fire blocks (optional
 * rule), adjustment notation and the Dude regions armor covers. Notation is checked by the rules
 * core's parsers, so a malformed `10 - 2D` is refused with the parser's message.
 *
 * Ownership: after the models commit this file belongs to the combat part (DAT, fire blocks).
 */
import * as R from "../init-rules";
import { BreadboxItemModel, choice, equipped, int, text } from "../../../core/data/fields";
import { AP_RANGE, DUDE_REGIONS, notation } from "./fields";

const fields = foundry.data.fields;

export const WEAPON_RANGES = ["close", "ranged"] as const;
export type WeaponRange = (typeof WEAPON_RANGES)[number];
export const FIRE_AP_KINDS = ["fixed", "perX", "choice"] as const;
export const FIRE_AMOUNT_KINDS = ["flat", "perX"] as const;
export const FIRE_DAMAGE_BY = ["all", "step", "apCost"] as const;

function fireBlockSchema() {
  return new fields.SchemaField({
    title: text(),
    kind: choice(R.FIRE_KINDS, "single"),
    apKind: choice(FIRE_AP_KINDS, "fixed"),
    /** Fixed cost, or the base of a base + X cost. */
    apCost: int({ ...AP_RANGE, initial: 2 }),
    shotsPerX: int({ min: 1, max: R.MAX_FIRE_AMOUNT, initial: 1 }),
    apChoices: new fields.ArrayField(int({ ...AP_RANGE, initial: 1 })),
    spread: new fields.ArrayField(notation(R.parseSpreadStep, "> 0")),
    amountKind: choice(FIRE_AMOUNT_KINDS, "flat"),
    amounts: new fields.ArrayField(int({ min: 0, max: R.MAX_FIRE_AMOUNT, initial: 1 })),
    damageBy: choice(FIRE_DAMAGE_BY, "all"),
    damage: new fields.ArrayField(notation(R.parseDamage)),
  });
}
export type FireBlockData = foundry.data.fields.SchemaField.InitializedData<ReturnType<typeof fireBlockSchema>["fields"]>;

function weaponSchema() {
  return {
    /** The skill the attack checks: a root key (ranged, close…) or a branch skill's name. */
    skill: text("ranged"),
    range: choice(WEAPON_RANGES, "ranged"),
    /** Damage notation (flat + variable dice with limits, kilo/mega prefixes): "10 + 2D(ST)". */
    damage: notation(R.parseDamage, "0 + 1D"),
    /** AP of a simple attack with it (a simple ranged attack is 2, a simple close attack 1). */
    attackAp: int({ ...AP_RANGE, initial: 2 }),
    drawAp: int({ ...AP_RANGE, initial: 1 }),
    /** Reloading a magazine: 1 AP (docs/rules/d100.md, "Foundry side: combat"). */
    reloadAp: int({ ...AP_RANGE, initial: 1 }),
    /** Rounds in a magazine (0: no magazine) and rounds loaded. */
    capacity: int({ min: 0, max: 100_000, initial: 0 }),
    loaded: int({ min: 0, max: 100_000, initial: 0 }),
    fireBlocks: new fields.ArrayField(fireBlockSchema()),
    equipped: equipped(),
  };
}

export class D100WeaponModel extends BreadboxItemModel<ReturnType<typeof weaponSchema>> {
  static override ownSchema = weaponSchema;
}

function armorSchema() {
  return {
    /** Adjustment notation ("-10F -2R"): flat for hard armor, repeating for soft. */
    adjustment: notation(R.parseAdjustment, "-5F"),
    /** Dude regions the armor covers (drawn on the sheet's body diagram). */
    coverage: new fields.ArrayField(choice(DUDE_REGIONS, "chest")),
    equipped: equipped(),
  };
}

export class D100ArmorModel extends BreadboxItemModel<ReturnType<typeof armorSchema>> {
  static override ownSchema = armorSchema;
}
