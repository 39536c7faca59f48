/**
 * Cumulative, cooperative and conflicting effort as cards (seed: "Cumulative Effort",
 * "Cooperative Effort", "Conflicting Effort"). One dialog per kind gathers the participants
 * (this character first, then other D10/0 characters the user can see) with the attribute or
 * skill each uses, the task, and shows the exact odds from the rules core; the dice are Foundry
 * dice (each d10 a Foundry roll, a d100 its tens and ones d10s) fed to the core's roll function
 * (src/core/rolls/foundry-dice.ts), and the card shows every participant's dice and effort and
 * the core's verdict. Nothing here changes a document: the cards report.
 */
import * as R from "./rules";
import { rollDialog } from "../../core/rolls/dialog";
import { formatChance, oddsPanelHtml, sideLabels, type OddsPanelOptions } from "../../core/rolls/odds-panel";
import { renderSync } from "../../core/sync-template";
import ODDS_PANEL from "../../../templates/shared/odds-panel.hbs?raw";
import { format, localize, modelOf } from "../../core/game";
import { SYSTEM_ID, templatePath } from "../../core/ids";
import { audienceForMode } from "../../core/compat";
import { postCard } from "../../core/chat/post";
import { readString } from "../../core/forms/read";
import { intInput, keyInput, readInputs } from "../../core/forms/inputs";
import { rollWithFoundryDice, type DieFormula } from "../../core/rolls/foundry-dice";
import type { Odds } from "../../dice/contract";
import { D100ActorModel } from "./data/actor";
import { worldActor, worldActors } from "../../core/foundry";

export const EFFORT_KINDS = ["cumulative", "cooperative", "conflicting"] as const;
export type EffortKind = (typeof EFFORT_KINDS)[number];
export const COOPERATION_MODES = ["direct", "indirect"] as const;

/** A d10 read as the book reads it: Foundry's 10 is the book's 0 (face 1 of the core's d10). */
export const bookD10: DieFormula = (faces) => ({ formula: `1d${faces}`, face: (roll) => (Number(roll.total) % faces) + 1 });

export interface Participant {
  actorId: string;
  /** "attribute:<key>" or "skill:<id>". */
  target: string;
}

export interface EffortChoices {
  kind: EffortKind;
  participants: Participant[];
  mode: (typeof COOPERATION_MODES)[number];
  cumulativeMode: R.CumulativeMode;
  ladder: (typeof R.DIFFICULTY_KEYS)[number];
  modifier: number;
  goal: number;
  total: number;
  checks: number;
}

/** The D10/0 characters a user may draw into an effort: the acting one and those they can observe. */
function candidates(actor: Actor.Implementation): Actor.Implementation[] {
  const user = game.user;
  const others = worldActors().filter((a) => a.id !== actor.id && modelOf(a, D100ActorModel) !== null && user != null && a.testUserPermission(user, "OBSERVER"));
  return [actor, ...others];
}

function checkFor(actor: Actor.Implementation, target: string, task: { kind?: R.CheckKind; difficulty: number }): { input: R.CheckInput; label: string } {
  const m = modelOf(actor, D100ActorModel);
  if (!m) throw new Error(localize("BREADBOX.D100.Error.NotACharacter"));
  const [kind, key = ""] = target.split(/:(.*)/s);
  if (kind === "attribute") {
    const attr = R.ATTRIBUTE_KEYS.find((k) => k === key);
    if (!attr) throw new Error(format("BREADBOX.D100.Error.UnknownTarget", { target }));
    return { input: { kind: "attribute", score: m.attributes[attr], difficulty: task.difficulty }, label: `${actor.name}: ${localize(`BREADBOX.D100.Attribute.${attr}`)}` };
  }
  const row = kind === "skill" ? m.skillRows.find((r) => r.id === key) : undefined;
  if (!row) throw new Error(format("BREADBOX.D100.Effort.NoSkill", { name: actor.name ?? "", target: key }));
  return { input: { kind: "skill", score: row.total, difficulty: task.difficulty }, label: `${actor.name}: ${row.parent === null ? localize(`BREADBOX.D100.Skill.${row.id}`) : row.name}` };
}

