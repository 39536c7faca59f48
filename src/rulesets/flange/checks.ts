/**
 * Flange's roll pipeline: gather the character (skills, generalisation dots, target numbers,
 * Edge available), configure (the dialog: the skill or an attribute-only roll, the attribute the
 * GM names, the GM's extra or fewer dice and target change, Edge spent before the roll on dice or
 * on the target, and the exact odds of every result and of a critical failure), settle the pool
 * with the rules core, spend the Edge (a check-and-set under the character's resource lock), evaluate
 * a FlangeCheckRoll with Foundry's dice and post.
 */
import * as R from "./rules";
import { configureRoll, skipDialog } from "../../core/rolls/dialog";
import { chanceOf, oddsPanelHtml, type HeadlineFigure } from "../../core/rolls/odds-panel";
import type { Odds } from "../../dice/contract";
import { format, localize, modelOf } from "../../core/game";
import { SYSTEM_ID, templatePath } from "../../core/ids";
import { audienceForMode } from "../../core/compat";
import { postCard } from "../../core/chat/post";
import { checkInputs, choiceInput, intInput, readInputs } from "../../core/forms/inputs";
import { withResourceLocks } from "../../core/chat/trust";
import { FlangeActorModel, type SkillView } from "./data/actor";
import { FlangeCheckRoll, type FlangeCheckOptions, type FlangePart } from "./dice/check-roll";

/** The attribute-only choice of the skill select (3 dice). */
export const ATTRIBUTE_ONLY = "";
/** Prefix of a heading's generalisation dots used without a skill ("h:medicine"). */
export const HEADING_PREFIX = "h:";

/** Everything the check dialog asks. `skill` is a skill item id, "" (attribute only) or "h:<heading>". */
export interface FlangeCheckChoices {
  skill: string;
  attribute: R.AttributeKey;
  diceModifier: number;
  targetModifier: number;
  edgeDice: number;
  edgeTarget: number;
}

export function defaultChoices(model: FlangeActorModel, preset: Partial<FlangeCheckChoices> = {}): FlangeCheckChoices {
  const skill = model.skills.find((s) => s.id === preset.skill);
  return {
    skill: ATTRIBUTE_ONLY,
    attribute: skill && skill.attribute !== "" ? skill.attribute : "strength",
    diceModifier: 0,
    targetModifier: 0,
    edgeDice: 0,
    edgeTarget: 0,
    ...preset,
  };
}

function headingOf(choice: string): R.SkillHeading | null {
  if (!choice.startsWith(HEADING_PREFIX)) return null;
  const h = choice.slice(HEADING_PREFIX.length);
  return R.isSkillHeading(h) ? h : null;
}

/** The check built for a character and the dialog's choices, with every source named. */
export interface BuiltCheck {
  options: FlangeCheckOptions;
  pool: R.CheckPool;
}

/**
 * Build the check with the rules core; throws (with a message) on choices that do not fit.
 * `edgeLimit`: the Edge the choices may spend (what is left; a check rebuilt after its Edge was
 * spent passes what the character owns).
 */
