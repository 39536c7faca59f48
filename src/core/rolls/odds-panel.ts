/**
 * The odds panel every roll dialog shows: one list rendered from the rules-core contract's `Odds`
 * (src/dice/contract.ts), whatever the ruleset.
 */
import type { Odds } from "../../dice/contract";
import { localize } from "../game";
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
  /** Show only success/failure instead of every outcome (Toaster without variable outcomes). */
  successOnly?: boolean;
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

/** HTML of an odds panel from rows a ruleset builds itself (e.g. an attack's hit, wound and damage). */
export function oddsRowsHtml(rows: OddsRow[]): string {
  return renderSync(ODDS_PANEL, { label: localize("BREADBOX.Roll.Odds"), rows }).trim();
}

/** HTML of the odds panel for any ruleset's Odds. */
export function oddsPanelHtml(odds: Odds, opts: OddsPanelOptions): string {
  const rows = opts.successOnly
    ? [row("outcome-success", localize("BREADBOX.Roll.Success"), odds.success), row("outcome-failure", localize("BREADBOX.Roll.Failure"), 1 - odds.success)]
    : odds.outcomes.map((o) => row(`outcome-${o.key} band-${o.key}`, localize(opts.labelKey(o.key)), o.p));
  const extras = odds.extras.map((e) => row(`extra extra-${e.key}`, localize(opts.labelKey(e.key)), e.p));
  return oddsRowsHtml([...rows, ...extras]);
}
