/**
 * Links stored by name (a weapon's skill, a trait's parent): chosen from what exists, never typed
 * (issue 24.8). One helper for every ruleset: the targets are the owner's items of the linked
 * kinds (the world's items of those kinds for an unowned item) and the ruleset's own fixed list
 * (D10/0's root skills); a stored value that no longer exists stays selected and visible, marked
 * as not found, so nothing is silently lost. The shared partial templates/shared/link-select.hbs
 * renders it: a select in edit mode, the chosen name as text in play mode.
 */
import { format, localize } from "../game";
import { templatePath } from "../ids";

/** One thing a link may point at: the stored key and the name shown. */
export interface LinkTarget {
  key: string;
  label: string;
}

/** A choice of the link's select. */
export interface LinkChoice extends LinkTarget {
  selected: boolean;
}

/** What the partial renders: the choices, the text shown in play mode, and whether the stored value is missing. */
export interface LinkField {
  choices: LinkChoice[];
  value: string;
  missing: boolean;
}

/** The partial of a link (`{{> ".../shared/link-select.hbs" link= edit= [name=|field=] [id=] [label=]}}`). */
export const LINK_SELECT = templatePath("shared/link-select.hbs");

/**
 * The names a link from `item` may point at: the owner's items of `types` (the world's when the
 * item has no owner), `fixed` first, in order, each name once, `item` itself left out.
 */
export function linkTargets(item: Item.Implementation, types: readonly string[], fixed: readonly LinkTarget[] = []): LinkTarget[] {
  const owner = item.actor;
  const pool = owner ? [...owner.items] : [...(game.items ?? [])];
  const names = pool.filter((i) => types.includes(i.type) && i !== item && i.name).map((i) => i.name);
  const out: LinkTarget[] = [...fixed];
  const seen = new Set(out.map((t) => t.key));
  for (const name of names.sort((a, b) => a.localeCompare(b))) {
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ key: name, label: name });
  }
  return out;
}

/**
 * The select of a link whose stored value is `stored`: the targets, a blank choice labelled
 * `blankLabel` (a localization key) when the link may be empty, and the stored value kept as a
 * choice marked not found when it names nothing that exists.
 */
export function linkField(stored: string, targets: readonly LinkTarget[], blankLabel?: string): LinkField {
  const choices: LinkChoice[] = [];
  if (blankLabel !== undefined) choices.push({ key: "", label: localize(blankLabel), selected: stored === "" });
  for (const t of targets) choices.push({ ...t, selected: t.key === stored });
  const known = stored === "" ? blankLabel !== undefined : targets.some((t) => t.key === stored);
  const missing = !known && stored !== "";
  if (!known) choices.unshift({ key: stored, label: missing ? format("BREADBOX.Sheet.LinkMissing", { name: stored }) : localize("BREADBOX.Sheet.LinkChoose"), selected: true });
  const chosen = choices.find((c) => c.selected);
  return { choices, value: stored === "" && blankLabel === undefined ? "" : (chosen?.label ?? stored), missing };
}
