/**
 * The odds panel every roll dialog shows: one list rendered from the rules-core contract's `Odds`
 * (src/dice/contract.ts), whatever the ruleset.
 */
import type { Odds } from "../../dice/contract";
import { format, localize } from "../game";
import { renderSync } from "../sync-template";
import ODDS_PANEL from "../../../templates/shared/odds-panel.hbs?raw";

/** A probability as the panel shows it: one decimal, "<0.1%" for a non-zero sliver, ">99.9%" short of certain. */
export function formatChance(p: number): string {
  if (p > 0 && p < 0.0005) return "<0.1%";
  if (p < 1 && p > 0.9995) return ">99.9%";
  return `${(p * 100).toFixed(1)}%`;
}

export interface OddsPanelOptions {
  /** Localization key of an outcome or extra, e.g. (key) => `BREADBOX.Toast.Outcome.${key}`. */
  labelKey(key: string): string;
  /**
   * The label itself, already localized, when it names someone (e.g. "Ann wins" in an opposed
   * roll, issue 24.5); `labelKey` labels the keys it leaves out (undefined).
   */
  label?(key: string): string | undefined;
  /** Show only success/failure instead of every outcome (Toaster without variable outcomes). */
  successOnly?: boolean;
  /**
   * The ruleset's headline: 2-4 figures in plain words that partition the outcomes (they add up to
   * 100 %), e.g. "Reach 14 to foil the attack" / "The attack lands". With a headline, every outcome
   * is still listed, folded under "All outcomes".
   */
  headline?(odds: Odds): HeadlineFigure[];
}

/** One headline figure: its words (already localized), its chance, and a band class for its colour. */
export interface HeadlineFigure {
  label: string;
  p: number;
  cls?: string;
}

/** One row of an odds panel: its classes, its label and what it shows (a chance, or a number). */
export interface OddsRow {
  cls: string;
  label: string;
  chance: string;
}

function row(cls: string, label: string, p: number): OddsRow {
  return { cls, label, chance: formatChance(p) };
}

/** The names of a two-sided roll's sides (an opposed roll, a contest): actors' names or the book's "Opponent". */
export interface SideNames {
  first: string;
  second: string;
}

/**
 * Labels naming the sides of a two-sided roll (issue 24.5: "Ann wins", "Bob's Auto", never "First
 * side wins" or "Roller wins"): an outcome or extra keyed `first<Rest>` or `second<Rest>` (e.g.
 * `firstWins`, `secondAuto`, or bare `first`) is worded by the phrase `phrases[Rest]` (a lang key with {name}) with
 * that side's name; any other key is left to the panel's `labelKey` (undefined).
 */
export function sideLabels(names: SideNames, phrases: Readonly<Record<string, string>>): (key: string) => string | undefined {
  return (key) => {
    const m = /^(first|second)(.*)$/.exec(key);
    const phrase = m ? phrases[m[2] ?? ""] : undefined;
    if (!m || !phrase) return undefined;
    return format(phrase, { name: m[1] === "first" ? names.first : names.second });
  };
}

/** The summed chance of the named outcomes (a headline figure made of several outcomes). */
export function chanceOf(odds: Odds, keys: readonly string[]): number {
  return odds.outcomes.filter((o) => keys.includes(o.key)).reduce((s, o) => s + o.p, 0);
}

/** What a panel shows: the main tiles, then (apart) the events that overlap them, then a folded detail. */
interface PanelParts {
  rows: OddsRow[];
  extras?: OddsRow[];
  detail?: OddsRow[];
  headline?: boolean;
}

function panelHtml(parts: PanelParts): string {
  return renderSync(ODDS_PANEL, {
    label: localize("BREADBOX.Roll.Odds"),
    rows: parts.rows,
    headlineCls: parts.headline ? "bb-odds-headline" : "",
    extras: parts.extras ?? [],
    extrasLabel: localize("BREADBOX.Roll.OddsOverlap"),
    detail: parts.detail ?? [],
    detailLabel: localize("BREADBOX.Roll.OddsDetail"),
  }).trim();
}

/** HTML of an odds panel from rows a ruleset builds itself (e.g. an attack's hit, wound and damage). */
export function oddsRowsHtml(rows: OddsRow[], extras: OddsRow[] = []): string {
  return panelHtml({ rows, extras });
}

/**
 * HTML of the odds panel for any ruleset's Odds: the mutually exclusive outcomes (or the ruleset's
 * headline, with the outcomes folded below it) as tiles that add up to 100 %, and the overlapping
 * events (`extras`: Auto/Flub, criticals, fumble checks) in a group of their own, said to overlap.
 */
export function oddsPanelHtml(odds: Odds, opts: OddsPanelOptions): string {
  const labelOf = (key: string) => opts.label?.(key) ?? localize(opts.labelKey(key));
  const outcomes = opts.successOnly
    ? [row("outcome-success", localize("BREADBOX.Roll.Success"), odds.success), row("outcome-failure", localize("BREADBOX.Roll.Failure"), 1 - odds.success)]
    : odds.outcomes.map((o) => row(`outcome-${o.key} band-${o.key}`, labelOf(o.key), o.p));
  const extras = odds.extras.map((e) => row(`extra extra-${e.key}`, labelOf(e.key), e.p));
  const headline = opts.headline?.(odds) ?? [];
  if (headline.length === 0) return panelHtml({ rows: outcomes, extras });
  const tiles = headline.map((h) => row(`headline${h.cls ? ` ${h.cls}` : ""}`, h.label, h.p));
  // Without variable outcomes the headline already says all there is: nothing to fold.
  return panelHtml({ rows: tiles, extras, detail: opts.successOnly ? [] : outcomes, headline: true });
}
