/**
 * The RollTable documents Toaster's table automation reads (issue 22): the world's table flagged
 * `flags.breadbox.table` = "toasterCritical" / "toasterHitLocation", else the system pack's, else
 * the built-in copy in rules/tables.ts. A table is read cell by cell: the dice give 6 × d10* + d6
 * (1–60, the pack tables' formula "6*1dk + 1d6"); the result whose range holds that number gives
 * the text shown, and its `flags.breadbox.result` names the book's effect it stands for (so the
 * mechanics of a critical stay exact while a GM edits texts and ranges). A malformed table (a
 * number no result covers or two results cover, a result without a known effect) is not used: a
 * console warning, a GM notice, and the built-in table.
 */
import * as R from "../rules";
import { SYSTEM_ID } from "../../../core/ids";
import { currentUser, format, localize } from "../../../core/game";

export type TableSource = "world" | "pack" | "builtin";
export const TABLE_FLAGS = { critical: "toasterCritical", hitLocation: "toasterHitLocation" } as const;
export type TableKind = keyof typeof TABLE_FLAGS;
/** The system pack holding the tables. */
export const TABLES_PACK = `${SYSTEM_ID}.toaster-tables`;

export interface UsedTable<E> {
  entries: readonly E[];
  source: TableSource;
  /** The table's name (the built-in one: its localized title). */
  name: string;
}

interface ReadResult {
  range: readonly [number, number];
  text: string;
  key: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

function systemFlag(doc: unknown, key: string): unknown {
  if (!isRecord(doc) || !isRecord(doc.flags)) return undefined;
  const ours = doc.flags[SYSTEM_ID];
  return isRecord(ours) ? ours[key] : undefined;
}

/** Is this document one of our tables of that kind (by its flag, kept when a GM imports it)? */
export function isTableOf(doc: unknown, kind: TableKind): boolean {
  return systemFlag(doc, "table") === TABLE_FLAGS[kind];
}

/** A result's text as plain text (v13 results keep it in `description`, which may hold HTML). */
function plainText(v: unknown): string {
  if (typeof v !== "string") return "";
  return v.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
}

function* iterate(v: unknown): Generator<unknown> {
  if (isRecord(v) && Symbol.iterator in v) {
    const it = v[Symbol.iterator];
    if (typeof it === "function") {
      for (const x of it.call(v) as Iterable<unknown>) yield x;
    }
  }
}

/** The results of a table document, or a reason it cannot be read. */
function readResults(doc: unknown): ReadResult[] | string {
  const out: ReadResult[] = [];
  for (const r of iterate(isRecord(doc) ? doc.results : undefined)) {
    if (!isRecord(r)) return "a result is not a document";
    const range = r.range;
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n)) || range[0] > range[1]) return `a result has no valid range (${JSON.stringify(range)})`;
    const key = systemFlag(r, "result");
    if (typeof key !== "string" || !key) return `the result for ${range[0]}–${range[1]} names no effect (flags.${SYSTEM_ID}.result)`;
    out.push({ range: [Number(range[0]), Number(range[1])], text: plainText(r.description) || plainText(r.name), key });
  }
  return out;
}

/** The 60 cells of a d10* × d6 table: cell n (1–60) is d10* ⌊(n−1)/6⌋ and d6 (n−1) mod 6 + 1. */
function cells(results: readonly ReadResult[]): { d10: number; d6: number; result: ReadResult }[] | string {
  const out: { d10: number; d6: number; result: ReadResult }[] = [];
  for (let n = 1; n <= 60; n++) {
    const covering = results.filter((r) => n >= r.range[0] && n <= r.range[1]);
    if (covering.length === 0) return `no result covers ${n}`;
    if (covering.length > 1) return `${covering.length} results cover ${n}`;
    out.push({ d10: Math.floor((n - 1) / 6), d6: ((n - 1) % 6) + 1, result: covering[0] });
  }
  return out;
}

const MULTIPLE_KEYS = new Set(R.CRITICAL_MULTIPLE_ROW.map((r) => r.key));

/** A RollTable document's results as cells of the d10 × d6 grid, or why it cannot be used. */
function gridOf(doc: unknown): ReturnType<typeof cells> {
  const results = readResults(doc);
  return typeof results === "string" ? results : cells(results);
}

