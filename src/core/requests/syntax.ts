/**
 * The inline check syntax, one for every ruleset (issue 21, docs/requests.md):
 *
 *   [[/check <thing> <difficulty>]]{<label>}
 *
 * `<thing>` names a skill, attribute or trait in the world's ruleset's own words, optionally with
 * its kind (`skill:Dodge`, `attribute:agility`); a name of several words is quoted
 * (`"Close combat"`) unless a difficulty follows it, in which case the last word is the difficulty.
 * `<difficulty>` is the ruleset's own word or number (a Toaster/Toast ladder word, a Pool
 * Difficulty, a D10/0 ladder word or modifier, a Flange target change) and may be left out.
 * `{<label>}` replaces the button's text. Pure: no Foundry, no DOM; what the words mean is the
 * ruleset's (`RulesetApi.checkWords`).
 */

/** Where an inline check is in a text: Foundry's enricher pattern (global, case-insensitive). */
export const INLINE_CHECK_PATTERN = /\[\[\/check(?:\s+([^\]]*))?\]\](?:\{([^}]*)\})?/gi;

/** An inline check as written. */
export interface InlineCheck {
  /** The kind named before a colon (`skill:Dodge` → "skill"), or null for a bare name. */
  kind: string | null;
  /** The skill, attribute or trait, as written (trimmed). */
  name: string;
  /** The difficulty as written (a word or a number), or null when left out. */
  difficulty: string | null;
  /** The button's own text, or null for the default (the check's name and difficulty). */
  label: string | null;
}

/** Why a text is not an inline check. */
export type InlineCheckError = "empty" | "unclosedQuote" | "tooManyWords" | "emptyName";

export type InlineCheckParse = { ok: true; check: InlineCheck } | { ok: false; error: InlineCheckError };

/** Split on white space, a "quoted phrase" counting as one word; null for an unclosed quote. */
function words(config: string): { text: string; quoted: boolean }[] | null {
  const out: { text: string; quoted: boolean }[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (const m of config.matchAll(re)) {
    if (m[1] !== undefined) out.push({ text: m[1], quoted: true });
    else if (m[2] !== undefined) {
      if (m[2].includes('"')) return null;
      out.push({ text: m[2], quoted: false });
    }
  }
  return out;
}

/** A kind prefix: letters, then a colon, then the name. */
const KIND_PREFIX = /^([A-Za-z]+):(.*)$/s;

/** Read the inside of `[[/check …]]` (and the `{label}`, if any). */
export function parseCheckConfig(config: string, label: string | null = null): InlineCheckParse {
  const list = words(config.trim());
  if (list === null) return { ok: false, error: "unclosedQuote" };
  if (list.length === 0) return { ok: false, error: "empty" };
  let thing: string;
  let difficulty: string | null = null;
  const first = list[0];
  if (first?.quoted || list.some((w) => w.quoted)) {
    // A quoted name: at most one word (the difficulty) after it, and nothing quoted before it.
    if (!first?.quoted || list.length > 2 || list[1]?.quoted) return { ok: false, error: "tooManyWords" };
    thing = first.text;
    difficulty = list[1]?.text ?? null;
  } else if (list.length === 1) {
    thing = first.text;
  } else {
    difficulty = list[list.length - 1]?.text ?? null;
    thing = list.slice(0, -1).map((w) => w.text).join(" ");
  }
  let kind: string | null = null;
  const prefixed = KIND_PREFIX.exec(thing);
  if (prefixed) {
    kind = (prefixed[1] ?? "").toLowerCase();
    thing = prefixed[2] ?? "";
  }
  const name = thing.trim().replace(/\s+/g, " ");
  if (!name) return { ok: false, error: "emptyName" };
  const text = label?.trim() ?? "";
  return { ok: true, check: { kind, name, difficulty, label: text || null } };
}

/** Read one whole inline check (`[[/check …]]{…}`); anything else is not one. */
export function parseInlineCheck(text: string): InlineCheckParse {
  const re = new RegExp(INLINE_CHECK_PATTERN.source, "i");
  const m = re.exec(text.trim());
  if (!m || m[0].length !== text.trim().length) return { ok: false, error: "empty" };
  return parseCheckConfig(m[1] ?? "", m[2] ?? null);
}

/** Write an inline check back as text (the GM's request form offers it to copy into a journal). */
export function formatInlineCheck(check: InlineCheck): string {
  const name = check.kind ? `${check.kind}:${check.name}` : check.name;
  const thing = name.includes(" ") ? `"${name}"` : name;
  const config = check.difficulty ? `${thing} ${check.difficulty}` : thing;
  return `[[/check ${config}]]${check.label ? `{${check.label}}` : ""}`;
}

/**
 * A word as the rulesets compare it: lower case, letters and digits only ("Very-difficult",
 * "very difficult" and "veryDifficult" are one word; "Child's play" is "childsplay").
 */
export function wordKey(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** A signed or unsigned whole number as written ("+2", "-1", "15"), or null. */
export function wholeNumber(word: string): number | null {
  return /^[+-]?\d{1,4}$/.test(word.trim()) ? Number(word.trim()) : null;
}
