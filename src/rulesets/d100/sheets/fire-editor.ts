/**
 * The fire-block editor of a D10/0 weapon's item sheet (seed: "Advanced Action Simulation Block"):
 * every list of a block (AP cost choices, spread steps, amounts, damage) is a set of rows with add
 * and remove buttons, and a spread step is chosen in words ("Effort more than [-10]") instead of
 * typed as notation. What the sheet shows while a block is being edited is a draft (strings, as
 * typed); "Save block" turns the draft into the stored block and the core checks it
 * (toFireBlock → validateFireBlock). The stored shape is unchanged: a spread step is still stored
 * as the book writes it ("> -10", "1 - 10", "= 0"), so existing weapons need no migration.
 */
import * as R from "../rules";
import { format, localize } from "../../../core/game";
import { AP_RANGE } from "../data/fields";
import { FIRE_AMOUNT_KINDS, FIRE_AP_KINDS, FIRE_DAMAGE_BY, type FireBlockData } from "../data/weapons";

/** How a spread step reads: effort more than n, less than n, or from one number to another. */
export const SPREAD_OPS = ["above", "below", "between"] as const;
export type SpreadOp = (typeof SPREAD_OPS)[number];

export interface SpreadRow {
  op: SpreadOp;
  from: string;
  to: string;
}

/** The lists of a block that are edited as rows. */
export const FIRE_LISTS = ["apChoices", "spread", "amounts", "damage"] as const;
export type FireList = (typeof FIRE_LISTS)[number];

/** A block as the sheet holds it while it is edited: every value as typed. */
export interface FireDraft {
  title: string;
  kind: string;
  apKind: string;
  apCost: string;
  shotsPerX: string;
  apChoices: string[];
  spread: SpreadRow[];
  amountKind: string;
  amounts: string[];
  damageBy: string;
  damage: string[];
}

export function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return list.some((k) => k === value);
}

/** A stored spread step as a row: "> -10" → more than -10; "< 0" → less than 0; "1 - 10", "= 0" → from … to. */
export function spreadRow(text: string): SpreadRow {
  const step = R.parseSpreadStep(text);
  if (step.min !== null && step.max !== null) return { op: "between", from: String(step.min), to: String(step.max) };
  if (step.min !== null) return { op: "above", from: String(step.min - 1), to: "" };
  if (step.max !== null) return { op: "below", from: String(step.max + 1), to: "" };
  return { op: "above", from: "", to: "" };
}

function wholeNumber(raw: string, label: string): number {
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isInteger(n)) throw new Error(format("BREADBOX.D100.FireEdit.NotInteger", { field: label, value: raw }));
  return n;
}

/** A spread row as the book writes the step ("> -10", "< 0", "1 - 10", "= 0"); throws a localized message. */
export function spreadText(row: SpreadRow): string {
  const label = localize("BREADBOX.D100.FireEdit.Spread");
  const from = wholeNumber(row.from, label);
  if (row.op === "above") return `> ${from}`;
  if (row.op === "below") return `< ${from}`;
  const to = wholeNumber(row.to, label);
  return from === to ? `= ${from}` : `${from} - ${to}`;
}

/** A spread step in plain words for the play view ("Effort more than -10"). */
export function spreadWords(text: string): string {
  const row = spreadRow(text);
  if (row.op === "between") return row.from === row.to ? format("BREADBOX.D100.FireEdit.StepExactly", { n: row.from }) : format("BREADBOX.D100.FireEdit.StepBetween", { from: row.from, to: row.to });
  return format(row.op === "above" ? "BREADBOX.D100.FireEdit.StepAbove" : "BREADBOX.D100.FireEdit.StepBelow", { n: row.from });
}

export function draftOf(b: FireBlockData): FireDraft {
  return {
    title: b.title,
    kind: b.kind,
    apKind: b.apKind,
    apCost: String(b.apCost),
    shotsPerX: String(b.shotsPerX),
    apChoices: b.apChoices.map(String),
    spread: b.spread.map(spreadRow),
    amountKind: b.amountKind,
    amounts: b.amounts.map(String),
    damageBy: b.damageBy,
    damage: [...b.damage],
  };
}

