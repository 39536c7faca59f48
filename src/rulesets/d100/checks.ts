/**
 * The D10/0 roll pipeline: gather the character (attribute or skill, TABs, powers, health),
 * configure (the dialog: what is checked, the difficulty ladder Average … Impossible, a GM
 * modifier, TAB situations, a power action spent before the roll, overflow, consolation and
 * agitation margins, roll mode, and the exact odds of every degree), build the core's CheckInput,
 * spend the power's points, evaluate a D100CheckRoll with Foundry's dice and post it.
 */
import * as R from "./rules";
import { configureRoll, skipDialog } from "../../core/rolls/dialog";
import { chanceOf, oddsPanelHtml, type HeadlineFigure } from "../../core/rolls/odds-panel";
import type { Odds } from "../../dice/contract";
import { format, localize, modelOf } from "../../core/game";
import { SYSTEM_ID, templatePath } from "../../core/ids";
import { audienceForMode, type MessageMode } from "../../core/compat";
import { postCard } from "../../core/chat/post";
import { boolInput, intInput, keyInput, readInputs } from "../../core/forms/inputs";
import { D100ActorModel } from "./data/actor";
import { D100PowerModel, D100TabModel } from "./data/items";
import { D100CheckRoll, type CheckPart, type D100CheckOptions } from "./dice/check-roll";
import { d100PlayRules, type D100PlayRules } from "./settings";
import { powerActionDelta, spendPowerAction } from "./powers";

export interface D100CheckChoices {
  /** "attribute:<key>" or "skill:<skill id>". */
  target: string;
  ladder: (typeof R.DIFFICULTY_KEYS)[number];
  /** The GM's change to the difficulty (difficulty points: −10 is easier on a skill check). */
  modifier: number;
  /** TAB situation tags that apply. */
  tags: string[];
  /** A power action spent before the roll: "<item id>:<action index>", or "". */
  power: string;
  powerX: number;
  overflow: boolean;
  consolationMargin: number;
  agitationMargin: number;
}

export function defaultChoices(preset: Partial<D100CheckChoices> = {}, rules: D100PlayRules = d100PlayRules()): D100CheckChoices {
  return {
    target: "attribute:agility",
    ladder: "average",
    modifier: 0,
    tags: [],
    power: "",
    powerX: 0,
    overflow: rules.overflow === "always",
    consolationMargin: 0,
    agitationMargin: 0,
    ...preset,
  };
}

export interface BuiltCheck {
  options: D100CheckOptions;
  /** The power action to spend when rolling (null: none). */
  power: { item: Item.Implementation; index: number; x: number } | null;
  /** TAB items with a daily limit that contributed: a use is counted when the check is rolled. */
  tabUses: Item.Implementation[];
}

function targetOf(model: D100ActorModel, target: string): { kind: R.CheckKind; key: string; label: string; score: number } {
  const [kind, key = ""] = target.split(/:(.*)/s);
  if (kind === "attribute") {
    const attr = R.ATTRIBUTE_KEYS.find((k) => k === key);
    if (!attr) throw new Error(format("BREADBOX.D100.Error.UnknownTarget", { target }));
    return { kind: "attribute", key: attr, label: localize(`BREADBOX.D100.Attribute.${attr}`), score: model.attributes[attr] };
  }
  if (kind === "skill") {
    const row = model.skillRows.find((r) => r.id === key);
    if (!row) throw new Error(format("BREADBOX.D100.Error.UnknownTarget", { target }));
    return { kind: "skill", key: row.id, label: row.parent === null ? localize(`BREADBOX.D100.Skill.${row.id}`) : row.name, score: row.total };
  }
  throw new Error(format("BREADBOX.D100.Error.UnknownTarget", { target }));
}

/** Daily uses of the actor's TABs, by TAB key (the item's name). */
function usesToday(actor: Actor.Implementation): Record<string, number> {
  const out: Record<string, number> = Object.create(null);
  for (const item of actor.items) {
    const tab = modelOf(item, D100TabModel);
    if (tab && tab.usesToday > 0) out[tab.tab.key] = tab.usesToday;
  }
  return out;
}

/** The situation tags the actor's TABs react to. */
export function situationTags(model: D100ActorModel): string[] {
  const tags = new Set<string>();
  for (const t of model.tabs) for (const e of t.effects) if (e.kind !== "adjustment" && e.when) tags.add(e.when);
  return [...tags].sort();
}