export function buildCheck(model: FlangeActorModel, c: FlangeCheckChoices, actorUuid?: string, edgeLimit = model.edgeAvailable): BuiltCheck {
  const edgeSpent = c.edgeDice + c.edgeTarget;
  if (edgeSpent > edgeLimit) throw new Error(format("BREADBOX.Flange.Edge.NotEnough", { n: edgeSpent, available: edgeLimit }));
  const skill: SkillView | undefined = model.skills.find((s) => s.id === c.skill);
  const heading = headingOf(c.skill);
  if (c.skill !== ATTRIBUTE_ONLY && !skill && !heading) throw new Error(format("BREADBOX.Error.UnknownChoice", { field: localize("BREADBOX.Flange.Check.Skill"), value: c.skill }));
  const extras = { diceModifier: c.diceModifier, targetModifier: c.targetModifier, edgeDice: c.edgeDice, edgeTarget: c.edgeTarget };
  // Edge is checked against what is available above; the core checks it against Edge owned.
  const input = R.characterCheck(model.character, c.attribute, skill ? { name: skill.name, heading: skill.heading } : heading ? { name: "", heading } : null, extras);
  const room = R.maxEdgeTargetReduction({ dice: input.dice, target: input.target, targetModifier: c.targetModifier });
  if (c.edgeTarget > room) throw new Error(format("BREADBOX.Flange.Edge.TargetFloor", { n: c.edgeTarget, room, floor: R.EDGE_TARGET_FLOOR }));
  const dice = input.dice + c.diceModifier + c.edgeDice;
  if (dice > R.CHECK_DICE_MAX) throw new Error(format("BREADBOX.Flange.Check.TooManyDice", { n: dice, max: R.CHECK_DICE_MAX }));
  let pool: R.CheckPool;
  try {
    pool = R.settlePool(input);
  } catch (err) {
    throw new Error(format("BREADBOX.Flange.Check.Refused", { reason: err instanceof Error ? err.message : String(err) }));
  }
  const attributeLabel = localize(`BREADBOX.Flange.Attribute.${c.attribute}`);
  const sourceLabel = skill
    ? skill.name
    : heading
      ? format("BREADBOX.Flange.Check.Generalisation", { heading: localize(`BREADBOX.Flange.Heading.${heading}`) })
      : localize("BREADBOX.Flange.Check.AttributeOnly");
  const parts: FlangePart[] = [];
  if (skill) {
    parts.push({ label: format("BREADBOX.Flange.Check.SkillDots", { name: skill.name }), dice: skill.dots, target: 0 });
    if (skill.generalisation) parts.push({ label: format("BREADBOX.Flange.Check.Generalisation", { heading: localize(`BREADBOX.Flange.Heading.${skill.heading}`) }), dice: Math.min(skill.generalisation, R.SKILL_DOTS_MAX - skill.dots), target: 0 });
  } else {
    parts.push({ label: sourceLabel, dice: input.dice, target: 0 });
  }
  if (c.diceModifier || c.targetModifier) parts.push({ label: localize("BREADBOX.Flange.Check.GM"), dice: c.diceModifier, target: c.targetModifier });
  if (c.edgeDice) parts.push({ label: localize("BREADBOX.Flange.Edge.Dice"), dice: c.edgeDice, target: 0 });
  if (c.edgeTarget) parts.push({ label: localize("BREADBOX.Flange.Edge.Target"), dice: 0, target: -c.edgeTarget });
  const title = format("BREADBOX.Flange.Check.Title", { skill: sourceLabel, attribute: `${attributeLabel} ${input.target}` });
  const options: FlangeCheckOptions = { title, input, parts };
  if (actorUuid) options.actorUuid = actorUuid;
  return { options, pool };
}

/** The pool line above the odds: "3 dice against 7", or the desperate roll. */
export function poolSummary(pool: R.CheckPool): string {
  const line = format("BREADBOX.Flange.Check.PoolLine", { dice: pool.dice, target: pool.target });
  return pool.desperate ? `${line} — ${localize("BREADBOX.Flange.Check.Desperate")}` : line;
}

/** The odds panel's HTML for a check: the pool it rolls and the exact odds of every result. */
export function oddsHtml(built: BuiltCheck): string {
  const summary = document.createElement("p");
  summary.className = "bb-pool-summary";
  summary.textContent = poolSummary(built.pool);
  const odds = R.checkOdds(built.options.input);
  // A critical failure is one of the failures: apart, as an overlapping event (issue 24.4).
  const overlap = { key: "criticalFailureOverlap", p: chanceOf(odds, ["criticalFailure"]) };
  return summary.outerHTML + oddsPanelHtml({ ...odds, extras: [...odds.extras, ...(overlap.p > 0 ? [overlap] : [])] }, { labelKey: (k) => `BREADBOX.Flange.Outcome.${k}`, headline: checkHeadline });
}

/**
 * A check's headline (issue 24.4): it fails, scrapes a marginal success, or does better — three
 * figures that add up to 100 % instead of seven results; the results are folded below.
 */
export function checkHeadline(odds: Odds): HeadlineFigure[] {
  return [
    { label: localize("BREADBOX.Flange.Headline.Fails"), p: chanceOf(odds, ["criticalFailure", "failure"]), cls: "band-failure" },
    { label: localize("BREADBOX.Flange.Headline.Marginal"), p: chanceOf(odds, ["marginal"]), cls: "band-marginal" },
    { label: localize("BREADBOX.Flange.Headline.Better"), p: chanceOf(odds, ["readySalted", "good", "excellent", "blimey"]), cls: "band-success" },
  ];
}

/** The skill select's values for a character: attribute only, each skill, each heading with generalisation dots. */
export function skillChoices(model: FlangeActorModel): string[] {
  const headings = R.SKILL_HEADINGS.filter((h) => model.generalisation[h] > 0).map((h) => `${HEADING_PREFIX}${h}`);
  return [ATTRIBUTE_ONLY, ...model.skills.map((s) => s.id), ...headings];
}

