/**
 * One way to read a dialog's form. Every roll dialog of every ruleset reads its inputs through
 * these helpers, so a letter typed into a number field, a number out of range or a choice the
 * dialog never offered is refused the same way everywhere: an Error whose message names the
 * field (already localized), which the shared roll dialog shows and which stops the roll.
 *
 * The relay (GM side) never reads a form: it receives the values and checks them against the
 * same limits with `checkInt` / `checkKey`, so the dialog and the GM agree on what is allowed.
 */
import { format } from "../game";

/** A whole number within [min, max], or an Error naming the field. */
export function checkInt(value: unknown, label: string, min: number, max: number): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : Number.NaN;
  if (!Number.isInteger(n)) throw new Error(format("BREADBOX.Error.NotAWholeNumber", { field: label, value: String(value) }));
  if (n < min || n > max) throw new Error(format("BREADBOX.Error.OutOfRange", { field: label, value: n, min, max }));
  return n;
}

/** One of `allowed`, or an Error naming the field. */
export function checkKey<K extends string>(value: unknown, label: string, allowed: readonly K[]): K {
  const found = allowed.find((k) => k === value);
  if (found === undefined) throw new Error(format("BREADBOX.Error.UnknownChoice", { field: label, value: String(value) }));
  return found;
}

/** A number input (or a select of numbers) as a whole number within [min, max]; blank (or no such input) gives `fallback`. */
export function readInt(form: HTMLFormElement, name: string, label: string, min: number, max: number, fallback = 0): number {
  const el = form.elements.namedItem(name);
  if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement)) return fallback;
  // A browser reports letters in <input type="number"> as an empty value flagged badInput.
  if (el.validity?.badInput) throw new Error(format("BREADBOX.Error.NotANumberTyped", { field: label }));
  const raw = el.value.trim();
  if (raw === "") return fallback;
  return checkInt(raw, label, min, max);
}

/** An optional whole number: blank gives null; anything else is checked like `readInt`. */
export function readOptionalInt(form: HTMLFormElement, name: string, label: string, min: number, max: number): number | null {
  const el = form.elements.namedItem(name);
  if (!(el instanceof HTMLInputElement)) return null;
  if (el.value.trim() === "" && !el.validity?.badInput) return null;
  return readInt(form, name, label, min, max, 0);
}

/** A select (or input) whose value must be one of `allowed`; no such element gives `fallback`. */
export function readKey<K extends string>(form: HTMLFormElement, name: string, label: string, allowed: readonly K[], fallback: K): K {
  const el = form.elements.namedItem(name);
  if (!(el instanceof HTMLSelectElement || el instanceof HTMLInputElement)) return fallback;
  return checkKey(el.value, label, allowed);
}

/** A checkbox; no such element gives `fallback`. */
export function readBool(form: HTMLFormElement, name: string, fallback = false): boolean {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement ? el.checked : fallback;
}

/** The raw string value of a field ("" when there is none). */
export function readString(form: HTMLFormElement, name: string): string {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement ? el.value : "";
}
