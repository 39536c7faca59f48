/**
 * What the D10/0 System offers the public API (`game.breadbox.api`, docs/hooks.md) and the module
 * integrations (docs/modules.md).
 */
import * as R from "./rules";
import type { RollableCheck, RulesetApi } from "../../core/registry";
import { localize, modelOf } from "../../core/game";
import { D100ActorModel } from "./data/actor";

/** Attributes, then the skill tree's rows (roots by their book name, branches by the name given). Weapons are the combat part's. */
export function d100Checks(actor: Actor.Implementation): RollableCheck[] {
  const m = modelOf(actor, D100ActorModel);
  if (!m) return [];
  const attributes: RollableCheck[] = R.ATTRIBUTE_KEYS.map((name) => ({ group: "attributes", check: { kind: "attribute", name }, label: localize(`BREADBOX.D100.Attribute.${name}`) }));
  const skills: RollableCheck[] = m.skillRows.map((r) => ({ group: "skills", check: { kind: "skill", name: r.id }, label: r.parent === null ? localize(`BREADBOX.D100.Skill.${r.id}`) : r.name }));
  return [...attributes, ...skills];
}

export const d100Api: RulesetApi = { checks: d100Checks, goods: { weapon: "d100Weapon", armor: "d100Armor", gear: "d100Gear" } };
