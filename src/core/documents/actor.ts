/**
 * The Actor document class shared by every ruleset. Rules live in the sub-type's data model
 * (actor.system); this class only routes to the ruleset and offers shared conveniences.
 */
import { rulesetOfType, tokenBarsOf } from "../registry";
import { getSetting } from "../game";

function hasRollData(model: object): model is { getRollData(): Record<string, unknown> } {
  return "getRollData" in model && typeof model.getRollData === "function";
}

export class BreadboxActor extends Actor {
  /** The ruleset this actor belongs to (its sub-type is the ruleset id). */
  get ruleset(): string | undefined {
    return rulesetOfType(this.type);
  }

  /**
   * Roll data for formulas (initiative, chat commands): Foundry's (the system data) plus whatever
   * the sub-type's model adds through its own getRollData (e.g. effective attributes by key).
   */
  override getRollData(): ReturnType<Actor["getRollData"]> {
    const base = super.getRollData() as Record<string, unknown>;
    const model: object = this.system;
    const extra = hasRollData(model) ? model.getRollData() : {};
    return { ...base, ...extra } as ReturnType<Actor["getRollData"]>;
  }

  /**
   * A new actor's prototype token shows its type's bars (issue 18.4: system.json's one
   * `primaryTokenAttribute` pointed every type's bar at Toaster's `stun`). Bars given in the
   * creation data (an import, a duplicate) are kept.
   */
  protected override async _preCreate(...args: Parameters<Actor["_preCreate"]>): ReturnType<Actor["_preCreate"]> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const [data] = args;
    const given: unknown = foundry.utils.getProperty(data, "prototypeToken");
    const bars = tokenBarsOf(this.type);
    const changes: Record<string, string | null> = {};
    for (const bar of ["bar1", "bar2"] as const) {
      if (foundry.utils.getProperty(given ?? {}, `${bar}.attribute`) === undefined) changes[`prototypeToken.${bar}.attribute`] = bars[bar];
    }
    if (Object.keys(changes).length) this.updateSource(changes);
    return allowed;
  }

  /** Offer the active ruleset's actor types first in the creation dialog. */
  static override async createDialog(...args: Parameters<typeof Actor.createDialog>): ReturnType<typeof Actor.createDialog> {
    const [data, createOptions, options] = args;
    const active = getSetting<string>("ruleset");
    const opts = { ...(options ?? {}) } as Record<string, unknown>;
    if (!opts.types && active) {
      const types = Object.keys(CONFIG.Actor.dataModels ?? {}).filter((t) => rulesetOfType(t) === active);
      if (types.length) opts.types = types;
    }
    return super.createDialog(data, createOptions, opts as typeof options);
  }
}