export type Built =
  | { kind: "cumulative"; input: R.CumulativeInput; labels: string[] }
  | { kind: "cooperative"; input: R.CooperativeInput; labels: string[] }
  | { kind: "assisted"; input: R.AssistedInput; labels: string[] }
  | { kind: "conflicting"; input: R.ConflictInput; labels: string[] };

function kindOfTarget(target: string): R.CheckKind {
  return target.startsWith("skill:") ? "skill" : "attribute";
}

/** Build the core's input from the choices; throws with a localized or core message. */
export function buildEffort(c: EffortChoices): Built {
  const actors = c.participants.map((p) => {
    const a = worldActor(p.actorId);
    if (!a) throw new Error(format("BREADBOX.D100.Error.UnknownTarget", { target: p.actorId }));
    return a;
  });
  const first = c.participants[0];
  if (!first || !actors[0]) throw new Error(localize("BREADBOX.D100.Effort.NoParticipants"));
  const kind = kindOfTarget(first.target);
  const difficulty = R.difficultyFor(kind, c.ladder) + c.modifier;
  const checks = c.participants.map((p, i) => checkFor(actors[i]!, p.target, { difficulty }));
  const labels = checks.map((x) => x.label);
  if (c.kind === "cumulative") {
    const input: R.CumulativeInput = { goal: c.goal, mode: c.cumulativeMode, total: c.total, check: checks[0]!.input, checks: c.checks };
    R.cumulativeOdds(input);
    return { kind: "cumulative", input, labels: labels.slice(0, 1) };
  }
  if (c.kind === "conflicting") {
    if (checks.length !== 2) throw new Error(localize("BREADBOX.D100.Effort.TwoSides"));
    const input: R.ConflictInput = { first: { ...checks[0]!.input, difficulty: 0 }, second: { ...checks[1]!.input, difficulty: 0 } };
    R.conflictOdds(input);
    return { kind: "conflicting", input, labels };
  }
  if (c.mode === "direct") {
    for (const x of checks) if (x.input.kind !== kind) throw new Error(localize("BREADBOX.D100.Effort.SameKind"));
    const input: R.CooperativeInput = { helpers: checks.map((x) => ({ ...x.input, difficulty: 0 })), task: { kind, difficulty } };
    R.cooperativeOdds(input);
    return { kind: "cooperative", input, labels };
  }
  const input: R.AssistedInput = { main: checks[0]!.input, assists: checks.slice(1).map((x) => ({ ...x.input, difficulty: 0 })) };
  R.assistedOdds(input);
  return { kind: "assisted", input, labels };
}

export function effortOdds(b: Built): Odds {
  switch (b.kind) {
    case "cumulative": return R.cumulativeOdds(b.input);
    case "conflicting": return R.conflictOdds(b.input);
    case "cooperative": return R.cooperativeOdds(b.input);
    default: return R.assistedOdds(b.input);
  }
}

export function oddsLabel(b: Built): (k: string) => string {
  if (b.kind === "conflicting") return (k) => `BREADBOX.D100.Effort.conflicting.Outcome.${k}`;
  if (b.kind === "cumulative") return (k) => (k.startsWith("check") ? "BREADBOX.D100.Effort.cumulative.CompleteAt" : `BREADBOX.D100.Effort.cumulative.Outcome.${k}`);
  return (k) => `BREADBOX.D100.Degree.${k}`;
}

/** A side's name in an effort: its label's character ("Marksman: Firearms" → "Marksman"). */
function sideNameOf(b: Built, i: number): string {
  return (b.labels[i] ?? "").split(":")[0] ?? "";
}

/** The odds panel's labels of an effort: a conflict names both sides ("Marksman prevails", issue 24.5). */
export function effortOddsLabels(b: Built): Pick<OddsPanelOptions, "labelKey" | "label"> {
  if (b.kind !== "conflicting") return { labelKey: oddsLabel(b) };
  return { labelKey: oddsLabel(b), label: sideLabels({ first: sideNameOf(b, 0), second: sideNameOf(b, 1) }, { "": "BREADBOX.D100.Effort.conflicting.Wins" }) };
}

