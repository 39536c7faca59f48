/**
 * Dice Pool hotbar macros: drag an ability or an attribute from the sheet (or a weapon) to the
 * macro bar; the macro opens the check dialog for the speaking actor with that trait (a weapon: its
 * ability and attribute), found by name on that actor when the macro runs.
 */
import { isUuid, registerMacroHandler, type MacroDraft, type MacroHandler, type MacroRef } from "../../core/hotbar";
import { format, localize, modelOf } from "../../core/game";
import { PoolActorModel } from "./data/actor";
import { PoolAbilityModel, PoolAttributeModel, PoolWeaponModel } from "./data/items";
import { performPoolCheck, type PoolCheckChoices } from "./checks";

const KIND_BY_TYPE: Record<string, "ability" | "attribute" | "weapon"> = { poolAbility: "ability", poolAttribute: "attribute", poolWeapon: "weapon" };
const DEFAULT_IMG = "icons/svg/d8-grey.svg";

async function fromDrop(data: Record<string, unknown>): Promise<MacroDraft | null> {
  if (data.type !== "Item" || !isUuid(data.uuid)) return null;
  const item = await fromUuid(data.uuid);
  if (!(item instanceof Item)) return null;
  const kind = Object.hasOwn(KIND_BY_TYPE, item.type) ? KIND_BY_TYPE[item.type] : undefined;
  if (!kind || !item.name) return null;
  return { ref: { ruleset: "pool", kind, name: item.name }, label: item.name, img: item.img ?? DEFAULT_IMG };
}

/** The check a macro reference asks of this actor, or null (with the reason) when the actor lacks it. */
export function macroPreset(actor: Actor.Implementation, ref: MacroRef): Partial<PoolCheckChoices> | null {
  const model = modelOf(actor, PoolActorModel);
  if (!model) return null;
  const named = [...actor.items].filter((i) => i.name === ref.name);
  if (ref.kind === "ability" && named.some((i) => i.system instanceof PoolAbilityModel)) return { ability: ref.name };
  if (ref.kind === "attribute") {
    const attr = named.map((i) => modelOf(i, PoolAttributeModel)).find((m) => m !== null);
    // An attribute with a rules role is known to the tree under its role.
    if (attr) return { attribute: attr.role || ref.name };
  }
  if (ref.kind === "weapon") {
    const weapon = named.map((i) => modelOf(i, PoolWeaponModel)).find((m) => m !== null);
    if (weapon) {
      const ability = model.abilityTree.rows.some((r) => r.traitId === weapon.ability) ? weapon.ability : "";
      const attribute = model.attributeTree.rows.some((r) => r.traitId === weapon.attribute) ? weapon.attribute : "";
      return { ability, attribute, activity: weapon.trauma };
    }
  }
  return null;
}

async function run(actor: Actor.Implementation, ref: MacroRef): Promise<void> {
  if (!Object.values(KIND_BY_TYPE).some((k) => k === ref.kind)) {
    ui.notifications?.error(localize("BREADBOX.Hotbar.Malformed"));
    return;
  }
  const preset = macroPreset(actor, ref);
  if (!preset) {
    ui.notifications?.warn(format("BREADBOX.Hotbar.Missing", { actor: actor.name ?? "", kind: localize(`BREADBOX.Hotbar.Kind.${ref.kind}`), name: ref.name }));
    return;
  }
  await performPoolCheck(actor, preset);
}

export const poolMacros: MacroHandler = { itemTypes: Object.keys(KIND_BY_TYPE), fromDrop, run };

export function registerPoolMacros(): void {
  registerMacroHandler("pool", poolMacros);
}