/** Build the check with the rules core; throws (with a localized or core message) on choices that do not fit. */
export function buildCheck(actor: Actor.Implementation, c: D100CheckChoices, rules: D100PlayRules = d100PlayRules()): BuiltCheck {
  const model = modelOf(actor, D100ActorModel);
  if (!model) throw new Error(localize("BREADBOX.D100.Error.NotACharacter"));
  const t = targetOf(model, c.target);
  const scale = R.CHECK_SCALE[t.kind] ?? 1;
  const parts: CheckPart[] = [];
  const ladder = R.difficultyFor(t.kind, c.ladder);
  parts.push({ label: format("BREADBOX.D100.Check.Ladder", { name: localize(`BREADBOX.D100.Difficulty.${c.ladder}`) }), value: ladder });
  let situation = ladder;
  if (c.modifier) {
    parts.push({ label: localize("BREADBOX.D100.Check.Modifier"), value: c.modifier });
    situation += c.modifier;
  }
  let power: BuiltCheck["power"] = null;
  if (c.power) {
    const [itemId = "", idx = ""] = c.power.split(":");
    const item = actor.items.get(itemId);
    const model = modelOf(item, D100PowerModel);
    const index = Number(idx);
    const action = model?.actions[index];
    if (!item || !model || !action) throw new Error(format("BREADBOX.D100.Error.UnknownPowerAction", { action: c.power }));
    const delta = powerActionDelta(action, c.powerX);
    if (delta) {
      parts.push({ label: format("BREADBOX.D100.Check.Power", { power: item.name ?? "", action: action.name }), value: delta });
      situation += delta;
    }
    power = { item, index, x: c.powerX };
  }
  if (model.healthState === "dying" && rules.dyingDifficulty > 0) {
    const dying = rules.dyingDifficulty * scale;
    parts.push({ label: localize("BREADBOX.D100.Check.Dying"), value: dying });
    situation += dying;
  }
  const m = R.tabCheckModifiers(model.tabs, { kind: t.kind, tags: c.tags, attribute: t.kind === "attribute" ? R.requireAttributeKey("Check", t.key) : undefined, usesToday: usesToday(actor) });
  const difficulty = R.applyTabDifficulty(situation, m);
  if (difficulty !== situation) parts.push({ label: format("BREADBOX.D100.Check.Tabs", { tabs: m.sources.join(", ") }), value: difficulty - situation });
  const score = t.score * m.attributeFactor;
  const title = format("BREADBOX.D100.Check.Title", { target: t.label, score });
  const input: R.CheckInput = {
    kind: t.kind,
    score,
    difficulty,
    overflow: rules.overflow === "never" ? false : rules.overflow === "always" ? true : c.overflow,
    consolationMargin: c.consolationMargin,
    agitationMargin: c.agitationMargin,
  };
  R.normaliseCheck(input);
  const tabUses = [...actor.items].filter((i) => {
    const tab = modelOf(i, D100TabModel);
    return tab !== null && m.sources.includes(tab.tab.key) && R.tabUsesPerDay(tab.tab) !== null;
  });
  return { options: { title, actorUuid: actor.uuid, input, parts }, power, tabUses };
}

/**
 * A check's headline (issue 24.4): failure, miss, success — three figures that add up to 100 % —
 * instead of thirteen degrees; the degrees are folded below, the overlapping events apart.
 */
export function degreeHeadline(odds: Odds): HeadlineFigure[] {
  return [
    { label: localize("BREADBOX.D100.Outcome.failure"), p: chanceOf(odds, R.FAILURE_DEGREES), cls: "band-failure" },
    { label: localize("BREADBOX.D100.Outcome.miss"), p: chanceOf(odds, ["miss"]), cls: "band-marginal" },
    { label: localize("BREADBOX.D100.Outcome.success"), p: chanceOf(odds, R.SUCCESS_DEGREES), cls: "band-success" },
  ];
}

export function checkOddsHtml(built: BuiltCheck): string {
  return oddsPanelHtml(R.checkOdds(built.options.input), { labelKey: (k) => `BREADBOX.D100.Degree.${k}`, headline: degreeHeadline });
}

function targetKeys(model: D100ActorModel): string[] {
  return [...R.ATTRIBUTE_KEYS.map((k) => `attribute:${k}`), ...model.skillRows.map((r) => `skill:${r.id}`)];
}

export function powerKeys(actor: Actor.Implementation): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (const item of actor.items) {
    const p = modelOf(item, D100PowerModel);
    if (!p) continue;
    p.actions.forEach((a, i) => out.push({ value: `${item.id}:${i}`, label: `${item.name} — ${a.name} (${a.cost})` }));
  }
  return out;
}

/**
 * The check dialog's inputs, declared once (issue 17, "one way to read a dialog"): the target
 * (an attribute or one of the actor's skills), the difficulty, the power action (one of the
 * actor's, or none) and the bounded numbers. Its template lays them out; `readChoices` reads
 * the form through this declaration.
 */
