/**
 * The Flange character sheet: the nine attributes as target numbers with their crossed-off boxes,
 * the creation budgets of the character's level (boxes, skill points, Flange Points, with the
 * price list), Edge, health boxes and grind wounds; skills under the 23 headings with
 * generalisation dots; weapons, armour, powers and gear; biography. Play mode rolls (every
 * attribute, skill and heading one click from the check dialog); edit mode edits the numbers.
 */
import * as R from "./../rules";
import { rulesetActorSheet, sheetAs } from "../../../core/sheets/actor-sheet";
import { FLANGE_BASICS } from "../register";
import { templatePath } from "../../../core/ids";
import { format, localize, modelOf } from "../../../core/game";
import { FlangeActorModel } from "../data/actor";
import { FlangeGearModel, FlangePowerModel } from "../data/items";
import { FlangeArmorModel, FlangeWeaponModel } from "../data/weapons";
import { HEADING_PREFIX, performFlangeCheck, type FlangeCheckChoices } from "../checks";
import { performOpposedCheck } from "../opposed";
import { refreshEdge } from "../edge";
import { campaignLevel } from "../settings";
import { attackWithWeapon } from "../combat/attack";
import { weaponSkillNotice } from "../combat/inputs";
import "./hotbar";

const ACTIONS = {
  rollCheck: onRollCheck,
  rollAttribute: onRollAttribute,
  rollSkill: onRollSkill,
  rollHeading: onRollHeading,
  rollOpposed: onRollOpposed,
  refreshEdge: onRefreshEdge,
  attack: onAttack,
};

async function roll(sheet: unknown, event: PointerEvent, preset: Partial<FlangeCheckChoices>): Promise<void> {
  const s = sheetAs(sheet, FlangeActorSheet);
  if (s) await performFlangeCheck(s.document, preset, event);
}

async function onRollCheck(this: unknown, event: PointerEvent): Promise<void> {
  await roll(this, event, {});
}

async function onRollAttribute(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  const key = target.closest<HTMLElement>("[data-attribute]")?.dataset.attribute ?? "";
  if (R.isAttribute(key)) await roll(this, event, { skill: "", attribute: key });
}

async function onRollSkill(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
  const s = sheetAs(this, FlangeActorSheet);
  const model = s ? modelOf(s.document, FlangeActorModel) : null;
  const skill = model?.skills.find((k) => k.id === id);
  if (skill) await roll(this, event, { skill: id, ...(skill.attribute ? { attribute: skill.attribute } : {}) });
}

async function onRollHeading(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  const h = target.closest<HTMLElement>("[data-heading]")?.dataset.heading ?? "";
  if (R.isSkillHeading(h)) await roll(this, event, { skill: `${HEADING_PREFIX}${h}` });
}

async function onRollOpposed(this: unknown, event: PointerEvent): Promise<void> {
  const s = sheetAs(this, FlangeActorSheet);
  if (s) await performOpposedCheck(s.document, event);
}

/** A weapon row's attack button: the combat part's attack dialog (needs a targeted Flange character). */
async function onAttack(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  const s = sheetAs(this, FlangeActorSheet);
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
  const item = s?.document.items.get(id);
  if (s && item && modelOf(item, FlangeWeaponModel)) await attackWithWeapon(s.document, item, event);
}

async function onRefreshEdge(this: unknown): Promise<void> {
  const s = sheetAs(this, FlangeActorSheet);
  if (s) await refreshEdge([s.document]);
}

export class FlangeActorSheet extends rulesetActorSheet({ ...FLANGE_BASICS, actions: ACTIONS, sheetData: flangeSheetData }) {}

function budgetLine(label: string, line: R.BudgetLine | undefined) {
  if (!line) return { label, used: 0, budget: 0, left: 0, over: false, cssClass: "" };
  const left = line.budget - line.used;
  return { label, used: line.used, budget: line.budget, left, over: left < 0, cssClass: left < 0 ? "bb-bad" : left > 0 ? "bb-muted" : "bb-good" };
}

function boxes(total: number, crossed: number) {
  return Array.from({ length: total }, (_, i) => ({ crossed: i < crossed }));
}

/** Everything the Flange templates show, computed from the actor's derived data. */
const CREATION_PROBLEMS = new Set(["BREADBOX.Flange.Problem.boxesLeft", "BREADBOX.Flange.Problem.flangeOver"]);

