/**
 * The Toast character sheet. Tabs: attributes (the ten attributes by aspect with their modifiers,
 * the aspect scores, the creation budgets with what is over or under), skills (category, base
 * attributes, level, modifier, the session mark, advancement), equipment (weapons, armor with
 * the armor penalty, gear), health (wound tally, threshold, effective level, category, penalty,
 * collapsed/dead, healing buttons) and biography. Play mode rolls (every attribute, aspect and
 * skill one click from the check dialog); edit mode edits the numbers. Items of another ruleset
 * are refused by the shared BreadboxItem.
 */
import * as R from "../rules";
import { SHEET_PARTIALS, rulesetActorSheet, sheetAs } from "../../../core/sheets/actor-sheet";
import { TOAST_BASICS } from "../register";
import { templatePath } from "../../../core/ids";
import { format, localize, modelOf } from "../../../core/game";
import { targetedActors } from "../../../core/foundry";
import { ToastActorModel } from "../data/actor";
import { ToastGearModel, ToastSkillModel } from "../data/items";
import { ToastArmorModel, ToastWeaponModel } from "../data/weapons";
import { aspectName, attributeName } from "../checks";
import { performToastCheck } from "../task";
import { endSession } from "../advancement";
import { doneToday, healthCheck, rest, treat } from "../healing";

const ACTIONS = {
  rollAttribute: onRollAttribute,
  rollAspect: onRollAspect,
  rollSkill: onRollSkill,
  toggleUsed: onToggleUsed,
  endSession: onEndSession,
  rest: onRest,
  healthCheck: onHealthCheck,
  treat: onTreat,
};

function itemIdOf(target: HTMLElement): string {
  return target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
}

async function onRollAttribute(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  const s = sheetAs(this, ToastActorSheet);
  const key = R.ATTRIBUTE_KEYS.find((k) => k === target.dataset.attribute);
  if (s && key) await performToastCheck(s.document, { kind: "attributes", attributes: [key] }, {}, event);
}

async function onRollAspect(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  const s = sheetAs(this, ToastActorSheet);
  const key = R.ASPECT_KEYS.find((k) => k === target.dataset.aspect);
  if (s && key) await performToastCheck(s.document, { kind: "aspect", aspect: key }, {}, event);
}

async function onRollSkill(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  const s = sheetAs(this, ToastActorSheet);
  const id = itemIdOf(target);
  if (s && id) await performToastCheck(s.document, { kind: "skill", itemId: id }, {}, event);
}

async function onToggleUsed(this: unknown, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const s = sheetAs(this, ToastActorSheet);
  const item = s ? s.document.items.get(itemIdOf(target)) : undefined;
  const model = modelOf(item, ToastSkillModel);
  if (!s || !item || !model || !s.isEditable) return;
  await s.safeUpdate(item, { "system.used": !model.used });
}

async function onEndSession(this: unknown, event: PointerEvent): Promise<void> {
  const s = sheetAs(this, ToastActorSheet);
  if (s && s.isEditable) await endSession(s.document, event);
}

async function onRest(this: unknown): Promise<void> {
  const s = sheetAs(this, ToastActorSheet);
  if (s && s.isEditable) await rest(s.document);
}

async function onHealthCheck(this: unknown, event: PointerEvent): Promise<void> {
  const s = sheetAs(this, ToastActorSheet);
  if (s && s.isEditable) await healthCheck(s.document, event);
}

/** Treat the targeted character (or, with no target, the character herself) with this medical skill. */
async function onTreat(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  const s = sheetAs(this, ToastActorSheet);
  const skill = s ? s.document.items.get(itemIdOf(target)) : undefined;
  if (!s || !skill || !s.isEditable) return;
  const patient = targetedActors().find((a) => a.system instanceof ToastActorModel) ?? s.document;
  await treat(s.document, skill, patient, event);
}

/** A tab another part of the ruleset adds to the character sheet (e.g. the combat part). */
export interface ToastSheetTab {
  id: string;
  /** Localization key of the tab's label. */
  label: string;
  /** Template path (templatePath(...)) of the tab's panel; it reads the sheet's context. */
  template: string;
  /** Extra context for the panel, merged into the sheet's (keys should be namespaced, e.g. `combat`). */
  context?(actor: Actor.Implementation): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Insert before this tab id (default: before the biography). */
  before?: string;
}

const extraTabs: ToastSheetTab[] = [];

/**
 * Add a tab to the Toast character sheet (call at init, before any sheet renders). The combat part
 * uses this for its own panel without editing this file.
 */