export function effortOddsHtml(b: Built): string {
  const odds = effortOdds(b);
  if (b.kind !== "cumulative") return oddsPanelHtml(odds, effortOddsLabels(b));
  // "Complete at check n" needs its number: those rows are labelled here, in the shared panel's template.
  const label = oddsLabel(b);
  const row = (cls: string, key: string, p: number) => ({ cls, label: key.startsWith("check") ? format("BREADBOX.D100.Effort.cumulative.CompleteAtN", { n: key.slice("check".length) }) : localize(label(key)), chance: formatChance(p) });
  const rows = [...odds.outcomes.map((o) => row(`outcome-${o.key} band-${o.key}`, o.key, o.p)), ...odds.extras.map((e) => row(`extra extra-${e.key}`, e.key, e.p))];
  return renderSync(ODDS_PANEL, { label: localize("BREADBOX.Roll.Odds"), rows }).trim();
}

/**
 * The effort dialog's inputs, declared once (issue 17, "one way to read a dialog"): each read and
 * checked through its field (a select the dialog does not show takes its initial). The
 * participants' rows are read by name and checked when the effort is built.
 */
export function effortInputs() {
  return {
    mode: keyInput("BREADBOX.D100.Effort.Mode", COOPERATION_MODES, (k) => `BREADBOX.D100.Effort.cooperative.${k}`, "direct"),
    cumulativeMode: keyInput("BREADBOX.D100.Effort.cumulative.Mode", R.CUMULATIVE_MODES, (k) => `BREADBOX.D100.Effort.cumulative.${k}`, "positiveOnly"),
    ladder: keyInput("BREADBOX.D100.Check.Difficulty", R.DIFFICULTY_KEYS, (k) => `BREADBOX.D100.Difficulty.${k}`, "average"),
    modifier: intInput("BREADBOX.D100.Check.Modifier", -R.MAX_DIFFICULTY, R.MAX_DIFFICULTY, 0),
    goal: intInput("BREADBOX.D100.Effort.cumulative.Goal", 1, R.MAX_CUMULATIVE_GOAL, 100),
    total: intInput("BREADBOX.D100.Effort.cumulative.Total", 0, R.MAX_CUMULATIVE_GOAL - 1, 0),
    checks: intInput("BREADBOX.D100.Effort.cumulative.Checks", 1, R.MAX_CUMULATIVE_CHECKS, 1),
  };
}

export function readEffort(form: HTMLFormElement, kind: EffortKind, actor: Actor.Implementation): EffortChoices {
  const rows = kind === "cumulative" ? 1 : kind === "conflicting" ? 2 : R.MAX_HELPERS;
  const participants: Participant[] = [];
  for (let i = 0; i < rows; i++) {
    const actorId = i === 0 ? actor.id ?? "" : readString(form, `actor${i}`);
    if (!actorId) continue;
    participants.push({ actorId, target: readString(form, `target${i}`) });
  }
  return { kind, participants, ...readInputs(form, effortInputs()) };
}

function targetOptions(actors: Actor.Implementation[]): { value: string; label: string }[] {
  const out = R.ATTRIBUTE_KEYS.map((k) => ({ value: `attribute:${k}`, label: localize(`BREADBOX.D100.Attribute.${k}`) }));
  const seen = new Set<string>();
  for (const a of actors) {
    const m = modelOf(a, D100ActorModel);
    for (const r of m?.skillRows ?? []) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push({ value: `skill:${r.id}`, label: r.parent === null ? localize(`BREADBOX.D100.Skill.${r.id}`) : r.name });
    }
  }
  return out;
}