export function checkDialogInputs(actor: Actor.Implementation, model: D100ActorModel) {
  const L = (k: string) => `BREADBOX.D100.Check.${k}`;
  const same = (k: string) => k;
  return {
    target: keyInput(L("Target"), targetKeys(model), same, "attribute:agility"),
    ladder: keyInput(L("Difficulty"), R.DIFFICULTY_KEYS, (k) => `BREADBOX.D100.Difficulty.${k}`, "average"),
    modifier: intInput(L("Modifier"), -R.MAX_DIFFICULTY, R.MAX_DIFFICULTY, 0),
    power: keyInput(L("PowerAction"), ["", ...powerKeys(actor).map((p) => p.value)], same, ""),
    powerX: intInput(L("PowerX"), 0, R.MAX_POWER_AMOUNT, 0),
    overflow: boolInput(L("UseOverflow")),
    consolationMargin: intInput(L("ConsolationMargin"), 0, R.MAX_MARGIN, 0),
    agitationMargin: intInput(L("AgitationMargin"), 0, R.MAX_MARGIN, 0),
  };
}

/** The situation tags' checkboxes (`tag.<tag>`), declared the same way. */
function tagInputs(model: D100ActorModel): Record<string, ReturnType<typeof boolInput>> {
  return Object.fromEntries(situationTags(model).map((tag) => [`tag.${tag}`, boolInput(tag)]));
}

export function readChoices(form: HTMLFormElement, actor: Actor.Implementation, model: D100ActorModel): D100CheckChoices {
  const tags = Object.entries(readInputs(form, tagInputs(model))).flatMap(([name, on]) => (on ? [name.slice("tag.".length)] : []));
  return { ...readInputs(form, checkDialogInputs(actor, model)), tags };
}

export async function dialogContent(actor: Actor.Implementation, model: D100ActorModel, c: D100CheckChoices, rules: D100PlayRules): Promise<string> {
  const targets = [
    { group: localize("BREADBOX.D100.Attribute.Label"), options: R.ATTRIBUTE_KEYS.map((k) => ({ value: `attribute:${k}`, label: `${localize(`BREADBOX.D100.Attribute.${k}`)} (${model.attributes[k]})`, selected: c.target === `attribute:${k}` })) },
    { group: localize("BREADBOX.D100.Skill.Label"), options: model.skillRows.map((r) => ({ value: `skill:${r.id}`, label: `${"— ".repeat(r.depth)}${r.parent === null ? localize(`BREADBOX.D100.Skill.${r.id}`) : r.name} (${r.total})`, selected: c.target === `skill:${r.id}` })) },
  ];
  return foundry.applications.handlebars.renderTemplate(templatePath("d100/dialogs/check.hbs"), {
    targets,
    ladder: R.DIFFICULTY_KEYS.map((k) => ({ value: k, label: localize(`BREADBOX.D100.Difficulty.${k}`), selected: k === c.ladder })),
    tags: situationTags(model).map((tag) => ({ tag, checked: c.tags.includes(tag) })),
    powers: powerKeys(actor).map((p) => ({ ...p, selected: p.value === c.power })),
    overflowAsk: rules.overflow === "ask",
    overflowAlways: rules.overflow === "always",
    c,
    maxDifficulty: R.MAX_DIFFICULTY,
    maxMargin: R.MAX_MARGIN,
  });
}

/** Roll and post a built check (spending its power action first). Returns the roll, or null. */
export async function rollBuiltCheck(actor: Actor.Implementation, built: BuiltCheck, mode: MessageMode, extra?: (roll: D100CheckRoll) => Promise<Record<string, unknown> | null>): Promise<D100CheckRoll | null> {
  if (built.power) {
    const spent = await spendPowerAction(actor, built.power.item, built.power.index, { x: built.power.x });
    if (!spent) return null;
  }
  for (const item of built.tabUses) {
    const tab = modelOf(item, D100TabModel);
    if (tab) await item.update({ system: { usesToday: tab.usesToday + 1 } });
  }
  const roll = D100CheckRoll.fromCheck(built.options);
  await roll.evaluate();
  const more = extra ? await extra(roll) : null;
  if (more) Object.assign(roll.options, more);
  await postCard(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      rolls: [roll, ...roll.overflowRolls],
      flags: { [SYSTEM_ID]: { type: "d100Check", actorUuid: actor.uuid } },
    },
    audienceForMode(mode),
  );
  return roll;
}

/** Configure, roll and post a check for a D10/0 character. Returns the evaluated roll, or null. */
export async function performD100Check(actor: Actor.Implementation, preset: Partial<D100CheckChoices> = {}, event?: Event | null): Promise<D100CheckRoll | null> {
  const model = modelOf(actor, D100ActorModel);
  if (!model) return null;
  const rules = d100PlayRules();
  const defaults = defaultChoices(preset, rules);
  const configured = await configureRoll({
    defaults,
    skip: skipDialog(event),
    dialog: async () => ({
      title: localize("BREADBOX.D100.Check.Roll"),
      content: await dialogContent(actor, model, defaults, rules),
      read: (form) => {
        const ch = readChoices(form, actor, model);
        buildCheck(actor, ch, rules);
        return ch;
      },
      odds: (ch) => checkOddsHtml(buildCheck(actor, ch, rules)),
    }),
    build: (ch) => buildCheck(actor, ch, rules),
    check: { ruleset: "d100", actor },
  });
  return configured && rollBuiltCheck(actor, configured.built, configured.mode);
}