export function registerToastSheetTab(tab: ToastSheetTab): void {
  if (extraTabs.some((t) => t.id === tab.id) || ToastActorSheet.SHEET_TABS.some((t) => t.id === tab.id)) throw new Error(`Breadbox | Toast sheet tab "${tab.id}" is registered twice`);
  extraTabs.push(tab);
  Object.assign(ToastActorSheet.PARTS, { [tab.id]: { template: tab.template, scrollable: [""], templates: [...SHEET_PARTIALS] } });
  // Keep the biography last: parts render in insertion order, so re-insert it after the new tab.
  const parts: Record<string, unknown> = { ...ToastActorSheet.PARTS };
  const ordered: Record<string, unknown> = {};
  const before = tab.before ?? "biography";
  for (const [key, value] of Object.entries(parts)) {
    if (key === tab.id) continue;
    if (key === before) ordered[tab.id] = parts[tab.id];
    ordered[key] = value;
  }
  if (!(tab.id in ordered)) ordered[tab.id] = parts[tab.id];
  for (const key of Object.keys(ToastActorSheet.PARTS)) Reflect.deleteProperty(ToastActorSheet.PARTS, key);
  Object.assign(ToastActorSheet.PARTS, ordered);
  const index = ToastActorSheet.SHEET_TABS.findIndex((t) => t.id === before);
  ToastActorSheet.SHEET_TABS.splice(index < 0 ? ToastActorSheet.SHEET_TABS.length : index, 0, { id: tab.id, label: tab.label });
}

export class ToastActorSheet extends rulesetActorSheet({
  ...TOAST_BASICS,
  actions: ACTIONS,
  sheetData: async (actor) => {
    const context = await toastSheetData(actor);
    for (const tab of extraTabs) if (tab.context) Object.assign(context, await tab.context(actor));
    return context;
  },
}) {}

const signed = (n: number): string => (n >= 0 ? `+${n}` : String(n));

/** Over or under a limit, as the budget table shows it. */
function budgetRow(label: string, value: number, limit: number, mode: "max" | "exact" | "min"): { label: string; value: number; limit: number; state: string; stateLabel: string } {
  const over = value > limit && mode !== "min";
  const under = value < limit && mode !== "max";
  const state = over ? "over" : under ? "under" : "ok";
  const stateLabel = over ? format("BREADBOX.Toast.Budget.Over", { n: value - limit }) : under ? format("BREADBOX.Toast.Budget.Under", { n: limit - value }) : localize("BREADBOX.Toast.Budget.Ok");
  return { label, value, limit, state, stateLabel };
}

