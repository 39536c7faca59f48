/**
 * Fields the combat part keeps on the d100 actor, spread by the actor model under
 * `system.combat`: the action points left on this initiative and those reserved for reactions
 * (seed: "Action Quota", "During an Agent's Initiative"). The quota itself is derived (Action
 * Quota), never stored. The combat part owns this file.
 */
const fields = foundry.data.fields;

/** Most action points a character can hold (far above any quota the attributes give). */
export const MAX_ACTION_POINTS = 1000;

const points = () => new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_ACTION_POINTS, initial: 0 });

export function d100CombatFields() {
  return {
    /** Points usable on this initiative (refilled to the quota when the initiative arrives). */
    ap: new fields.SchemaField({ value: points() }),
    /** Points set aside for reactions while the initiative is elsewhere. */
    reserved: points(),
    /** A raised Barrier Shield: the damage it still blocks (0: none) and the power holding its points (seed: "Barrier Shield"). */
    shield: new fields.SchemaField({
      remaining: points(),
      power: new fields.StringField({ required: true, blank: true, initial: "" }),
    }),
    /** Actions started but not yet paid in full (paid over several rounds; seed: "Action Quota"). */
    pending: new fields.ArrayField(
      new fields.SchemaField({
        id: new fields.StringField({ required: true, blank: false, initial: "action" }),
        label: new fields.StringField({ required: true, blank: true, initial: "" }),
        cost: points(),
        paid: points(),
        /** An attack paid over several rounds: its key (attack-cost.ts `attackKey`); blank for any other action. */
        attack: new fields.StringField({ required: true, blank: true, initial: "" }),
      }),
    ),
  };
}

/** What token bars read besides the stored values: {value, max} pairs. */
export interface CombatDerivedTarget {
  actionQuota: number;
  healthNormal: number;
  health: { current: number };
  combat: { ap: { value: number } };
}

/**
 * Derived values for token bars (called at the end of the actor's prepareDerivedData): the AP
 * bar's maximum is the Action Quota, the health bar reads Current of Normal. Never stored.
 */
export function prepareCombatDerived(system: CombatDerivedTarget): void {
  Object.assign(system.combat.ap, { max: system.actionQuota });
  Object.assign(system.health, { value: system.health.current, max: system.healthNormal });
}
