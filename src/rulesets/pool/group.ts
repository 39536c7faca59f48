/**
 * Group checks ("Working Together" and "Working Against"): one dialog gathers the participants
 * (the launching character, the selected tokens' characters, and any Dice Pool character the user
 * owns), each with their own ability and attribute from their own trait tree; the rules core merges
 * or opposes their pools (`rules/team.ts`, `rules/opposition.ts`) and gives the exact odds; the
 * dice are Foundry dice (PoolCheckRoll); ONE chat card shows every participant, their dice, and the
 * core's verdict for the group.
 *
 * - simple addition / combining dice / worst roller: the merged pool is rolled once;
 * - either/or: every member rolls; only the one(s) with a chance can succeed — chosen by the
 *   Storyguide in the dialog, or picked at random with a Foundry die;
 * - direct / indirect opposition: the first two participants (in the dialog's order) roll against
 *   each other (indirect: against one Difficulty).
 */
import * as R from "./rules";
import { oddsPanelHtml } from "../../core/rolls/odds-panel";
import { format, localize, modelOf } from "../../core/game";
import { templatePath } from "../../core/ids";
import { boolInput, choiceInput, intInput, readInputs, type InputDeclaration } from "../../core/forms/inputs";
import { linesHtml } from "../../core/rolls/lines";
import { makeOdds, type Odds } from "../../dice/contract";
import { PoolActorModel } from "./data/actor";
import { BreadboxActor } from "../../core/documents/actor";
import { PoolCheckRoll, diceLine, rolledPool, type PoolCardContext, type PoolCheckOptions, type PoolPart } from "./dice/pool-roll";
import { DEFAULT_DIFFICULTY, buildCheck, defaultChoices, inputBounds, keyLabels, poolSummary, traitChoices, type BuiltCheck } from "./checks";
import { targetedActors } from "../../core/foundry";
import type { PoolRules } from "./settings";

/** The six ways a group can roll. */
export const GROUP_MODES = ["simpleAddition", "combiningDice", "worstRoller", "eitherOr", "direct", "indirect"] as const;
export type GroupMode = (typeof GROUP_MODES)[number];
const POOLED: readonly string[] = R.POOLED_TEAMWORK_MODES;
const CONTESTS: readonly string[] = ["direct", "indirect"];

/** Either/or: who has the chance of success — ticked by the Storyguide, or one member at random. */
export const CHANCE_MODES = ["chosen", "random"] as const;
export type ChanceMode = (typeof CHANCE_MODES)[number];

/** The dialog lists at most this many characters (bounds the form and every loop over it). */
export const MAX_CANDIDATES = 60;

/** A character the dialog offers. */
export interface GroupCandidate {
  actor: Actor.Implementation;
  model: PoolActorModel;
  /** Ticked when the dialog opens (the launching character, the selected tokens). */
  included: boolean;
  /**
   * A targeted character the user does not own: it can only be worked against, and its owner (the
   * Storyguide for an NPC) answers with its traits on the card (the `pool.against` exchange).
   */
  remote?: boolean;
}

export interface MemberChoice {
  /** Index into the candidates. */
  index: number;
  ability: string;
  attribute: string;
  hasChance: boolean;
  /** Direct opposition only: this side does not roll; its dice-phobe total is the other side's Difficulty. */
  phobe: boolean;
}

export interface GroupChoices {
  mode: GroupMode;
  die: R.DieKey;
  difficulty: number;
  requiredDegree: number;
  chance: ChanceMode;
  members: MemberChoice[];
}

export interface BuiltMember {
  candidate: GroupCandidate;
  choice: MemberChoice;
  check: BuiltCheck;
}

export interface BuiltGroup {
  choices: GroupChoices;
  members: BuiltMember[];
  /** The merged pool (simple addition, combining dice, worst roller). */
  team: R.TeamPool | null;
}

function isPooled(mode: GroupMode): mode is R.PooledTeamworkMode {
  return POOLED.includes(mode);
}

