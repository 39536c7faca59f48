/**
 * Helpers for a ruleset's list of rollable checks (`RulesetApi.checks`): the checks that are items
 * of the actor (skills, weapons…), in the sheet's order.
 */
import type { CheckGroup, RollableCheck } from "../registry";

/** Each item of this type on the actor as a check of `kind` (named by the item's name, as the hotbar does). */
export function itemChecks(actor: Actor.Implementation, type: string, group: CheckGroup, kind: string): RollableCheck[] {
  return [...actor.items]
    .filter((i) => String(i.type) === type && i.name)
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map((i) => ({ group, check: { kind, name: i.name ?? "" }, label: i.name ?? "", ...(i.id ? { itemId: i.id } : {}), ...(i.img ? { img: i.img } : {}) }));
}
