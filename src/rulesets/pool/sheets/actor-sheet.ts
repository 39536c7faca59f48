/**
 * The Dice Pool character sheet: the ability and attribute trees (shown as trees, each trait one
 * click from a check), weapons, armor and wounds with their penalties, gear, biography. Play mode
 * rolls; edit mode edits ratings, scores and parents inline. Items of another ruleset are refused
 * by the shared BreadboxItem.
 */
import * as R from "../rules";
import { rulesetActorSheet, sheetAs } from "../../../core/sheets/actor-sheet";
import { POOL_BASICS } from "../register";
import { templatePath } from "../../../core/ids";
import { format, localize, modelOf } from "../../../core/game";
import { PoolActorModel } from "../data/actor";
import { PoolArmorModel, PoolGearModel, PoolWeaponModel } from "../data/items";
import { attackWithWeapon } from "../combat/attack";
import { targetedActors } from "../../../core/foundry";
import { buildCheck, defaultChoices, performPoolCheck, weaponPresetOrWarn, type PoolCheckChoices } from "../checks";
import { rollComplexAction } from "../complex";
import { performGroupCheck } from "../group-check";
import { complexCounting } from "../settings";
import { formatChance } from "../../../core/rolls/odds-panel";
import { linkField, linkTargets } from "../../../core/sheets/links";

const ACTIONS = {
  rollCheck: onRollCheck,
  rollPhobe: onRollPhobe,
  rollGroup: onRollGroup,
  rollAbility: onRollAbility,
  rollAttribute: onRollAttribute,
  rollWeapon: onRollWeapon,
  rollComplex: onRollComplex,
  addComplex: onAddComplex,
  removeComplex: onRemoveComplex,
  resetComplex: onResetComplex,
  addWound: onAddWound,
  removeWound: onRemoveWound,
};

function modelOfSheet(sheet: PoolActorSheet): PoolActorModel | null {
  return modelOf(sheet.document, PoolActorModel);
}

/** The trait id of the tree row the clicked element sits in. */
function rowTrait(target: HTMLElement): string {
  return target.closest<HTMLElement>("[data-trait-id]")?.dataset.traitId ?? "";
}

async function roll(sheet: unknown, event: PointerEvent, preset: Partial<PoolCheckChoices>): Promise<void> {
  const s = sheetAs(sheet, PoolActorSheet);
  if (s) await performPoolCheck(s.document, preset, event);
}

async function onRollCheck(this: unknown, event: PointerEvent): Promise<void> {
  await roll(this, event, {});
}

/** The dice-phobe result (no roll): the same dialog, set to the fixed total. */
async function onRollPhobe(this: unknown, event: PointerEvent): Promise<void> {
  await roll(this, event, { resolution: "dicePhobe" });
}

/** A group check (working together or against) launched from this character. */
async function onRollGroup(this: unknown): Promise<void> {
  const s = sheetAs(this, PoolActorSheet);
  if (s) await performGroupCheck(s.document);
}

async function onRollAbility(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  await roll(this, event, { ability: rowTrait(target) });
}

async function onRollAttribute(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  await roll(this, event, { attribute: rowTrait(target) });
}

async function onRollWeapon(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  const s = sheetAs(this, PoolActorSheet);
  const model = s ? modelOfSheet(s) : null;
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  const item = s && id ? s.document.items.get(id) : undefined;
  const weapon = modelOf(item, PoolWeaponModel);
  if (!s || !model || !weapon || !item) return;
  // With a target, the weapon attacks it (combat/attack.ts); without one it is a plain check.
  if (targetedActors().length) {
    await attackWithWeapon(s.document, item, event);
    return;
  }
  // A weapon's ability the character does not have is refused with the reason (as the macro does).
  const preset = weaponPresetOrWarn(model, weapon, { actor: s.document.name ?? "", weapon: item.name ?? "" });
  if (preset) await performPoolCheck(s.document, preset, event);
}

function complexIndex(target: HTMLElement): number {
  return Number(target.closest<HTMLElement>("[data-complex-index]")?.dataset.complexIndex);
}

async function onRollComplex(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  const s = sheetAs(this, PoolActorSheet);
  const index = complexIndex(target);
  if (s && Number.isInteger(index)) await rollComplexAction(s.document, index, event);
}

async function editComplex(sheet: unknown, change: (list: PoolActorModel["complexActions"]) => PoolActorModel["complexActions"]): Promise<void> {
  const s = sheetAs(sheet, PoolActorSheet);
  const model = s ? modelOfSheet(s) : null;
  if (!s || !model || !s.isEditable) return;
  await s.safeUpdate(s.document, { system: { complexActions: change(model.complexActions.map((c) => ({ ...c }))) } });
}

