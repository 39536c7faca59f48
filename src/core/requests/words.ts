/**
 * Helpers the rulesets' check words share (`CheckWords`, src/rulesets/<id>/check-words.ts): the
 * difficulty words (a ladder read by its keys or its labels, numbers) and an actor's checks found by
 * name (items, keys), each ruleset giving only its own lists, lang keys and limits.
 */
import { format, localize } from "../game";
import { getRuleset, type CheckWords } from "../registry";
import { worldRulesetId } from "../settings";
import { wholeNumber, wordKey } from "./syntax";

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
export function ladderWord<K extends string>(keys: readonly K[], labelKey: (key: K) => string, word: string): K | null {
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

/** How a ruleset finds an actor's check of one kind by name: the CheckRef name, or nothing. */
export type CheckFinder = (actor: Actor.Implementation, name: string) => string | null | undefined;

/**
 * A ruleset's checks by name (`CheckWords.kinds` and `checkOf`): the finder of each kind, in the
 * order a name without a kind tries them (the first found wins); a name with a kind tries that one.
 */
export function checksByName(finders: Readonly<Record<string, CheckFinder>>): Pick<CheckWords, "kinds" | "checkOf"> {
  const kinds = Object.keys(finders);
  return {
    kinds,
    checkOf(actor, name, kind) {
      for (const k of kinds) {
        if (kind !== null && kind !== k) continue;
        const found = finders[k]?.(actor, name);
        if (found) return { kind: k, name: found };
      }
      return null;
    },
  };
}

/** The finder of an actor's items of these types: the item's name (see `itemNamed`). */
export function itemsNamed(types: readonly string[]): CheckFinder {
  return (actor, name) => itemNamed(actor, types, name)?.name;
}

/** The finder of a fixed list of keys: the key that a name means, itself or its label (see `keyNamed`). */
export function keysNamed<K extends string>(keys: readonly K[], labelOf: (key: K) => string): CheckFinder {
  return (_actor, name) => keyNamed(keys, labelOf, name);
}

/**
 * A ruleset's difficulty words (`CheckWords.difficulty`, `difficulties`, `difficultyLabel`): the
 * rungs of its ladder, if it has one (Toaster, Toast, D10/0), read by key or label (`ladderWord`),
 * and the numbers it reads (a modifier, a target number, a Difficulty).
 */
export interface DifficultySpec<K extends string> {
  ladder?: {
    keys: readonly K[];
    /** The lang key of a rung's name. */
    labelKey(key: K): string;
    /** A rung's label from its name (default: the name), e.g. with its modifier "Hard (−2)". */
    label?(key: K, name: string): string;
  };
  /** The difficulty a written number means (its value as the ruleset keeps it), or null when it reads none. */
  number(n: number): string | null;
  /** The lang key labelling a number that is no rung (`{value}`); none: the value as it is. */
  numberLabel?: string;
  /** The numbers the GM's request form offers (a ladder offers its rungs). */
  offered?: readonly number[];
}

export function difficultyWords<K extends string>(spec: DifficultySpec<K>): Pick<CheckWords, "difficulty" | "difficulties" | "difficultyLabel"> {
  const { ladder, number, numberLabel, offered = [] } = spec;
  const difficulty = (word: string): string | null => {
    const n = wholeNumber(word);
    if (n !== null) return number(n);
    return ladder ? ladderWord(ladder.keys, ladder.labelKey, word) : null;
  };
  const difficultyLabel = (value: string): string => {
    const key = ladder?.keys.find((k) => k === value);
    if (ladder && key) {
      const name = localize(ladder.labelKey(key));
      return ladder.label ? ladder.label(key, name) : name;
    }
    return numberLabel ? format(numberLabel, { value }) : value;
  };
  const values = ladder ? [...ladder.keys] : offered.flatMap((n) => number(n) ?? []);
  return { difficulty, difficultyLabel, difficulties: () => values.map((value) => ({ value, label: difficultyLabel(value) })) };
}

/** What a difficulty value (as `difficultyWords` read it) is: one of these rungs, a number, or neither. */
export function difficultyValue<K extends string>(value: string | undefined, keys: readonly K[]): { rung: K } | { number: number } | null {
  if (value === undefined) return null;
  const rung = keys.find((k) => k === value);
  if (rung) return { rung };
  const n = wholeNumber(value);
  return n === null ? null : { number: n };
}