/** Everything the Toast templates show, computed from the actor's derived data. */
export async function toastSheetData(actor: Actor.Implementation) {
  const model = modelOf(actor, ToastActorModel);
  if (!model) return {};
  const TextEditor = foundry.applications.ux.TextEditor.implementation;
  const budget = R.CREATION_BUDGET;
  const creation = model.creation;
  const aspects = R.ASPECT_KEYS.map((aspect) => ({
    key: aspect,
    label: aspectName(aspect),
    score: model.aspects[aspect],
    points: model.aspectPoints[aspect],
    attributes: R.ASPECT_ATTRIBUTES[aspect].map((key) => ({
      key,
      label: attributeName(key),
      abbr: R.ATTRIBUTE_ABBREVIATIONS[key],
      value: model.attributes[key],
      modifier: signed(model.attributeModifiers[key]),
      outOfRange: model.attributes[key] < budget.attributeMin || model.attributes[key] > budget.attributeMax,
      armor: model.armorPenalty > 0 && R.ARMOR_PENALTY_ATTRIBUTES.includes(key),
    })),
  }));
  const skills = [...actor.items]
    .flatMap((item) => {
      const s = modelOf(item, ToastSkillModel);
      return s ? [{ item, s }] : [];
    })
    .sort((a, b) => a.s.category.localeCompare(b.s.category) || (a.item.name ?? "").localeCompare(b.item.name ?? ""))
    .map(({ item, s }) => ({
      id: item.id,
      name: item.name,
      category: localize(`BREADBOX.Toast.Category.${s.category}`),
      base: s.baseAttributes.map((a) => R.ATTRIBUTE_ABBREVIATIONS[a]).join("/"),
      level: s.level,
      attributeModifier: signed(s.attributeModifier),
      modifier: signed(s.modifier),
      currentModifier: signed(s.currentModifier),
      penalised: s.currentModifier !== s.modifier,
      used: s.used,
      learned: s.learned,
      overCap: s.overStartingCap,
      attemptable: s.attemptable,
      medical: s.category === "medical",
    }));
  const weapons = [...actor.items].flatMap((item) => {
    const w = modelOf(item, ToastWeaponModel);
    return w ? [{ id: item.id, name: item.name, category: w.category ? localize(`BREADBOX.Toast.WeaponCategory.${w.category}`) : "—", baseDamage: w.baseDamage, delivery: localize(`BREADBOX.Toast.Delivery.${w.delivery}`), bonusDice: w.bonusDice, skill: w.skill, equipped: w.equipped }] : [];
  });
  const armor = [...actor.items].flatMap((item) => {
    const a = modelOf(item, ToastArmorModel);
    return a ? [{ id: item.id, name: item.name, woundReduction: a.woundReduction, encumbrance: a.encumbrance, equipped: a.equipped }] : [];
  });
  const gear = [...actor.items].flatMap((item) => {
    const g = modelOf(item, ToastGearModel);
    return g ? [{ id: item.id, name: item.name, quantity: g.quantity }] : [];
  });
  const w = model.woundStatus;
  const exchanged = creation?.attributePointsExchanged ?? 0;
  return {
    aspects,
    budgetRows: creation
      ? [
          budgetRow(localize("BREADBOX.Toast.Budget.AttributePoints"), creation.attributePointsSpent, budget.attributePoints, "exact"),
          budgetRow(localize("BREADBOX.Toast.Budget.SkillPoints"), creation.skillPointsSpent, creation.skillPointBudget, "exact"),
          ...R.ASPECT_KEYS.map((a) => budgetRow(format("BREADBOX.Toast.Budget.AspectPoints", { aspect: aspectName(a) }), creation.aspectPoints[a], budget.aspectMax, "max")),
        ]
      : [],
    exchangeLine: exchanged === 0 ? "" : format(exchanged > 0 ? "BREADBOX.Toast.Budget.BoughtAttributes" : "BREADBOX.Toast.Budget.SoldAttributes", { points: Math.abs(exchanged), skill: Math.abs(exchanged) * budget.skillPointsPerAttributePoint }),
    remaining: creation?.remainingSkillPoints ?? 0,
    creationIssues: (creation?.issues ?? []).map((i) => format(`BREADBOX.Toast.Creation.${i.key}`, { subject: subjectLabel(actor, i.subject), value: i.value, limit: i.limit })),
    startingSkillCap: model.startingSkillCap,
    intelligence: model.intelligence,
    skills,
    usedCount: skills.filter((s) => s.used || s.learned).length,
    weapons,
    armor,
    gear,
    armorPenalty: model.armorPenalty,
    wornArmor: model.armor,
    wounds: {
      value: model.wounds.value,
      threshold: w.threshold,
      effective: w.effective,
      category: localize(`BREADBOX.Toast.Wound.${w.category}`),
      penalty: w.penalty,
      penaltyLabel: signed(w.penalty),
      seriously: w.seriouslyWounded,
      collapseFrom: w.collapseFrom,
      deathStrikeFrom: w.deathStrikeFrom,
    },
    collapsed: model.collapsed,
    dead: model.dead,
    // Healing's once-a-day marks (world time), shown as of this render (a click checks again).
    healedToday: { rest: doneToday(actor, "rest"), healthCheck: doneToday(actor, "healthCheck"), treatment: doneToday(actor, "treatment") },
    woundScale: model.woundScale,
    warnings: model.warnings,
    biographyHTML: await TextEditor.enrichHTML(model.biography, { secrets: actor.isOwner }),
    notesHTML: await TextEditor.enrichHTML(model.notes, { secrets: actor.isOwner }),
  };
}

/** An attribute's, aspect's or skill's name for a creation issue. */
function subjectLabel(actor: Actor.Implementation, subject: string | null): string {
  if (subject === null) return "";
  const attribute = R.ATTRIBUTE_KEYS.find((k) => k === subject);
  if (attribute) return attributeName(attribute);
  const aspect = R.ASPECT_KEYS.find((k) => k === subject);
  if (aspect) return aspectName(aspect);
  return skillName(actor, subject);
}

function skillName(actor: Actor.Implementation, key: string): string {
  const item = [...actor.items].find((i) => {
    const s = modelOf(i, ToastSkillModel);
    return s && (s.key === key || i.name === key);
  });
  return item?.name ?? key;
}
