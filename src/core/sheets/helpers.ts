/** Pieces shared by the base actor and item sheets. */
import { format } from "../game";

/** Report an update Foundry refused (validation error) without changing anything. */
export function reportInvalidChange(err: unknown): void {
  ui.notifications?.error(format("BREADBOX.Error.InvalidChange", { reason: err instanceof Error ? err.message : String(err) }));
}

/**
 * Parse the value of an inline input for a document update. Number inputs that are empty or
 * not a number are refused (null) with a clear message naming the field.
 */
export function readInputValue(input: HTMLInputElement | HTMLSelectElement, fieldLabel: string): { ok: true; value: unknown } | { ok: false } {
  if (input.dataset.dtype === "Number" || (input instanceof HTMLInputElement && input.type === "number")) {
    const raw = input.value.trim();
    const n = Number(raw);
    if (raw === "" || !Number.isFinite(n)) {
      ui.notifications?.error(format("BREADBOX.Error.NotANumber", { field: fieldLabel, value: input.value }));
      return { ok: false };
    }
    return { ok: true, value: n };
  }
  if (input instanceof HTMLInputElement && input.type === "checkbox") return { ok: true, value: input.checked };
  return { ok: true, value: input.value };
}

/** A one-line summary built from an item's data (presentation, not content). */
export function joinSummary(parts: (string | null | undefined | false)[]): string {
  return parts.filter((p): p is string => typeof p === "string" && p.length > 0).join(" · ");
}
