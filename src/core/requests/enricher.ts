/**
 * Inline checks in journals, item descriptions and chat (issue 21, docs/requests.md): Foundry's
 * text enricher (`CONFIG.TextEditor.enrichers`) turns `[[/check <thing> <difficulty>]]{label}`
 * into a button naming the check; a click opens the world's ruleset's check dialog for the
 * speaking actor (the selected token's actor, else the user's character) with the difficulty
 * filled in, through its hotbar macro handler (`rollCheckFor`). A check the world's ruleset cannot
 * read (bad syntax, another ruleset's kind or difficulty word) stays plain text with a tooltip
 * saying why; nothing throws. Clicks are heard once, on the document body, as dnd5e does for its
 * own `[[/check]]` links, so enriched text works wherever it is rendered.
 */
import { format, localize } from "../game";
import { getRuleset, type CheckWords } from "../registry";
import { worldRulesetId } from "../settings";
import { rollCheckFor, speakingActor } from "../hotbar";
import { INLINE_CHECK_PATTERN, parseCheckConfig, type InlineCheck } from "./syntax";
import { worldCheckWords } from "./words";
import { askForRoll } from "./dialog";

/** The class of an inline check's button (and of its plain-text form, with `UNREADABLE`). */
export const INLINE_CHECK_CLASS = "breadbox-inline-check";
export const UNREADABLE_CLASS = "breadbox-inline-check-unreadable";
/** The class of the GM-only button beside an inline check that asks players for it. */
export const ASK_CLASS = "breadbox-inline-request";


/** An inline check as the world's ruleset reads it: the check with its difficulty read, or why not. */
export type ReadCheck = { ok: true; check: InlineCheck; difficulty: string | null } | { ok: false; reason: string };

/** Read an inline check's words (`[[/check …]]`'s inside and its label) with the world's ruleset. */
export function readInlineCheck(config: string, label: string | null): ReadCheck {
  const parsed = parseCheckConfig(config, label);
  if (!parsed.ok) return { ok: false, reason: localize(`BREADBOX.Requests.Error.${parsed.error}`) };
  const world = worldCheckWords();
  const rulesetName = localize(getRuleset(worldRulesetId())?.label ?? "BREADBOX.Ruleset.unknown");
  if (!world) return { ok: false, reason: format("BREADBOX.Requests.Error.noWords", { ruleset: rulesetName }) };
  const { check } = parsed;
  if (check.kind !== null && !world.words.kinds.includes(check.kind)) {
    return { ok: false, reason: format("BREADBOX.Requests.Error.kind", { kind: check.kind, ruleset: rulesetName, kinds: world.words.kinds.join(", ") }) };
  }
  const difficulty = check.difficulty === null ? null : world.words.difficulty(check.difficulty);
  if (check.difficulty !== null && difficulty === null) {
    return { ok: false, reason: format("BREADBOX.Requests.Error.difficulty", { difficulty: check.difficulty, ruleset: rulesetName }) };
  }
  return { ok: true, check, difficulty };
}

/** The text an inline check's button shows: its label, else its name and difficulty. */
export function checkText(check: InlineCheck, difficulty: string | null, words: CheckWords): string {
  if (check.label) return check.label;
  return difficulty === null ? check.name : format("BREADBOX.Requests.CheckLabel", { name: check.name, difficulty: words.difficultyLabel(difficulty) });
}