export async function flangeSheetData(actor: Actor.Implementation) {
  const model = modelOf(actor, FlangeActorModel);
  if (!model) return {};
  const TextEditor = foundry.applications.ux.TextEditor.implementation;
  const items = <M extends object>(cls: abstract new (...args: never[]) => M) => [...actor.items].flatMap((i) => {
    const m = modelOf(i, cls);
    return m ? [{ item: i, model: m }] : [];
  });
  const spend = model.spend;
  const world = campaignLevel();
  const headings = R.SKILL_HEADINGS.map((h) => {
    const skills = model.skills.filter((s) => s.heading === h);
    const generalisation = model.generalisation[h];
    return {
      key: h,
      label: localize(`BREADBOX.Flange.Heading.${h}`),
      examples: R.SKILL_HEADING_EXAMPLES[h].join(", "),
      generalisation,
      genDots: boxes(R.GENERALISATION_DOTS_MAX, generalisation),
      skills: skills.map((s) => ({ ...s, dots: s.dots, dotBoxes: boxes(R.SKILL_DOTS_MAX, s.dots), attributeLabel: s.attribute ? localize(`BREADBOX.Flange.Attribute.${s.attribute}`) : "" })),
      used: skills.length > 0 || generalisation > 0,
    };
  });
  const costs = R.FLANGE_POINT_COSTS;
  return {
    levelLabel: localize(`BREADBOX.Flange.Level.${model.effectiveLevel}`),
    levelOptions: [
      { value: "", label: format("BREADBOX.Flange.Level.World", { level: localize(`BREADBOX.Flange.Level.${world}`) }), selected: model.level === "" },
      ...R.LEVELS.map((l) => ({ value: l, label: localize(`BREADBOX.Flange.Level.${l}`), selected: model.level === l })),
    ],
    attributes: model.attributeViews.map((a) => ({
      ...a,
      label: localize(`BREADBOX.Flange.Attribute.${a.key}`),
      boxes: Array.from({ length: R.ATTRIBUTE_MAX - R.ATTRIBUTE_MIN + 1 }, (_, i) => ({ value: R.ATTRIBUTE_MAX - i, crossed: R.ATTRIBUTE_MAX - i > a.target })),
    })),
    budgets: [
      budgetLine(localize("BREADBOX.Flange.Budget.Boxes"), spend?.attributeBoxes),
      budgetLine(localize("BREADBOX.Flange.Budget.SkillPoints"), spend?.skillPoints),
      budgetLine(localize("BREADBOX.Flange.Budget.FlangePoints"), spend ? { used: spend.flangePoints.used, budget: model.flangeBudget } : undefined),
    ],
    flangeBreakdown: spend
      ? [
          { label: localize("BREADBOX.Flange.Budget.AttributeSteps"), value: spend.flangeBreakdown.attributeSteps },
          { label: localize("BREADBOX.Flange.Budget.SkillOverflow"), value: spend.flangeBreakdown.skillOverflow },
          { label: localize("BREADBOX.Flange.Budget.EdgePoints"), value: spend.flangeBreakdown.edgePoints },
          { label: localize("BREADBOX.Flange.Budget.Other"), value: spend.flangeBreakdown.other },
        ]
      : [],
    prices: [
      { label: localize("BREADBOX.Flange.Price.attributeStep"), cost: costs.attributeStep },
      { label: localize("BREADBOX.Flange.Price.dotNewHeading"), cost: costs.dotNewHeading },
      { label: localize("BREADBOX.Flange.Price.dotUsedHeading"), cost: costs.dotUsedHeading },
      { label: localize("BREADBOX.Flange.Price.generalisationDot"), cost: costs.generalisationDot },
      { label: localize("BREADBOX.Flange.Price.edgePoint"), cost: costs.edgePoint },
    ],
    skillPrices: [
      { label: localize("BREADBOX.Flange.Price.firstDot"), cost: R.SKILL_POINT_COSTS.firstDotInHeading },
      { label: localize("BREADBOX.Flange.Price.furtherDot"), cost: R.SKILL_POINT_COSTS.furtherDot },
      { label: localize("BREADBOX.Flange.Price.generalisationDot"), cost: R.SKILL_POINT_COSTS.generalisationDot },
    ],
    withinBudget: spend?.withinBudget ?? false,
    health: {
      boxes: boxes(model.healthBoxes, model.wounds.value),
      total: model.healthBoxes,
      left: model.healthLeft,
      grind: boxes(model.grindBoxes, model.grind.value),
      grindTotal: model.grindBoxes,
      status: localize(`BREADBOX.Flange.Health.${model.healthStatus}`),
      dead: model.healthStatus === "dead",
    },
    dramaticWounds: model.dramaticWounds,
    edgeAvailable: model.edgeAvailable,
    armour: model.armour,
    isGM: game.user?.isGM ?? false,
    headings,
    usedHeadings: headings.filter((h) => h.used),
    weapons: items(FlangeWeaponModel).map(({ item, model: w }) => ({
      id: item.id, name: item.name, attribute: localize(`BREADBOX.Flange.Attribute.${w.attribute}`), range: localize(`BREADBOX.Flange.Range.${w.range}`), damage: w.damageNotation, skill: w.skill, equipped: w.equipped,
      // The skill an attack finds, or what it rolls instead (issue 19.3: the sheet says so too).
      skillNotice: weaponSkillNotice(actor, w, item.name ?? ""),
    })),
    armours: items(FlangeArmorModel).map(({ item, model: a }) => ({ id: item.id, name: item.name, armour: a.armour, equipped: a.equipped })),
    powers: items(FlangePowerModel).map(({ item, model: p }) => ({ id: item.id, name: item.name, cost: p.cost })),
    gear: items(FlangeGearModel).map(({ item, model: g }) => ({ id: item.id, name: item.name, quantity: g.quantity })),
    // Creation budgets (boxes left, Flange points over) belong to edit mode (issue 24.11); the rest always shows.
    problems: model.problems.filter((p) => !CREATION_PROBLEMS.has(p.key)).map((p) => format(p.key, p.data)),
    creationProblems: model.problems.filter((p) => CREATION_PROBLEMS.has(p.key)).map((p) => format(p.key, p.data)),
    biographyHTML: await TextEditor.enrichHTML(model.biography, { secrets: actor.isOwner }),
    notesHTML: await TextEditor.enrichHTML(model.notes, { secrets: actor.isOwner }),
  };
}