async function onAddComplex(this: unknown): Promise<void> {
  await editComplex(this, (list) => [...list, { name: format("BREADBOX.Pool.Complex.NewName", { n: list.length + 1 }), ability: "", attribute: "", difficulty: 20, required: 5, interval: "", accumulated: 0, rolls: 0 }]);
}

async function onRemoveComplex(this: unknown, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const index = complexIndex(target);
  await editComplex(this, (list) => list.filter((_, i) => i !== index));
}

async function onResetComplex(this: unknown, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const index = complexIndex(target);
  await editComplex(this, (list) => list.map((c, i) => (i === index ? { ...c, accumulated: 0, rolls: 0 } : c)));
}

async function onAddWound(this: unknown): Promise<void> {
  const s = sheetAs(this, PoolActorSheet);
  const model = s ? modelOfSheet(s) : null;
  if (!s || !model || !s.isEditable) return;
  const wounds = model.wounds.map((w) => ({ ...w }));
  wounds.push({ kind: "physical", degree: 0, nonlethal: false });
  await s.safeUpdate(s.document, { system: { wounds } });
}

async function onRemoveWound(this: unknown, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const s = sheetAs(this, PoolActorSheet);
  const model = s ? modelOfSheet(s) : null;
  const index = Number(target.dataset.index);
  if (!s || !model || !s.isEditable || !Number.isInteger(index)) return;
  const wounds = model.wounds.map((w) => ({ ...w })).filter((_, i) => i !== index);
  await s.safeUpdate(s.document, { system: { wounds } });
}

export class PoolActorSheet extends rulesetActorSheet({ ...POOL_BASICS, actions: ACTIONS, sheetData: poolSheetData }) {}

function signedDice(bonus: number, penalty: number): string {
  if (bonus) return `+${bonus} ${localize("BREADBOX.Pool.Dice.Bonus")}`;
  if (penalty) return `${penalty} ${localize("BREADBOX.Pool.Dice.Penalty")}`;
  return "—";
}

function hours(h: number | null): string {
  return h === null ? localize("BREADBOX.Pool.Wound.NoHealing") : format("BREADBOX.Pool.Wound.HealingHours", { hours: Math.round(h * 10) / 10 });
}

/** How many more rolls a complex action needs, from the core's exact completion odds ("" when it cannot be built). */
export function complexOddsLine(model: PoolActorModel, c: PoolActorModel["complexActions"][number]): string {
  const has = (rows: { traitId: string }[], id: string) => rows.some((r) => r.traitId === id);
  try {
    const { options } = buildCheck(model, defaultChoices(model, {
      ability: has(model.abilityTree.rows, c.ability) ? c.ability : "",
      attribute: has(model.attributeTree.rows, c.attribute) ? c.attribute : "",
      difficulty: c.difficulty,
      resolution: "roll",
    }));
    const completion = R.complexCompletion({
      action: { pool: options.pool, difficulty: c.difficulty, required: c.required, rollInterval: 1, counting: complexCounting() },
      progress: { accumulated: c.accumulated, rolls: c.rolls, complete: false },
      rolls: COMPLEX_ODDS_ROLLS,
    });
    const within = completion.cumulative.at(-1) ?? 0;
    return completion.medianRolls === null
      ? format("BREADBOX.Pool.Complex.OddsUnlikely", { rolls: COMPLEX_ODDS_ROLLS, chance: formatChance(within) })
      : format("BREADBOX.Pool.Complex.Odds", { median: completion.medianRolls, rolls: COMPLEX_ODDS_ROLLS, chance: formatChance(within) });
  } catch {
    return "";
  }
}

/** How far ahead the sheet looks for a complex action's completion odds. */
export const COMPLEX_ODDS_ROLLS = 20;