/**
 * One side's inputs of the check dialog, declared once (issue 17): the form's read (`readChoices`)
 * and the check of choices that arrive without a form (`checkSideChoices`). Names carry `prefix`
 * (one side of an opposed roll); the skill's choices are the character's. The layout stays
 * side.hbs's (a skill select with each skill's dice, the Edge fieldset).
 */
function sideInputs(model: FlangeActorModel, prefix: string, edgeLimit: number) {
  const L = (k: string) => `BREADBOX.Flange.Check.${k}`;
  const keys = (xs: readonly string[]) => Object.fromEntries(xs.map((x) => [x, x]));
  return {
    [`${prefix}skill`]: choiceInput(L("Skill"), keys(skillChoices(model)), ATTRIBUTE_ONLY),
    [`${prefix}attribute`]: choiceInput(L("Attribute"), keys(R.ATTRIBUTES), "strength"),
    [`${prefix}diceModifier`]: intInput(L("DiceModifier"), -R.CHECK_DICE_MAX, R.CHECK_DICE_MAX),
    [`${prefix}targetModifier`]: intInput(L("TargetModifier"), -R.CHECK_TARGET_MAX, R.CHECK_TARGET_MAX),
    [`${prefix}edgeDice`]: intInput("BREADBOX.Flange.Edge.Dice", 0, edgeLimit),
    [`${prefix}edgeTarget`]: intInput("BREADBOX.Flange.Edge.Target", 0, edgeLimit),
  };
}

/** A side's values as its declaration read them, typed. */
function sideValues(v: Record<string, unknown>, prefix: string): FlangeCheckChoices {
  const get = (k: string): unknown => v[`${prefix}${k}`];
  const num = (k: string): number => {
    const x = get(k);
    return typeof x === "number" ? x : 0;
  };
  const attribute = String(get("attribute"));
  return { skill: String(get("skill")), attribute: R.isAttribute(attribute) ? attribute : "strength", diceModifier: num("diceModifier"), targetModifier: num("targetModifier"), edgeDice: num("edgeDice"), edgeTarget: num("edgeTarget") };
}

/** Read and check the dialog's form through its side's declaration (prefix: the field names of one side of an opposed roll). */
export function readChoices(form: HTMLFormElement, model: FlangeActorModel, prefix = "", edgeLimit = model.edgeAvailable): FlangeCheckChoices {
  return sideValues(readInputs(form, sideInputs(model, prefix, edgeLimit)), prefix);
}

/** Check one side's choices as they arrive without a form (a relayed request), through the same declaration. */
export function checkSideChoices(raw: Record<string, unknown>, model: FlangeActorModel, edgeLimit = model.edgeAvailable): FlangeCheckChoices {
  return sideValues(checkInputs(raw, sideInputs(model, "", edgeLimit)), "");
}

/** The form's options for one side. */
export function sideContext(model: FlangeActorModel, c: FlangeCheckChoices, prefix = "", edgeLimit = model.edgeAvailable) {
  const skills = [
    { value: ATTRIBUTE_ONLY, label: localize("BREADBOX.Flange.Check.AttributeOnly"), selected: c.skill === ATTRIBUTE_ONLY },
    ...model.skills.map((s) => ({ value: s.id, label: `${s.name} (${localize(`BREADBOX.Flange.Heading.${s.heading}`)}, ${format("BREADBOX.Flange.Check.DiceCount", { n: s.dice })})`, selected: s.id === c.skill })),
    ...R.SKILL_HEADINGS.filter((h) => model.generalisation[h] > 0).map((h) => ({
      value: `${HEADING_PREFIX}${h}`,
      label: format("BREADBOX.Flange.Check.Generalisation", { heading: localize(`BREADBOX.Flange.Heading.${h}`) }),
      selected: c.skill === `${HEADING_PREFIX}${h}`,
    })),
  ];
  const attributes = R.ATTRIBUTES.map((a) => ({ value: a, label: `${localize(`BREADBOX.Flange.Attribute.${a}`)} (${model.attributes[a]})`, selected: a === c.attribute }));
  return { prefix, skills, attributes, c, edgeAvailable: edgeLimit, maxDice: R.CHECK_DICE_MAX, maxTarget: R.CHECK_TARGET_MAX };
}