/** The enricher: a button for a check the world can read, plain text with a tooltip otherwise. */
export async function enrichInlineCheck(match: RegExpMatchArray): Promise<HTMLElement | null> {
  const read = readInlineCheck(match[1] ?? "", match[2] ?? null);
  const world = worldCheckWords();
  if (!read.ok || !world) {
    const span = document.createElement("span");
    span.className = `${INLINE_CHECK_CLASS} ${UNREADABLE_CLASS}`;
    span.textContent = match[2]?.trim() || match[0];
    const reason = read.ok ? "" : read.reason;
    span.dataset.tooltip = reason;
    span.title = reason;
    return span;
  }
  const { check, difficulty } = read;
  const text = checkText(check, difficulty, world.words);
  const button = document.createElement("button");
  button.type = "button";
  button.className = INLINE_CHECK_CLASS;
  button.dataset.ruleset = world.ruleset;
  button.dataset.name = check.name;
  if (check.kind !== null) button.dataset.kind = check.kind;
  if (difficulty !== null) button.dataset.difficulty = difficulty;
  button.dataset.tooltip = format("BREADBOX.Requests.RollTooltip", { check: text });
  const icon = document.createElement("i");
  icon.className = "fa-solid fa-dice-d10";
  icon.setAttribute("inert", "");
  button.append(icon, document.createTextNode(` ${text}`));
  if (!game.user?.isGM) return button;
  // A GM also gets a button asking players for this roll (a request card).
  const group = document.createElement("span");
  group.className = "breadbox-inline-check-group";
  const ask = document.createElement("button");
  ask.type = "button";
  ask.className = ASK_CLASS;
  Object.assign(ask.dataset, button.dataset);
  const askLabel = localize("BREADBOX.Requests.Ask");
  ask.dataset.tooltip = askLabel;
  ask.setAttribute("aria-label", `${askLabel}: ${text}`);
  const askIcon = document.createElement("i");
  askIcon.className = "fa-solid fa-dice";
  askIcon.setAttribute("inert", "");
  ask.append(askIcon);
  group.append(button, ask);
  return group;
}

/** What a clicked inline check asks: read back from its button. */
export function checkOfButton(button: HTMLElement): { ruleset: string; name: string; kind: string | null; difficulty: string | null } | null {
  const { ruleset, name, kind, difficulty } = button.dataset;
  if (!ruleset || !name) return null;
  return { ruleset, name, kind: kind ?? null, difficulty: difficulty ?? null };
}

/** Roll a clicked inline check for the speaking actor; what cannot be rolled is said in a warning. */
export async function rollInlineCheck(button: HTMLElement): Promise<boolean> {
  const asked = checkOfButton(button);
  const words = asked ? getRuleset(asked.ruleset)?.api?.checkWords : undefined;
  if (!asked || !words) return false;
  const actor = speakingActor();
  if (!actor) {
    ui.notifications?.warn(format("BREADBOX.Requests.NoActor", { name: asked.name }));
    return false;
  }
  if (String(actor.type) !== asked.ruleset) {
    ui.notifications?.warn(format("BREADBOX.Hotbar.WrongRuleset", { actor: actor.name ?? "", name: asked.name }));
    return false;
  }
  const ref = words.checkOf(actor, asked.name, asked.kind);
  if (!ref) {
    ui.notifications?.warn(format("BREADBOX.Requests.Missing", { actor: actor.name ?? "", name: asked.name }));
    return false;
  }
  return rollCheckFor(actor, ref, asked.difficulty === null ? {} : { difficulty: asked.difficulty });
}

/** The body's click listener: an inline check's button rolls (other clicks pass by). */
export function onInlineCheckClick(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const button = target.closest(`button.${INLINE_CHECK_CLASS}, button.${ASK_CLASS}`);
  if (!(button instanceof HTMLElement) || !button.dataset.ruleset) return;
  event.preventDefault();
  event.stopPropagation();
  const asked = checkOfButton(button);
  if (button.classList.contains(ASK_CLASS)) {
    if (asked) void askForRoll(asked).catch((err: unknown) => console.error("Breadbox | roll request", err));
    return;
  }
  void rollInlineCheck(button).catch((err: unknown) => console.error("Breadbox | inline check", err));
}

let registered = false;

/** Add the enricher and the body's click listener (init, once). */
export function registerInlineChecks(): void {
  if (registered) return;
  registered = true;
  CONFIG.TextEditor.enrichers.push({ pattern: INLINE_CHECK_PATTERN, enricher: enrichInlineCheck });
  document.body.addEventListener("click", onInlineCheckClick);
}