/** Open the dialog for an effort of this kind, roll it with Foundry dice and post its card. */
export async function startEffort(actor: Actor.Implementation, kindText: string): Promise<ChatMessage.Implementation | null> {
  const kind = EFFORT_KINDS.find((k) => k === kindText);
  if (!kind) throw new Error(format("BREADBOX.D100.Error.UnknownTarget", { target: kindText }));
  const people = candidates(actor);
  const rows = kind === "cumulative" ? 1 : kind === "conflicting" ? 2 : R.MAX_HELPERS;
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("d100/dialogs/effort.hbs"), {
    kind,
    isCumulative: kind === "cumulative",
    isCooperative: kind === "cooperative",
    isConflicting: kind === "conflicting",
    rows: Array.from({ length: rows }, (_, i) => ({ i, first: i === 0, name: actor.name, others: people.slice(1).map((a) => ({ id: a.id, name: a.name, selected: kind === "conflicting" && i === 1 && a === people[1] })) })),
    targets: targetOptions(people),
    ladder: R.DIFFICULTY_KEYS.map((k) => ({ value: k, label: localize(`BREADBOX.D100.Difficulty.${k}`) })),
    modes: COOPERATION_MODES.map((k) => ({ value: k, label: localize(`BREADBOX.D100.Effort.cooperative.${k}`) })),
    cumulativeModes: R.CUMULATIVE_MODES.map((k) => ({ value: k, label: localize(`BREADBOX.D100.Effort.cumulative.${k}`) })),
  });
  const answer = await rollDialog<EffortChoices>({
    title: localize(`BREADBOX.D100.Effort.${kind}.Start`),
    content,
    read: (form) => {
      const c = readEffort(form, kind, actor);
      buildEffort(c);
      return c;
    },
    odds: (c) => effortOddsHtml(buildEffort(c)),
  });
  if (!answer) return null;
  return postEffort(actor, answer.value, answer.mode);
}

/** Roll an effort with Foundry dice and post its card. */
export async function postEffort(actor: Actor.Implementation, choices: EffortChoices, mode: Parameters<typeof audienceForMode>[0]): Promise<ChatMessage.Implementation | null> {
  return (await postBuiltEffort(actor, buildEffort(choices), mode)).message;
}

/** Roll a built effort with Foundry dice and post its card; the card's message and its verdict line. */
export async function postBuiltEffort(actor: Actor.Implementation, b: Built, mode: Parameters<typeof audienceForMode>[0]): Promise<{ message: ChatMessage.Implementation | null; verdict: string }> {
  const card = await rollEffort(b);
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("d100/chat/effort.hbs"), card.context);
  const message = (await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, rolls: card.rolls, flags: { [SYSTEM_ID]: { type: "d100Effort", effort: b.kind } } }, audienceForMode(mode))) ?? null;
  return { message, verdict: typeof card.context.verdict === "string" ? card.context.verdict : "" };
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : `${n}`;
}

function checkLine(label: string, r: R.CheckResult) {
  return { label, dice: r.rolls.map((x) => (x.tens === null ? String(x.value) : String(x.value).padStart(2, "0"))).join(" → "), score: r.score, effort: signed(r.effort) };
}

