/**
 * Dice Pool hotbar macros: drag an ability or an attribute from the sheet (or a weapon) to the
 * macro bar; the macro opens the check dialog for the speaking actor with that trait (a weapon: its
 * ability and attribute), found by name on that actor when the macro runs.
 */
import { macroHandler, registerMacroHandler, reportMalformedMacro, reportMissing, type CheckOptions, type MacroHandler, type MacroRef } from "../../core/hotbar";
import { modelOf } from "../../core/game";
import { PoolActorModel } from "./data/actor";
import { PoolAbilityModel, PoolAttributeModel, PoolWeaponModel } from "./data/items";
import { performPoolCheck, weaponPresetOrWarn, type PoolCheckChoices } from "./checks";

const KIND_BY_TYPE: Record<string, "ability" | "attribute" | "weapon"> = { poolAbility: "ability", poolAttribute: "attribute", poolWeapon: "weapon" };

/**
 * The check a macro reference asks of this actor: null when the actor lacks the trait or weapon
 * (reported as missing), "refused" for a weapon whose check is refused (an ability the actor lacks;
 * `weaponPresetOrWarn` has said why).
 */
export function macroPreset(actor: Actor.Implementation, ref: MacroRef): Partial<PoolCheckChoices> | "refused" | null {
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
    if (weapon) return weaponPresetOrWarn(model, weapon, { actor: actor.name ?? "", weapon: ref.name }) ?? "refused";
  }
  return null;
}

async function run(actor: Actor.Implementation, ref: MacroRef, options: CheckOptions = {}): Promise<void> {
  if (!Object.values(KIND_BY_TYPE).some((k) => k === ref.kind)) {
    reportMalformedMacro();
    return;
  }
  const preset = macroPreset(actor, ref);
  if (preset === "refused") return;
  if (!preset) {
    reportMissing(actor, ref.kind, ref.name);
    return;
  }
  await performPoolCheck(actor, { ...preset, ...poolDifficultyPreset(options.difficulty) });
}

/** The check dialog's choices a difficulty (an inline check's or a request's: a number) means. */
export function poolDifficultyPreset(value: string | undefined): Partial<PoolCheckChoices> {
  const n = value === undefined ? NaN : Number(value);
  return Number.isInteger(n) ? { difficulty: n } : {};
}

export const poolMacros: MacroHandler = macroHandler({ ruleset: "pool", itemKinds: KIND_BY_TYPE, img: "icons/svg/d8-grey.svg" }, run);

export function registerPoolMacros(): void {
  registerMacroHandler("pool", poolMacros);
}