/** An empty row of a list (a spread step reads "more than 0"). */
export function addRow(draft: FireDraft, list: FireList): void {
  if (list === "spread") draft.spread.push({ op: "above", from: "0", to: "" });
  else if (list === "damage") draft.damage.push(draft.damage.at(-1) ?? "");
  else if (list === "amounts") draft.amounts.push("1");
  else draft.apChoices.push(draft.apChoices.at(-1) ?? String(AP_RANGE.min));
}

export function removeRow(draft: FireDraft, list: FireList, row: number): void {
  if (list === "spread") draft.spread.splice(row, 1);
  else draft[list].splice(row, 1);
}

function value(root: Element, selector: string): string {
  const el = root.querySelector<HTMLInputElement | HTMLSelectElement>(selector);
  return el ? el.value.trim() : "";
}

function rowValues(root: Element, list: FireList, kept: string[]): string[] {
  const box = root.querySelector(`[data-fire-list="${list}"]`);
  if (!box) return [...kept];
  return [...box.querySelectorAll<HTMLInputElement>(`[data-fire-row] [data-fire-part="value"]`)].map((i) => i.value.trim());
}

/**
 * The draft of one block from its fields on the sheet (the block's fieldset). A field the sheet
 * does not show (the AP choices of a fixed cost) keeps its value from `kept`.
 */
export function readDraft(root: Element, kept: FireDraft): FireDraft {
  const box = root.querySelector('[data-fire-list="spread"]');
  const spread = box
    ? [...box.querySelectorAll("[data-fire-row]")].map((r): SpreadRow => {
        const op = value(r, '[data-fire-part="op"]');
        return { op: isOneOf(SPREAD_OPS, op) ? op : "above", from: value(r, '[data-fire-part="from"]'), to: value(r, '[data-fire-part="to"]') };
      })
    : kept.spread.map((r) => ({ ...r }));
  const f = (name: "title" | "kind" | "apKind" | "apCost" | "shotsPerX" | "amountKind" | "damageBy") =>
    root.querySelector(`[data-fire-field="${name}"]`) ? value(root, `[data-fire-field="${name}"]`) : kept[name];
  return {
    title: f("title"),
    kind: f("kind"),
    apKind: f("apKind"),
    apCost: f("apCost"),
    shotsPerX: f("shotsPerX"),
    apChoices: rowValues(root, "apChoices", kept.apChoices),
    spread,
    amountKind: f("amountKind"),
    amounts: rowValues(root, "amounts", kept.amounts),
    damageBy: f("damageBy"),
    damage: rowValues(root, "damage", kept.damage),
  };
}

function numberIn(raw: string, label: string, min: number, max: number): number {
  const n = Number(raw);
  if (raw === "" || !Number.isInteger(n) || n < min || n > max) throw new Error(format("BREADBOX.D100.FireEdit.NotWholeNumbers", { field: label, value: raw, min, max }));
  return n;
}

function choiceOf<T extends string>(list: readonly T[], raw: string, label: string): T {
  if (isOneOf(list, raw)) return raw;
  throw new Error(format("BREADBOX.D100.FireEdit.BadValue", { field: label, value: raw }));
}

/**
 * The stored block a draft stands for. Throws a localized message naming the field for a value
 * the field cannot hold; the whole block is then checked by the core (toFireBlock).
 */
export function blockOfDraft(d: FireDraft): FireBlockData {
  const L = (key: string) => localize(`BREADBOX.D100.FireEdit.${key}`);
  return {
    title: d.title,
    kind: choiceOf(R.FIRE_KINDS, d.kind, L("Kind")),
    apKind: choiceOf(FIRE_AP_KINDS, d.apKind, L("ApKindLabel")),
    apCost: numberIn(d.apCost, L("ApCost"), AP_RANGE.min, AP_RANGE.max),
    shotsPerX: numberIn(d.shotsPerX, L("ShotsPerX"), 1, R.MAX_FIRE_AMOUNT),
    apChoices: d.apChoices.map((v) => numberIn(v, L("ApChoices"), AP_RANGE.min, AP_RANGE.max)),
    spread: d.spread.map(spreadText),
    amountKind: choiceOf(FIRE_AMOUNT_KINDS, d.amountKind, L("AmountKindLabel")),
    amounts: d.amounts.map((v) => numberIn(v, L("Amounts"), 0, R.MAX_FIRE_AMOUNT)),
    damageBy: choiceOf(FIRE_DAMAGE_BY, d.damageBy, L("DamageByLabel")),
    damage: [...d.damage],
  };
}
