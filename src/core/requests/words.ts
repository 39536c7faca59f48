/**
 * Helpers the rulesets' check words share (`CheckWords`, src/rulesets/<id>/check-words.ts): a
 * difficulty ladder read by its keys or its labels, and an actor's item or key found by name.
 */
import { localize } from "../game";
import { getRuleset, type CheckWords } from "../registry";
import { worldRulesetId } from "../settings";
import { wordKey } from "./syntax";

/** The world's ruleset's check words, or null when it has none. */
export function worldCheckWords(): { ruleset: string; words: CheckWords } | null {
  const ruleset = worldRulesetId();
  const words = getRuleset(ruleset)?.api?.checkWords;
  return words ? { ruleset, words } : null;
}

/**
 * A ladder of difficulty words: a word matches a key or the key's label (in the user's language),
 * whatever its case, spaces or hyphens ("very difficult", "Very-Difficult", "veryDifficult").
 */
export function ladderWord(keys: readonly string[], labelKey: (key: string) => string, word: string): string | null {
  const w = wordKey(word);
  if (!w) return null;
  return keys.find((k) => wordKey(k) === w || wordKey(localize(labelKey(k))) === w) ?? null;
}

/** Whether two names are the same as an inline check compares them (case, spaces and punctuation aside). */
export function sameName(a: string, b: string): boolean {
  const key = wordKey(a);
  return key !== "" && key === wordKey(b);
}

/** The actor's first item of one of these types named `name` (see `sameName`). */
export function itemNamed(actor: Actor.Implementation, types: readonly string[], name: string): Item.Implementation | undefined {
  return [...actor.items].find((i) => types.includes(String(i.type)) && sameName(i.name ?? "", name));
}

/** The key among `keys` that `name` means: the key itself or its label. */
export function keyNamed<K extends string>(keys: readonly K[], labelOf: (key: K) => string, name: string): K | undefined {
  return keys.find((k) => sameName(k, name) || sameName(labelOf(k), name));
}

/** A signed number as a difficulty label shows it ("+2", "-1", "0"). */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