function fail(key: string, data: Record<string, string | number> = {}): never {
  throw new Error(format(`BREADBOX.Pool.Group.Error.${key}`, data));
}

function memberDice(pool: R.PoolSpec): R.TeamMemberDice {
  return { addDice: pool.addDice, bonusDice: pool.bonusDice, penaltyDice: pool.penaltyDice };
}

/** One member's pool, from their own tree, wounds and activity; throws a localized message. */
function buildMember(candidates: readonly GroupCandidate[], c: GroupChoices, choice: MemberChoice): BuiltMember {
  const candidate = candidates[choice.index];
  if (!candidate) fail("Unknown", { n: choice.index });
  const preset = { ability: choice.ability, attribute: choice.attribute, die: c.die, difficulty: c.difficulty, requiredDegree: c.requiredDegree, resolution: "roll" as const };
  try {
    return { candidate, choice, check: buildCheck(candidate.model, defaultChoices(candidate.model, preset), candidate.actor.uuid) };
  } catch (err) {
    throw new Error(`${candidate.actor.name ?? ""}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/** Working against a character the user does not own: the user's side, built, and the opponent. */
export interface RemoteContest {
  mode: "direct" | "indirect";
  choices: GroupChoices;
  roller: BuiltMember;
  opponent: GroupCandidate;
}

/**
 * The contest of a group whose members include a character the user does not own (null when every
 * member is the user's): only direct or indirect opposition, with exactly one such character, who
 * answers on the card. Throws a localized message otherwise.
 */
export function remoteContest(candidates: readonly GroupCandidate[], c: GroupChoices): RemoteContest | null {
  const remote = c.members.filter((m) => candidates[m.index]?.remote === true);
  if (!remote.length) return null;
  const names = remote.map((m) => candidates[m.index]?.actor.name ?? "").join(", ");
  if (c.mode !== "direct" && c.mode !== "indirect") fail("NotYours", { name: names });
  if (c.members.length !== 2) fail("TwoSides", { n: c.members.length });
  const mine = c.members.find((m) => candidates[m.index]?.remote !== true);
  const opponent = candidates[remote[0]?.index ?? -1];
  if (!mine || !opponent || remote.length !== 1) fail("OneOpponent", { name: names });
  return { mode: c.mode, choices: c, roller: buildMember(candidates, c, mine), opponent };
}

/** Build every member's pool (their own tree, wounds and activity) and the merged pool; throws a localized message. */
export function buildGroup(candidates: readonly GroupCandidate[], c: GroupChoices): BuiltGroup {
  const n = c.members.length;
  if (CONTESTS.includes(c.mode) && n !== 2) fail("TwoSides", { n });
  if (!CONTESTS.includes(c.mode) && n < 2) fail("TooFew", { n });
  if (n > R.MAX_TEAM_MEMBERS) fail("TooMany", { n, max: R.MAX_TEAM_MEMBERS });
  const members = c.members.map((choice) => buildMember(candidates, c, choice));
  let team: R.TeamPool | null = null;
  if (isPooled(c.mode)) {
    const dice = members.map((m) => memberDice(m.check.options.pool));
    try {
      team = R.teamPool({ mode: c.mode, members: dice, die: c.die });
    } catch (err) {
      // The one limit a group can hit that its members cannot: the merged pool's size.
      if (err instanceof RangeError) fail("TooManyDice", { add: dice.reduce((s, d) => s + d.addDice, 0), bonus: dice.reduce((s, d) => s + d.bonusDice, 0), penalty: dice.reduce((s, d) => s + d.penaltyDice, 0), max: R.MAX_POOL_DICE });
      throw err;
    }
  }
  return { choices: c, members, team };
}

/** The exact odds of a group roll, from the rules core. */
export function groupOdds(g: BuiltGroup): Odds {
  const c = g.choices;
  const pools = g.members.map((m) => m.check.options.pool);
  if (isPooled(c.mode)) return R.teamCheckOdds({ mode: c.mode, members: pools.map(memberDice), die: c.die, difficulty: c.difficulty, requiredDegree: c.requiredDegree });
  if (c.mode === "eitherOr") {
    if (c.chance === "chosen") return R.eitherOrOdds({ members: pools.map((pool, i) => ({ pool, hasChance: g.members[i]?.choice.hasChance ?? false })), difficulty: c.difficulty, requiredDegree: c.requiredDegree });
    // At random: each member is equally likely to hold the one chance.
    let success = 0;
    for (let holder = 0; holder < pools.length; holder++) {
      success += R.eitherOrOdds({ members: pools.map((pool, i) => ({ pool, hasChance: i === holder })), difficulty: c.difficulty, requiredDegree: c.requiredDegree }).success / pools.length;
    }
    return makeOdds({ success, outcomes: [{ key: "failure", p: 1 - success }, { key: "success", p: success }] });
  }
  const [first, second] = pools;
  if (!first || !second) fail("TwoSides", { n: pools.length });
  if (c.mode === "direct") {
    const phobe = phobeSides(g);
    if (phobe.some(Boolean)) return phobeContestOdds(first, second, phobe);
    return R.directContestOdds({ first, second });
  }
  return R.indirectContestOdds({ first, second, difficulty: c.difficulty });
}

/** Which sides of a direct opposition take the dice-phobe total instead of rolling. */
function phobeSides(g: BuiltGroup): [boolean, boolean] {
  if (g.choices.mode !== "direct") return [false, false];
  return [g.members[0]?.choice.phobe ?? false, g.members[1]?.choice.phobe ?? false];
}

/**
 * "Not Rolling the Dice": in direct opposition a dice-phobe side's fixed total is the Difficulty of
 * the side that rolls — it triumphs on a success (its degree against that Difficulty), else the
 * dice phobe holds. Two dice phobes compare their fixed totals like two rolls.
 */
function phobeContestOdds(first: R.PoolSpec, second: R.PoolSpec, phobe: [boolean, boolean]): Odds {
  const entries = (p: Record<R.ContestOutcome, number>) => R.CONTEST_ODDS_ORDER.map((key) => ({ key, p: p[key] }));
  if (phobe[0] && phobe[1]) {
    const j = R.judgeDirect(R.dicePhobeRoll(first), R.dicePhobeRoll(second));
    const p = { firstTriumphs: 0, secondTriumphs: 0, tie: 0, neither: 0, [j.outcome]: 1 };
    return makeOdds({ success: p.firstTriumphs, outcomes: entries(p) });
  }
  const rollerFirst = !phobe[0];
  const roller = rollerFirst ? first : second;
  const difficulty = R.dicePhobeTotal(rollerFirst ? second : first);
  const success = R.checkOdds({ pool: roller, difficulty }).success;
  const p = rollerFirst
    ? { firstTriumphs: success, secondTriumphs: 1 - success, tie: 0, neither: 0 }
    : { firstTriumphs: 1 - success, secondTriumphs: success, tie: 0, neither: 0 };
  return makeOdds({ success: p.firstTriumphs, outcomes: entries(p) });
}

/** The dialog's panel for a contest against a character the user does not own: the user's pool; the other side answers. */
export function remoteContestHtml(r: RemoteContest): string {
  return linesHtml(poolSummary(r.roller.check.options.pool, true), { text: format("BREADBOX.Pool.Against.Awaits", { name: r.opponent.actor.name ?? "" }), cls: "bb-muted" });
}

export function outcomeLabelKey(mode: GroupMode, key: string): string {
  return CONTESTS.includes(mode) ? `BREADBOX.Pool.Contest.${key}` : `BREADBOX.Pool.Outcome.${key}`;
}

/** The dialog's live panel: each member's pool, the merged pool, and the exact odds. */
export function groupOddsHtml(g: BuiltGroup): string {
  const c = g.choices;
  const rows = g.members.map((m, i) => {
    const side = CONTESTS.includes(c.mode) ? `${localize(i === 0 ? "BREADBOX.Pool.Group.First" : "BREADBOX.Pool.Group.Second")}: ` : "";
    const chance = c.mode === "eitherOr" && c.chance === "chosen" && m.choice.hasChance ? ` · ${localize("BREADBOX.Pool.Group.HasChance")}` : c.mode === "direct" && m.choice.phobe ? ` · ${format("BREADBOX.Pool.Group.PhobeTotal", { total: R.dicePhobeTotal(m.check.options.pool) })}` : "";
    return `${side}${m.candidate.actor.name ?? ""}: ${diceLine(poolDice(m.check.options.pool))}${chance}`;
  });
  const merged = g.team ? [{ text: `${localize("BREADBOX.Pool.Group.Merged")}: ${diceLine(poolDice(g.team.pool))} (${localize(`BREADBOX.Pool.Die.${g.team.pool.die}`)})`, cls: "bb-pool-summary" }] : [];
  return linesHtml({ items: rows, cls: "bb-pool-members" }, ...merged) + oddsPanelHtml(groupOdds(g), { labelKey: (k) => outcomeLabelKey(c.mode, k) });
}

function poolDice(p: R.PoolSpec): { add: number; bonus: number; penalty: number } {
  return { add: p.addDice, bonus: p.bonusDice, penalty: p.penaltyDice };
}

// ---- the form ------------------------------------------------------------------------------

/**
 * The group dialog's inputs, declared once (src/core/forms/inputs.ts): the mode, die, Difficulty,
 * required degree and chance, then each candidate's row. A character the user does not own (a
 * target to work against) has only its "takes part" box: its owner answers with its traits.
 */
export function groupInputs(candidates: readonly GroupCandidate[], rules: PoolRules): InputDeclaration {
  const L = (k: string) => localize(`BREADBOX.Pool.${k}`);
  const decl: InputDeclaration = {
    mode: choiceInput("BREADBOX.Pool.Group.Mode", keyLabels(GROUP_MODES, "BREADBOX.Pool.Group.Modes"), "simpleAddition"),
    die: choiceInput("BREADBOX.Pool.Check.Die", keyLabels(rules.dieSubstitution ? R.DIE_KEYS : ["d8"], "BREADBOX.Pool.Die"), "d8"),
    difficulty: intInput("BREADBOX.Pool.Check.Difficulty", -R.MAX_DIFFICULTY, R.MAX_DIFFICULTY, DEFAULT_DIFFICULTY),
    requiredDegree: intInput("BREADBOX.Pool.Check.RequiredDegree", 0, R.MAX_DIFFICULTY, 0),
    chance: choiceInput("BREADBOX.Pool.Group.Chance", keyLabels(CHANCE_MODES, "BREADBOX.Pool.Group.Chances"), "chosen"),
  };
  candidates.forEach((cand, index) => {
    const name = cand.actor.name ?? "";
    decl[`member.${index}.include`] = boolInput(`${L("Group.Include")} (${name})`);
    if (cand.remote) return;
    decl[`member.${index}.ability`] = choiceInput(`${L("Ability.Label")} (${name})`, traitChoices(cand.model.abilityTree.rows), "");
    decl[`member.${index}.attribute`] = choiceInput(`${L("Attribute.Label")} (${name})`, traitChoices(cand.model.attributeTree.rows), "");
    decl[`member.${index}.chance`] = boolInput(`${L("Group.HasChance")} (${name})`);
    decl[`member.${index}.phobe`] = boolInput(`${L("Group.Phobe")} (${name})`);
  });
  return decl;
}

/** Read and check the group dialog's form, through its declaration (`groupInputs`). */
export function readGroupChoices(form: HTMLFormElement, candidates: readonly GroupCandidate[], rules: PoolRules): GroupChoices {
  const values: Record<string, unknown> = readInputs(form, groupInputs(candidates, rules));
  const str = (name: string) => (typeof values[name] === "string" ? String(values[name]) : "");
  const num = (name: string) => (typeof values[name] === "number" ? Number(values[name]) : 0);
  const members: MemberChoice[] = [];
  candidates.forEach((_, index) => {
    const at = (k: string) => `member.${index}.${k}`;
    if (values[at("include")] !== true) return;
    members.push({ index, ability: str(at("ability")), attribute: str(at("attribute")), hasChance: values[at("chance")] === true, phobe: values[at("phobe")] === true });
  });
  return {
    mode: GROUP_MODES.find((k) => k === values.mode) ?? "simpleAddition",
    die: R.DIE_KEYS.find((k) => k === values.die) ?? "d8",
    difficulty: num("difficulty"),
    requiredDegree: num("requiredDegree"),
    chance: CHANCE_MODES.find((k) => k === values.chance) ?? "chosen",
    members,
  };
}

function treeOptions(rows: { traitId: string; name: string; depth: number; score: number }[], selected: string) {
  return rows.map((r) => ({ value: r.traitId, label: `${"— ".repeat(r.depth)}${r.name} (${r.score})`, selected: r.traitId === selected }));
}

/** What the dialog opens with. */
export interface GroupPreset {
  mode?: GroupMode;
  ability?: string;
  attribute?: string;
}

/** Render the group dialog's form. */
export async function groupDialogContent(candidates: readonly GroupCandidate[], preset: GroupPreset, rules: PoolRules): Promise<string> {
  const mode = preset.mode ?? "simpleAddition";
  const has = (rows: { traitId: string }[], id: string | undefined) => (id && rows.some((r) => r.traitId === id) ? id : "");
  return foundry.applications.handlebars.renderTemplate(templatePath("pool/dialogs/group.hbs"), {
    modes: GROUP_MODES.map((k) => ({ value: k, label: localize(`BREADBOX.Pool.Group.Modes.${k}`), selected: k === mode })),
    dice: (rules.dieSubstitution ? R.DIE_KEYS : ["d8"]).map((k) => ({ value: k, label: localize(`BREADBOX.Pool.Die.${k}`), selected: k === "d8" })),
    chances: CHANCE_MODES.map((k) => ({ value: k, label: localize(`BREADBOX.Pool.Group.Chances.${k}`), selected: k === "chosen" })),
    difficulty: DEFAULT_DIFFICULTY,
    // The number inputs' bounds, from the declaration the form is read through.
    bounds: inputBounds(groupInputs(candidates, rules)),
    candidates: candidates.map((cand, index) => ({
      index,
      name: cand.actor.name ?? "",
      included: cand.included,
      remote: cand.remote === true,
      phobe: cand.model.npc && rules.npcDicePhobe,
      // A character the user does not own shows no traits here: its owner answers with them.
      abilities: cand.remote ? [] : treeOptions(cand.model.abilityTree.rows, has(cand.model.abilityTree.rows, preset.ability)),
      attributes: cand.remote ? [] : treeOptions(cand.model.attributeTree.rows, has(cand.model.attributeTree.rows, preset.attribute)),
    })),
  });
}

/** The Dice Pool characters the dialog offers: the launcher, the selected tokens', then every other one the user owns. */
export function groupCandidates(launcher?: Actor.Implementation | null, preset: GroupPreset = {}): GroupCandidate[] {
  const out: GroupCandidate[] = [];
  const seen = new Set<string>();
  const add = (actor: unknown, included: boolean, remote = false) => {
    if (!(actor instanceof BreadboxActor) || out.length >= MAX_CANDIDATES) return;
    const model = modelOf(actor, PoolActorModel);
    const key = actor.uuid;
    if (!model || seen.has(key) || actor.isOwner === remote) return;
    seen.add(key);
    out.push(remote ? { actor, model, included, remote } : { actor, model, included });
  };
  add(launcher, true);
  for (const token of selectedTokens()) add(token, true);
  for (const actor of game.actors ?? []) add(actor, false);
  // Last, the targeted characters the user does not own: only to work against (ticked for opposition).
  const against = preset.mode === "direct" || preset.mode === "indirect";
  for (const actor of targetedActors()) add(actor, against, true);
  return out;
}

/** The actors of the selected tokens (none without a canvas). */
function selectedTokens(): Actor.Implementation[] {
  const controlled: unknown = Reflect.get(globalThis, "canvas")?.tokens?.controlled;
  if (!Array.isArray(controlled)) return [];
  const out: Actor.Implementation[] = [];
  for (const token of controlled.slice(0, MAX_CANDIDATES)) {
    const actor: unknown = token?.actor;
    if (actor instanceof BreadboxActor) out.push(actor);
  }
  return out;
}

// ---- rolling and the card ------------------------------------------------------------------

/** What the group card shows about one participant. */
interface MemberView {
  name: string;
  side: string;
  poolLine: string;
  parts: { label: string; dice: string }[];
  rolled: boolean;
  dice: { value: number; cssClass: string; label: string }[];
  dieLabel: string;
  total: number;
  outcomeLabel: string;
  degreeLabel: string;
  achieved: boolean;
  chance: string;
}

/** The group's verdict, as the core gives it, stored in the card's flags. */
export interface GroupVerdict {
  mode: GroupMode;
  outcome: string;
  degree: number;
  /** Member index (in the card) that triumphs or holds the chance, or -1. */
  member: number;
}

function memberParts(m: BuiltMember): { label: string; dice: string }[] {
  return m.check.options.parts.filter((p) => p.add || p.bonus || p.penalty).map((p) => ({ label: p.label, dice: diceLine(p) }));
}

/**
 * One participant on the card. In direct opposition there is no Difficulty: a side shows only
 * whether it botched (a botch cannot triumph), and a dice-phobe side shows its fixed total.
 */
function memberView(m: BuiltMember, side: string, roll: PoolCheckRoll | null, chance: string, direct = false): MemberView {
  const base = { name: m.candidate.actor.name ?? "", side, poolLine: diceLine(poolDice(m.check.options.pool)), parts: memberParts(m), chance };
  if (!roll) return { ...base, rolled: false, dice: [], dieLabel: "", total: 0, outcomeLabel: "", degreeLabel: "", achieved: false };
  const card = roll.cardContext(false);
  const view = { ...base, rolled: true, dice: card.dice, dieLabel: card.dieLabel, total: card.total, outcomeLabel: card.outcomeLabel, degreeLabel: card.degreeLabel, achieved: card.achieved };
  if (card.dicePhobe && direct) return { ...view, outcomeLabel: localize("BREADBOX.Pool.Resolution.dicePhobe"), degreeLabel: localize("BREADBOX.Pool.Group.PhobeIsDifficulty") };
  if (direct && roll.check?.resolution === "roll" && roll.check.difficulty === m.check.options.difficulty) {
    return { ...view, outcomeLabel: card.outcome === "botch" ? card.outcomeLabel : "", degreeLabel: "" };
  }
  return view;
}

/** The verdict of a direct opposition with a dice-phobe side, from the classified rolls (see phobeContestOdds). */
function phobeContest(rolls: readonly PoolCheckRoll[], phobe: [boolean, boolean]): R.ContestJudgement {
  const [a, b] = rolls.map((r) => r.checkResult);
  if (!a || !b) throw new Error("Breadbox | a side of the contest was not classified");
  if (phobe[0] && phobe[1]) return R.judgeDirect(a, b);
  const rollerFirst = !phobe[0];
  const roller = rollerFirst ? a : b;
  if (roller.outcome === "success") return { outcome: rollerFirst ? "firstTriumphs" : "secondTriumphs", degree: roller.degree };
  return { outcome: rollerFirst ? "secondTriumphs" : "firstTriumphs", degree: 0 };
}

/**
 * A side's dice rolled elsewhere (a contest's declaration, from the GM's record), classified for the
 * check the documents rebuild: whatever options the roll carried are replaced. Throws when the dice
 * are not that check's roll.
 */
function adoptRoll(roll: PoolCheckRoll, options: PoolCheckOptions): PoolCheckRoll {
  if (!roll.resultFor(options)) throw new Error("BREADBOX.Relay.NotGenuine");
  for (const key of Object.keys(roll.options)) Reflect.deleteProperty(roll.options, key);
  Object.assign(roll.options, foundry.utils.deepClone(options));
  roll.classify();
  return roll;
}

/**
 * Roll a built group with Foundry's dice (a side whose dice are `given` — a contest's posted roll —
 * is not rolled again), resolve it with the core, and render its one card.
 */
export async function rollGroup(g: BuiltGroup, given: readonly (PoolCheckRoll | null)[] = [], show: { odds: boolean } = { odds: true }): Promise<{ rolls: Roll[]; content: string; verdict: GroupVerdict; resultLine: string }> {
  const c = g.choices;
  const modeLabel = localize(`BREADBOX.Pool.Group.Modes.${c.mode}`);
  const names = g.members.map((m) => m.candidate.actor.name ?? "");
  let rolls: Roll[] = [];
  let verdict: GroupVerdict;
  let members: MemberView[];
  let merged: PoolCardContext | null = null;
  let resultLine: string;
  let achieved = false;
  if (g.team) {
    const parts: PoolPart[] = g.members.map((m, i) => ({ label: names[i] ?? "", ...poolDice(m.check.options.pool) }));
    if (g.team.reassignedDice) {
      const asBonus = g.team.mode === "combiningDice";
      parts.push({ label: localize(asBonus ? "BREADBOX.Pool.Group.ReassignedBonus" : "BREADBOX.Pool.Group.ReassignedPenalty"), add: -g.team.reassignedDice, bonus: asBonus ? g.team.reassignedDice : 0, penalty: asBonus ? 0 : g.team.reassignedDice });
    }
    const roll = PoolCheckRoll.fromCheck({ title: modeLabel, pool: g.team.pool, difficulty: c.difficulty, requiredDegree: c.requiredDegree, parts, resolution: "roll" });
    await roll.evaluate();
    // The core's team resolution of the very faces Foundry rolled.
    // (A merged pool without Add dice rolls nothing and botches: the roll's own classification.)
    const team = g.team.pool.addDice === 0
      ? roll.checkResult
      : R.resolveTeamCheck({ mode: g.team.mode, members: g.members.map((m) => memberDice(m.check.options.pool)), die: c.die, difficulty: c.difficulty, requiredDegree: c.requiredDegree }, roll.poolFaces);
    if (!team) throw new Error("Breadbox | the merged pool was not classified");
    rolls = [roll];
    merged = roll.cardContext(false);
    members = g.members.map((m) => memberView(m, "", null, ""));
    verdict = { mode: c.mode, outcome: team.outcome, degree: team.degree, member: -1 };
    achieved = team.achieved;
    resultLine = `${localize(`BREADBOX.Pool.Outcome.${team.outcome}`)} · ${localize(team.outcome === "success" ? "BREADBOX.Pool.Degree.Success" : "BREADBOX.Pool.Degree.Failure")} ${team.degree}`;
    if (team.outcome === "success" && !team.achieved) resultLine += ` — ${format("BREADBOX.Pool.Group.ShortOfDegree", { required: c.requiredDegree })}`;
  } else {
    const phobe = phobeSides(g);
    const memberRolls: PoolCheckRoll[] = [];
    for (const [i, m] of g.members.entries()) {
      const other = g.members[1 - i];
      // Against a dice phobe the roller's Difficulty is the phobe's fixed total.
      const difficulty = c.mode === "direct" && phobe[1 - i] && !phobe[i] && other ? R.dicePhobeTotal(other.check.options.pool) : m.check.options.difficulty;
      const options: PoolCheckOptions = { ...m.check.options, difficulty, resolution: phobe[i] ? "dicePhobe" : "roll" };
      const posted = given[i];
      memberRolls.push(posted ? adoptRoll(posted, options) : await PoolCheckRoll.fromCheck(options).evaluate());
    }
    rolls = [...memberRolls];
    const faces = memberRolls.map((r) => r.poolFaces);
    const pools = g.members.map((m) => rolledPool(m.check.options.pool));
    if (c.mode === "eitherOr") {
      let holders = g.members.map((m) => m.choice.hasChance);
      let pickLine = "";
      if (c.chance === "random") {
        const pick = new Roll(`1d${g.members.length}`);
        await pick.evaluate();
        const index = Math.min(g.members.length - 1, Math.max(0, (pick.total ?? 1) - 1));
        holders = g.members.map((_, i) => i === index);
        rolls.push(pick);
        pickLine = format("BREADBOX.Pool.Group.Picked", { name: names[index] ?? "", roll: pick.total ?? 0 });
      }
      const result = R.resolveEitherOr({ members: pools.map((pool, i) => ({ pool, hasChance: holders[i] ?? false })), difficulty: c.difficulty, requiredDegree: c.requiredDegree }, faces);
      const winner = result.results.findIndex((r) => r.hasChance && r.roll.achieved);
      members = g.members.map((m, i) => memberView(m, "", memberRolls[i] ?? null, localize(holders[i] ? "BREADBOX.Pool.Group.HasChance" : "BREADBOX.Pool.Group.NoChance")));
      verdict = { mode: c.mode, outcome: result.outcome, degree: winner >= 0 ? result.results[winner]?.roll.degree ?? 0 : 0, member: winner };
      achieved = result.success;
      resultLine = (pickLine ? `${pickLine} — ` : "") + (result.success ? format("BREADBOX.Pool.Group.EitherOrSuccess", { name: names[winner] ?? "" }) : localize("BREADBOX.Pool.Group.EitherOrFailure"));
    } else {
      const [fa = [], fb = []] = faces;
      const [pa, pb] = pools;
      if (!pa || !pb) fail("TwoSides", { n: pools.length });
      const result = c.mode === "direct" && (phobe[0] || phobe[1])
        ? phobeContest(memberRolls, phobe)
        : c.mode === "direct" ? R.resolveDirectContest({ first: pa, second: pb }, { first: fa, second: fb }) : R.resolveIndirectContest({ first: pa, second: pb, difficulty: c.difficulty }, { first: fa, second: fb });
      const sides = [localize("BREADBOX.Pool.Group.First"), localize("BREADBOX.Pool.Group.Second")];
      members = g.members.map((m, i) => memberView(m, sides[i] ?? "", memberRolls[i] ?? null, "", c.mode === "direct"));
      const winner = result.outcome === "firstTriumphs" ? 0 : result.outcome === "secondTriumphs" ? 1 : -1;
      verdict = { mode: c.mode, outcome: result.outcome, degree: result.degree, member: winner };
      achieved = winner >= 0;
      resultLine = winner >= 0
        ? format("BREADBOX.Pool.Group.Triumphs", { name: names[winner] ?? "", degree: result.degree })
        : localize(`BREADBOX.Pool.Group.${result.outcome === "tie" ? "Tie" : "Neither"}`);
    }
  }
  // The exact odds the dialog showed, kept on the card (the core's, for this very group).
  // (A roll request's group keeps its odds for the GM's eyes: none on its card.)
  const oddsHtml = show.odds ? oddsPanelHtml(groupOdds(g), { labelKey: (k) => outcomeLabelKey(c.mode, k) }) : "";
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("pool/chat/group-card.hbs"), {
    oddsHtml,
    title: modeLabel,
    mode: c.mode,
    difficulty: c.mode === "direct" ? null : c.difficulty,
    requiredDegree: isPooled(c.mode) || c.mode === "eitherOr" ? c.requiredDegree : 0,
    members,
    merged,
    resultLine,
    achieved,
  });
  return { rolls, content, verdict, resultLine };
}