/** Roll the effort (Foundry dice through the core) and the card's context. */
export async function rollEffort(b: Built): Promise<{ rolls: Roll[]; context: Record<string, unknown>; value?: R.CumulativeRoll }> {
  const title = localize(`BREADBOX.D100.Effort.${b.kind === "assisted" ? "cooperative" : b.kind}.Title`);
  if (b.kind === "cumulative") {
    const { value: r, rolls } = await rollWithFoundryDice((rng) => R.rollCumulative(b.input, rng), { die: bookD10, batch: true });
    return { rolls, value: r, context: {
      title,
      lines: r.checks.map((c, i) => ({ ...checkLine(`${b.labels[0]} #${i + 1}`, c) })),
      verdict: r.complete ? format("BREADBOX.D100.Effort.cumulative.Done", { n: r.completedAt ?? 0 }) : localize("BREADBOX.D100.Effort.cumulative.Outcome.incomplete"),
      good: r.complete,
      detail: format("BREADBOX.D100.Effort.cumulative.Progress", { total: r.total, goal: b.input.goal }),
    } };
  }
  if (b.kind === "conflicting") {
    const { value: r, rolls } = await rollWithFoundryDice((rng) => R.rollConflict(b.input, rng), { die: bookD10, batch: true });
    const name = (i: number) => sideNameOf(b, i);
    // The extra detail the book allows: each side's degree against the other's effort (same kind only).
    const degrees = r.first.kind === r.second.kind ? R.conflictDegrees({ kind: r.first.kind, first: r.first.effort, second: r.second.effort }) : null;
    const degreeNote = (d: R.EffortClass | undefined) =>
      d ? `${localize(`BREADBOX.D100.Degree.${d.degreeKey}`)}${d.consolation ? ` · ${localize("BREADBOX.D100.Degree.consolation")}` : ""}${d.agitation ? ` · ${localize("BREADBOX.D100.Degree.agitation")}` : ""}` : "";
    return { rolls, context: {
      title,
      lines: [{ ...checkLine(b.labels[0] ?? "", r.first), note: degreeNote(degrees?.first) }, { ...checkLine(b.labels[1] ?? "", r.second), note: degreeNote(degrees?.second) }],
      verdict: r.winner === "tie" ? localize("BREADBOX.D100.Effort.conflicting.Outcome.tie") : format("BREADBOX.D100.Effort.conflicting.Wins", { name: name(r.winner === "first" ? 0 : 1) }),
      // Neutral: neither side is "ours" on a shared card; the margin is how far the winner is ahead (issue 24.5).
      good: r.winner === "first",
      neutral: true,
      detail: format("BREADBOX.D100.Effort.conflicting.Margin", { margin: Math.abs(r.margin), winner: signed(Math.max(r.first.effort, r.second.effort)), loser: signed(Math.min(r.first.effort, r.second.effort)) }),
    } };
  }
  if (b.kind === "cooperative") {
    const { value: r, rolls } = await rollWithFoundryDice((rng) => R.rollCooperative(b.input, rng), { die: bookD10, batch: true });
    return { rolls, context: {
      title,
      lines: r.checks.map((c, i) => checkLine(b.labels[i] ?? "", c)),
      verdict: `${localize(`BREADBOX.D100.Outcome.${r.result.outcome}`)} · ${localize(`BREADBOX.D100.Degree.${r.result.degreeKey}`)} (${signed(r.result.degree)})`,
      good: r.result.outcome === "success",
      detail: format("BREADBOX.D100.Effort.cooperative.Total", { effort: signed(r.result.effort), difficulty: b.input.task.difficulty ?? 0 }),
      consolation: r.result.consolation,
      agitation: r.result.agitation,
    } };
  }
  const { value: r, rolls } = await rollWithFoundryDice((rng) => R.rollAssisted(b.input, rng), { die: bookD10, batch: true });
  return { rolls, context: {
    title,
    lines: [...r.assists.map((c, i) => checkLine(b.labels[i + 1] ?? "", c)), checkLine(b.labels[0] ?? "", r.result)],
    verdict: `${localize(`BREADBOX.D100.Outcome.${r.result.outcome}`)} · ${localize(`BREADBOX.D100.Degree.${r.result.degreeKey}`)} (${signed(r.result.degree)})`,
    good: r.result.outcome === "success",
    detail: format("BREADBOX.D100.Effort.cooperative.Assisted", { from: b.input.main.difficulty ?? 0, to: r.difficulty }),
    consolation: r.result.consolation,
    agitation: r.result.agitation,
  } };
}

/**
 * Make the next check of a cumulative task kept on the character: the core adds its effort to the
 * stored total (never below 0), the card shows it, and the character's task is updated.
 */
export async function rollTask(actor: Actor.Implementation, index: number, mode: Parameters<typeof audienceForMode>[0]): Promise<ChatMessage.Implementation | null> {
  const m = modelOf(actor, D100ActorModel);
  const task = m?.tasks[index];
  if (!m || !task) throw new Error(format("BREADBOX.D100.Error.UnknownTarget", { target: String(index) }));
  if (task.total >= task.goal) throw new Error(format("BREADBOX.D100.Effort.cumulative.AlreadyDone", { name: task.name }));
  const check = checkFor(actor, task.target, { difficulty: 0 });
  const b: Built = { kind: "cumulative", input: { goal: task.goal, mode: task.mode, total: task.total, check: check.input, checks: 1 }, labels: [task.name ? `${task.name} — ${check.label}` : check.label] };
  const card = await rollEffort(b);
  const value = card.value;
  const tasks = m.tasks.map((t, i) => (i === index ? { ...t, total: value ? Math.min(value.total, R.MAX_CUMULATIVE_GOAL) : t.total, checks: t.checks + 1 } : { ...t }));
  await actor.update({ system: { tasks } });
  // The task's own count of checks, not this roll's.
  if (value?.complete) card.context.verdict = format("BREADBOX.D100.Effort.cumulative.Done", { n: task.checks + 1 });
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("d100/chat/effort.hbs"), card.context);
  return (await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, rolls: card.rolls, flags: { [SYSTEM_ID]: { type: "d100Effort", effort: "cumulative" } } }, audienceForMode(mode))) ?? null;
}
