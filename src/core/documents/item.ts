/**
 * The Item document class shared by every ruleset. It refuses to be embedded in an actor of
 * another ruleset (a Toast sword dropped on a Toaster character): a notification, and nothing
 * is created.
 */
import { rulesetOfType } from "../registry";
import { format, getSetting, localize } from "../game";

export class BreadboxItem extends Item {
  get ruleset(): string | undefined {
    return rulesetOfType(this.type);
  }

  /** Whether an item of the given sub-type may live on an actor of the given sub-type. */
  static fitsActor(itemType: string, actorType: string): boolean {
    const a = rulesetOfType(actorType);
    const i = rulesetOfType(itemType);
    return Boolean(a) && a === i;
  }

  protected override async _preCreate(...args: Parameters<Item["_preCreate"]>): ReturnType<Item["_preCreate"]> {
    const parent = this.parent as Actor.Implementation | null;
    if (parent && !BreadboxItem.fitsActor(this.type, parent.type)) {
      ui.notifications?.warn(
        format("BREADBOX.Drop.WrongRuleset", {
          item: this.name,
          itemRuleset: localize(`BREADBOX.Ruleset.${rulesetOfType(this.type) ?? "unknown"}`),
          actor: parent.name,
          actorRuleset: localize(`BREADBOX.Ruleset.${rulesetOfType(parent.type) ?? "unknown"}`),
        }),
      );
      return false;
    }
    return super._preCreate(...args);
  }

  static override async createDialog(...args: Parameters<typeof Item.createDialog>): ReturnType<typeof Item.createDialog> {
    const [data, createOptions, options] = args;
    const parentType = (createOptions as { parent?: { type?: string } } | undefined)?.parent?.type;
    const ruleset = parentType ? rulesetOfType(parentType) : getSetting<string>("ruleset");
    const opts = { ...(options ?? {}) } as Record<string, unknown>;
    if (!opts.types && ruleset) {
      const types = Object.keys(CONFIG.Item.dataModels ?? {}).filter((t) => rulesetOfType(t) === ruleset);
      if (types.length) opts.types = types;
    }
    return super.createDialog(data, createOptions, opts as typeof options);
  }
}