/** Render a check dialog (check.hbs) around its sides' forms: one side, or an opposed roll's two, each under its name. */
export async function checkDialogHtml(first: string, second?: { firstName: string; secondName: string; html: string }): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(templatePath("flange/dialogs/check.hbs"), { first, second: second?.html, firstName: second?.firstName, secondName: second?.secondName });
}

/** Render one side's form (side.hbs: skill, attribute, modifiers, Edge). */
export function sideHtml(side: ReturnType<typeof sideContext>, idPrefix: string): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(templatePath("flange/dialogs/side.hbs"), { side, idPrefix });
}

/** Render the check dialog's form. */
export async function dialogContent(model: FlangeActorModel, c: FlangeCheckChoices): Promise<string> {
  return checkDialogHtml(await sideHtml(sideContext(model, c), "bb-flange"));
}

/** One character's Edge spend: the points a roll asks of it. */
export interface EdgeSpend {
  actor: Actor.Implementation;
  points: number;
}

/**
 * Spend Edge before a roll, all or nothing, as a check-and-set: under the characters' resource
 * locks each one's Edge is read again from its document and the spend refused (a message, nothing
 * written) when it is no longer there, so two rolls started at once on this client never both
 * spend the same points. The roller owns the characters (an owner's own change). True when spent.
 */
export async function spendEdge(spends: readonly EdgeSpend[]): Promise<boolean> {
  const wanted = spends.filter((s) => s.points > 0);
  if (!wanted.length) return true;
  return withResourceLocks(
    wanted.map((s) => s.actor),
    async () => {
      const byActor = new Map<Actor.Implementation, number>();
      for (const s of wanted) byActor.set(s.actor, (byActor.get(s.actor) ?? 0) + s.points);
      for (const [actor, points] of byActor) {
        const available = modelOf(actor, FlangeActorModel)?.edgeAvailable ?? 0;
        if (points > available) {
          ui.notifications?.warn(format("BREADBOX.Flange.Edge.NotEnough", { n: points, available }));
          return false;
        }
      }
      for (const [actor, points] of byActor) {
        const model = modelOf(actor, FlangeActorModel);
        if (!model) continue;
        R.spendEdge({ available: model.edgeAvailable, points });
        await actor.update({ system: { edge: { spent: model.edge.spent + points } } });
      }
      return true;
    },
  );
}

/** Give back Edge spent for a roll that did not happen (the roll failed after the spend). */
export async function refundEdge(spends: readonly EdgeSpend[]): Promise<void> {
  const wanted = spends.filter((s) => s.points > 0);
  await withResourceLocks(
    wanted.map((s) => s.actor),
    async () => {
      for (const { actor, points } of wanted) {
        const model = modelOf(actor, FlangeActorModel);
        if (model) await actor.update({ system: { edge: { spent: Math.max(0, model.edge.spent - points) } } });
      }
    },
  );
}

/**
 * Configure, roll and post a check for a Flange character. Returns the evaluated roll, or null
 * (dialog closed, or choices the rules refuse: a message, nothing rolled or spent).
 */
export async function performFlangeCheck(actor: Actor.Implementation, preset: Partial<FlangeCheckChoices> = {}, event?: Event | null): Promise<FlangeCheckRoll | null> {
  const model = modelOf(actor, FlangeActorModel);
  if (!model) return null;
  const defaults = defaultChoices(model, preset);
  const configured = await configureRoll({
    defaults,
    skip: skipDialog(event),
    dialog: async () => ({
      title: localize("BREADBOX.Flange.Check.Roll"),
      content: await dialogContent(model, defaults),
      read: (form) => {
        const c = readChoices(form, model);
        buildCheck(model, c);
        return c;
      },
      odds: (c) => oddsHtml(buildCheck(model, c)),
    }),
    build: (c) => buildCheck(model, c, actor.uuid),
    check: { ruleset: "flange", actor },
  });
  if (!configured) return null;
  const { built, mode } = configured;
  if (built.pool.edgeSpent > 0 && !actor.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.Flange.Edge.NotOwner"));
    return null;
  }
  // Edge is spent before the dice are rolled: a second roll started meanwhile finds it gone.
  const spends = [{ actor, points: built.pool.edgeSpent }];
  if (!(await spendEdge(spends))) return null;
  const roll = FlangeCheckRoll.fromCheck(built.options);
  try {
    await roll.evaluate();
  } catch (err) {
    await refundEdge(spends);
    throw err;
  }
  await postCard(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      rolls: [roll],
      flags: { [SYSTEM_ID]: { type: "flangeCheck", actorUuid: actor.uuid } },
    },
    audienceForMode(mode),
  );
  return roll;
}