/** Everything the Dice Pool templates show, computed from the actor's derived data. */
export async function poolSheetData(actor: Actor.Implementation) {
  const model = modelOf(actor, PoolActorModel);
  if (!model) return {};
  const TextEditor = foundry.applications.ux.TextEditor.implementation;
  const attributeRoles = new Map<string, string>();
  for (const item of actor.items) {
    const sys: unknown = item.system;
    if (sys && typeof sys === "object" && "role" in sys && typeof sys.role === "string" && sys.role) attributeRoles.set(item.id ?? "", localize(`BREADBOX.Pool.Attribute.role.${sys.role}`));
  }
  const items = (cls: abstract new (...args: never[]) => unknown) => [...actor.items].filter((i) => i.system instanceof cls);
  // A trait's parent, chosen among the character's traits of its kind (edit mode).
  const parentLink = (id: string, parent: string) => {
    const item = actor.items.get(id);
    return item ? linkField(parent, linkTargets(item, [item.type]), "BREADBOX.Pool.Tree.Root") : null;
  };
  return {
    npc: model.npc,
    abilities: model.abilityTree.rows.map((r) => ({
      ...r,
      activity: localize(`BREADBOX.Pool.Activity.short.${model.abilityActivity[r.traitId] ?? "physical"}`),
      indent: r.depth,
      addDice: 1 + r.score,
      untrained: r.score === 0,
      parentLink: parentLink(r.id, r.parent),
    })),
    attributes: model.attributeTree.rows.map((r) => {
      const dice = R.attributeModifierDice(r.score);
      return { ...r, indent: r.depth, dice: signedDice(dice.bonusDice, dice.penaltyDice), role: attributeRoles.get(r.id) ?? "", parentLink: parentLink(r.id, r.parent) };
    }),
    weapons: items(PoolWeaponModel).map((i) => {
      const w = modelOf(i, PoolWeaponModel);
      return {
        id: i.id, name: i.name,
        ability: w?.ability ?? "", attribute: w?.attribute ?? "",
        kind: localize(`BREADBOX.Pool.Wound.kind.${w?.trauma ?? "physical"}`),
        damageType: localize(`BREADBOX.Pool.Weapon.damageType.${w?.damageType ?? "lethal"}`),
        modifier: w ? (w.damageModifier >= 0 ? `+${w.damageModifier}` : String(w.damageModifier)) : "0",
        musclePowered: w?.musclePowered ?? false,
      };
    }),
    armor: items(PoolArmorModel).map((i) => {
      const a = modelOf(i, PoolArmorModel);
      return { id: i.id, name: i.name, rating: a?.rating ?? 0, convertsLethal: a?.convertsLethal ?? false, equipped: a?.equipped ?? false };
    }),
    gear: items(PoolGearModel).map((i) => ({ id: i.id, name: i.name, quantity: modelOf(i, PoolGearModel)?.quantity ?? 0 })),
    wounds: model.woundViews.map((w) => ({
      ...w,
      kindLabel: localize(`BREADBOX.Pool.Wound.kind.${w.kind}`),
      severityLabel: w.severity ? localize(`BREADBOX.Pool.Wound.severity.${w.severity}`) : "—",
      healing: hours(w.healingHours),
      kinds: R.TRAUMA_KINDS.map((k) => ({ value: k, label: localize(`BREADBOX.Pool.Wound.kind.${k}`), selected: k === w.kind })),
    })),
    complexActions: model.complexActions.map((c, index) => {
      const complete = model.complexComplete[index] ?? false;
      return { ...c, index, complete, progress: `${c.accumulated} / ${c.required}`, odds: complete ? "" : complexOddsLine(model, c) };
    }),
    penalties: format("BREADBOX.Pool.Wound.Penalties", { physical: model.status.penalties.physical, mental: model.status.penalties.mental }),
    penaltyTotal: model.status.penalties.physical + model.status.penalties.mental,
    incapacitated: model.status.incapacitated,
    knockedOut: model.status.knockedOut,
    dead: model.status.dead,
    defender: model.defender,
    problems: model.problems.map((p) => format(p.key, p.data)),
    budget: model.budget
      ? {
        ok: model.budget.ok,
        lines: (["abilities", "attributes"] as const).map((k) => {
          const line = model.budget?.[k] ?? { spent: 0, allowed: 0, remaining: 0, over: false };
          return {
            key: k,
            label: localize(`BREADBOX.Pool.Budget.${k}`),
            spent: line.spent,
            allowed: line.allowed,
            over: line.over,
            status: line.over ? format("BREADBOX.Pool.Budget.Over", { n: -line.remaining }) : line.remaining > 0 ? format("BREADBOX.Pool.Budget.Left", { n: line.remaining }) : localize("BREADBOX.Pool.Budget.Exact"),
          };
        }),
      }
      : null,
    biographyHTML: await TextEditor.enrichHTML(model.biography, { secrets: actor.isOwner }),
    notesHTML: await TextEditor.enrichHTML(model.notes, { secrets: actor.isOwner }),
  };
}