/** The critical table of a RollTable document, or why it cannot be used. */
export function criticalEntriesFrom(doc: unknown): R.CriticalEntry[] | string {
  const grid = gridOf(doc);
  if (typeof grid === "string") return grid;
  const entries: R.CriticalEntry[] = [];
  for (const { d10, d6, result } of grid) {
    if (d10 === 9) {
      // The multiple-effects row: its categories follow the book, so its cells must say the book's line.
      const line = R.CRITICAL_MULTIPLE_ROW.find((r) => d6 >= r.d6[0] && d6 <= r.d6[1]);
      if (!MULTIPLE_KEYS.has(result.key) || line?.key !== result.key) return `${6 * d10 + d6} must be the book's "${line?.key ?? "?"}" line (got "${result.key}")`;
      continue;
    }
    const book = R.CRITICAL_TABLE.find((e) => e.key === result.key);
    if (!book) return `unknown critical effect "${result.key}"`;
    entries.push({ ...book, d10: [d10, d10], d6: [d6, d6], label: result.text || book.label });
  }
  for (const category of ["A", "B", "C", "D"] as const) {
    for (let d6 = 1; d6 <= 6; d6++) {
      if (!entries.some((e) => e.category === category && e.d6[0] === d6)) return `no category ${category} effect for d6 ${d6} (the multiple-effects row needs one)`;
    }
  }
  return entries;
}

/** The hit-location table of a RollTable document, or why it cannot be used. */
export function hitLocationEntriesFrom(doc: unknown): R.HitLocationEntry[] | string {
  const grid = gridOf(doc);
  if (typeof grid === "string") return grid;
  const entries: R.HitLocationEntry[] = [];
  for (const { d10, d6, result } of grid) {
    const book = R.HIT_LOCATION_TABLE.find((e) => `${e.area}.${e.location}` === result.key);
    if (!book) return `unknown hit location "${result.key}"`;
    entries.push({ ...book, d10: [d10, d10], d6: [d6, d6], label: result.text || book.label });
  }
  return entries;
}

function docName(doc: unknown): string {
  return isRecord(doc) && typeof doc.name === "string" ? doc.name : "";
}

interface PackLike {
  getDocuments(): Promise<unknown[]>;
}
const isPackLike = (v: unknown): v is PackLike => isRecord(v) && typeof v.getDocuments === "function";

/** The tables to try, in order: the world's, then (loaded only when needed) the system pack's. */
async function* candidates(kind: TableKind): AsyncGenerator<{ doc: unknown; source: TableSource }> {
  for (const t of game.tables ?? []) if (isTableOf(t, kind)) yield { doc: t, source: "world" };
  const pack: unknown = game.packs?.get(TABLES_PACK);
  if (isPackLike(pack)) for (const t of await pack.getDocuments()) if (isTableOf(t, kind)) yield { doc: t, source: "pack" };
}

/** Warn (console; a notice to GMs) that a table is malformed and will not be used. */
function warnMalformed(name: string, reason: string): void {
  console.warn(`Breadbox | the roll table "${name}" cannot be used (${reason}); the built-in table is used instead.`);
  if (currentUser().isGM) ui.notifications?.warn(format("BREADBOX.Toaster.Tables.Malformed", { name }));
}

async function findTable<E>(kind: TableKind, read: (doc: unknown) => E[] | string, builtin: readonly E[], builtinName: string): Promise<UsedTable<E>> {
  for await (const { doc, source } of candidates(kind)) {
    const entries = read(doc);
    if (typeof entries !== "string") return { entries, source, name: docName(doc) };
    warnMalformed(docName(doc), entries);
  }
  return { entries: builtin, source: "builtin", name: builtinName };
}

/** The critical table the automation rolls on. Never throws. */
export function criticalTable(): Promise<UsedTable<R.CriticalEntry>> {
  return findTable("critical", criticalEntriesFrom, R.CRITICAL_TABLE, localize("BREADBOX.Toaster.Critical.Title"));
}

/** The hit-location table the automation rolls on. Never throws. */
export function hitLocationTable(): Promise<UsedTable<R.HitLocationEntry>> {
  return findTable("hitLocation", hitLocationEntriesFrom, R.HIT_LOCATION_TABLE, localize("BREADBOX.Toaster.HitLocation.Title"));
}

/** The card's line saying which table was used. */
export function tableUsedLine(t: UsedTable<unknown>): string {
  return format(`BREADBOX.Toaster.Tables.Used.${t.source}`, { name: t.name });
}

/** A critical effect's text: the table's for a RollTable, the localized book text for the built-in table. */
export function criticalEffectText(e: R.CriticalEntry, t: UsedTable<unknown>): string {
  return t.source === "builtin" ? localize(`BREADBOX.Toaster.Critical.${e.key}`) : e.label;
}

/** A hit location's text: the table's result for a RollTable, "Area: Location" localized for the built-in table. */
export function hitLocationText(e: R.HitLocationEntry, t: UsedTable<unknown>): string {
  return t.source === "builtin" ? `${localize(`BREADBOX.Toaster.HitLocation.${e.area}`)}: ${localize(`BREADBOX.Toaster.HitLocation.${e.location}`)}` : e.label;
}
