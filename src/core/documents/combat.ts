/**
 * Combat and Combatant classes shared by every ruleset. Turn order, the initiative formula and
 * whether initiative is rolled again each round come from the ruleset's CombatRules.
 */
import { getRuleset, rulesetOfType, type CombatRules } from "../registry";

function rulesFor(actor: Actor.Implementation | null | undefined): CombatRules | undefined {
  if (!actor) return undefined;
  const id = rulesetOfType(actor.type);
  return id ? getRuleset(id)?.combat : undefined;
}

export class BreadboxCombatant extends Combatant {
  protected override _getInitiativeFormula(): string {
    const rules = rulesFor(this.actor);
    return rules ? rules.initiativeFormula(this.actor) : super._getInitiativeFormula();
  }
}

export class BreadboxCombat extends Combat {
  /** The rules of the first combatant with an actor; a combat mixes rulesets only by accident. */
  get rules(): CombatRules | undefined {
    for (const c of this.combatants) {
      const r = rulesFor(c.actor);
      if (r) return r;
    }
    return undefined;
  }

  /**
   * Foundry's setupTurns passes this method to Array#sort unbound, so it must not use `this`:
   * the rules come from the two combatants' own actors.
   */
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    const rules = rulesFor(a.actor) ?? rulesFor(b.actor);
    const ia = a.initiative;
    const ib = b.initiative;
    const hasA = typeof ia === "number" && Number.isFinite(ia);
    const hasB = typeof ib === "number" && Number.isFinite(ib);
    if (hasA !== hasB) return hasA ? -1 : 1; // rolled combatants before unrolled ones
    if (hasA && hasB && ia !== ib) return rules?.lowestFirst ? ia - ib : ib - ia;
    if (rules?.breakTie) {
      const t = rules.breakTie(a, b);
      if (t !== 0) return t;
    }
    return (a.name ?? "").localeCompare(b.name ?? "") || (a.id ?? "").localeCompare(b.id ?? "");
  }

  /**
   * A new round has begun (v13 turn event: runs once, on the active GM's client, so players who
   * end the last turn of a round need no rights over other combatants). Where the ruleset says so,
   * everyone rolls initiative again, then the ruleset's round-start work runs (e.g. bleeding).
   * Round 1 is left alone: its initiative is rolled by the table as usual.
   */
  protected override async _onStartRound(...args: Parameters<Combat["_onStartRound"]>): Promise<void> {
    await super._onStartRound(...args);
    if (this.round <= 1) return;
    const rules = this.rules;
    if (rules?.rerollEachRound()) {
      await this.resetAll();
      await this.rollAll();
      await this.update({ turn: 0 });
    }
    await rules?.onRoundStart?.(this);
  }
}
