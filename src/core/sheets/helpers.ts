/** Pieces shared by the base actor and item sheets. */
import { format, localize } from "../game";
import { allRulesets, rulesetOfType } from "../registry";
import { worldRulesetId } from "../settings";

type SheetDefaults = foundry.applications.api.DocumentSheetV2.DefaultOptions;
type SubmitArgs = Parameters<foundry.applications.sheets.ActorSheetV2["_onSubmitForm"]>;

/**
 * The DEFAULT_OPTIONS both base sheets (actor and item) share: Breadbox's classes for the document
 * kind, the sheet's size, resizable, a form that saves on every change, and the sheet's actions.
 */
export function documentSheetDefaults(kind: "actor" | "item", width: number, height: number, actions: SheetDefaults["actions"]): SheetDefaults {
  return { classes: ["breadbox", "sheet", kind], position: { width, height }, window: { resizable: true }, form: { submitOnChange: true, closeOnSubmit: false }, actions };
}

/** What both base sheets do after every render: focus back where it was, role buttons live, the edit- or play-mode class. */
export function sheetRendered(element: HTMLElement, pendingFocus: string | null, edit: boolean): void {
  restoreFocus(element, pendingFocus);
  activateRoleButtons(element);
  element.classList.toggle("edit-mode", edit);
  element.classList.toggle("play-mode", !edit);
}

/** An actor's biography and notes as its sheet shows them: enriched, secrets only for an owner. */
export async function enrichedTexts(actor: Actor.Implementation, texts: { biography: string; notes: string }): Promise<{ biographyHTML: string; notesHTML: string }> {
  const TextEditor = foundry.applications.ux.TextEditor.implementation;
  return {
    biographyHTML: await TextEditor.enrichHTML(texts.biography, { secrets: actor.isOwner }),
    notesHTML: await TextEditor.enrichHTML(texts.notes, { secrets: actor.isOwner }),
  };
}

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
    const problem = numberProblem(input, fieldLabel);
    if (problem) {
      ui.notifications?.error(problem);
      return { ok: false };
    }
    return { ok: true, value: Number(input.value.trim()) };
  }
  if (input instanceof HTMLInputElement && input.type === "checkbox") return { ok: true, value: input.checked };
  return { ok: true, value: input.value };
}

/** A choice of a select on a sheet: its key, its label, and whether it is the stored one. */
export interface ChoiceOption {
  key: string;
  label: string;
  selected: boolean;
}

/**
 * The options of a select: each key labelled by `label(key)`, or by the localized key
 * `<label>.<key>` when `label` is a prefix (the blank key reads `<label>.none`).
 */
export function choiceOptions(keys: readonly string[], label: string | ((key: string) => string), selected: string): ChoiceOption[] {
  const labelOf = typeof label === "string" ? (k: string) => localize(`${label}.${k || "none"}`) : label;
  return keys.map((k) => ({ key: k, label: labelOf(k), selected: k === selected }));
}

/**
 * A stored key in words, where the data carries no label of its own: "concealingIdentity" reads
 * "Concealing identity". Text that is already words ("when hiding") is kept as typed.
 */
export function humanizeKey(key: string): string {
  if (!/^[a-z][a-zA-Z0-9]*$/.test(key)) return key;
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A one-line summary built from an item's data (presentation, not content). */
export function joinSummary(parts: (string | null | undefined | false)[]): string {
  return parts.filter((p): p is string => typeof p === "string" && p.length > 0).join(" · ");
}

/**
 * The submit guard both base sheets use: refuse bad number inputs before Foundry sees them, and
 * report an update Foundry rejects; in both cases the sheet re-renders with the stored values.
 */
export async function guardedSubmit(form: HTMLFormElement, submit: () => Promise<void>, rerender: () => void): Promise<void> {
  const problem = invalidNumberInput(form);
  if (problem) {
    ui.notifications?.error(problem);
    rerender();
    return;
  }
  try {
    await submit();
  } catch (err) {
    reportInvalidChange(err);
    rerender();
  }
}

/**
 * Check every named number input of a sheet form against its own min, max and step before the
 * form is submitted. Foundry's NumberField would silently clamp an out-of-range value; a sheet
 * instead refuses it with a message naming the field, and nothing is written.
 * Returns the localized reason of the first problem, or null.
 */
export function invalidNumberInput(form: HTMLFormElement): string | null {
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="number"][name], input[data-dtype="Number"][name]')) {
    if (input.disabled) continue;
    const label = input.getAttribute("aria-label") || input.labels?.[0]?.textContent?.trim() || input.name;
    const problem = numberProblem(input, label);
    if (problem) return problem;
  }
  return null;
}

/** The min/max/step a number input gets from its data-model field (absent where the field has none). */
export interface NumberLimits {
  min?: number;
  max?: number;
  /** A number, or "any" for a non-integer field without a step. */
  step: number | "any";
}

/**
 * The NumberField a form name ("system.stun.value", "system.customAttributes.0.value") points at in
 * a document's data model, or null. Array indices are stepped over; only `system.*` paths are
 * resolved (everything a sheet edits lives in the sub-type model).
 */
export function numberFieldAt(doc: { system?: unknown } | null | undefined, name: string): foundry.data.fields.NumberField | null {
  const model = doc?.system;
  if (!(model instanceof foundry.abstract.DataModel)) return null;
  const parts = name.split(".");
  if (parts.shift() !== "system") return null;
  let field: foundry.data.fields.DataField.Any | undefined = model.schema;
  for (const part of parts) {
    if (field instanceof foundry.data.fields.SchemaField) field = Object.hasOwn(field.fields, part) ? field.fields[part] : undefined;
    else if (field instanceof foundry.data.fields.ArrayField && /^\d+$/.test(part)) field = field.element;
    else return null;
    if (!field) return null;
  }
  return field instanceof foundry.data.fields.NumberField ? field : null;
}

/** The limits of a NumberField, as an input's min/max/step attributes should carry them. */
export function numberLimits(field: foundry.data.fields.NumberField): NumberLimits {
  const finite = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
  const step = finite(field.step) ?? (field.integer ? 1 : "any");
  return { min: finite(field.min), max: finite(field.max), step };
}

/**
 * Give every number input of a rendered sheet the min/max/step of the data-model field it edits,
 * so the model is the one source of truth (templates carry none). `docFor` names the document an
 * input edits (the sheet's document for `name="system.…"`, an embedded item for
 * `data-item-field`); inputs that edit no model field keep whatever they have.
 */
export function applyNumberLimits(root: HTMLElement, docFor: (input: HTMLInputElement) => { doc: { system?: unknown } | null | undefined; path: string } | null): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('input[type="number"], input[data-dtype="Number"]')) {
    const target = docFor(input);
    const field = target ? numberFieldAt(target.doc, target.path) : null;
    if (!field) continue;
    const limits = numberLimits(field);
    for (const key of ["min", "max"] as const) {
      const v = limits[key];
      if (v === undefined) input.removeAttribute(key);
      else input.setAttribute(key, String(v));
    }
    input.setAttribute("step", String(limits.step));
  }
}

/** Why a number input's value is not acceptable (not a number, not whole, out of range), or null. */
export function numberProblem(input: HTMLInputElement | HTMLSelectElement, label: string): string | null {
  // A browser reports letters typed into <input type="number"> as an empty value with badInput.
  if ((input as HTMLInputElement).validity?.badInput) return format("BREADBOX.Error.NotANumberTyped", { field: label });
  const raw = input.value.trim();
  const n = Number(raw);
  if (raw === "" || !Number.isFinite(n)) return format("BREADBOX.Error.NotANumber", { field: label, value: input.value });
  const step = input.getAttribute("step");
  if ((step === null || step === "1") && !Number.isInteger(n)) return format("BREADBOX.Error.NotAWholeNumber", { field: label, value: raw });
  const min = input.getAttribute("min");
  const max = input.getAttribute("max");
  if ((min !== null && min !== "" && n < Number(min)) || (max !== null && max !== "" && n > Number(max))) {
    return format("BREADBOX.Error.OutOfRange", { field: label, value: n, min: min ?? "-", max: max ?? "-" });
  }
  // A step other than 1 counts from min (as Foundry's NumberField does): 0.5 steps allow 2.5, not 2.4.
  const stepN = step === null || step === "any" ? NaN : Number(step);
  if (Number.isFinite(stepN) && stepN > 0 && stepN !== 1) {
    const k = (n - (min !== null && min !== "" ? Number(min) : 0)) / stepN;
    if (Math.abs(k - Math.round(k)) > 1e-9) return format("BREADBOX.Error.OffStep", { field: label, value: n, step: stepN });
  }
  return null;
}

/**
 * Focus survives a re-render: remember which control had it (by name, data-action + data-tab,
 * or item id + field) and give it back to the equivalent control of the new HTML. Without this a
 * keyboard user is thrown back to the top of the page after every change or tab switch.
 */
export function focusKey(root: HTMLElement): string | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || !root.contains(el)) return null;
  const esc = (v: string) => v.replace(/["\\]/g, "\\$&");
  const name = el.getAttribute("name");
  if (name) return `[name="${esc(name)}"]`;
  const field = el.dataset.itemField;
  const itemId = el.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  if (field && itemId) return `[data-item-id="${esc(itemId)}"] [data-item-field="${esc(field)}"]`;
  const action = el.dataset.action;
  if (!action) return null;
  let sel = `[data-action="${esc(action)}"]`;
  for (const key of ["tab", "attribute", "track", "delta", "type", "key", "index"]) {
    const v = el.dataset[key];
    if (v !== undefined) sel += `[data-${key}="${esc(v)}"]`;
  }
  return itemId ? `[data-item-id="${esc(itemId)}"] ${sel}` : sel;
}

export function restoreFocus(root: HTMLElement, key: string | null): void {
  if (!key) return;
  const el = root.querySelector<HTMLElement>(key);
  el?.focus();
}

/** Elements given role="button" (the portrait) answer Enter and Space like a real button. */
export function activateRoleButtons(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>('[role="button"][tabindex]')) {
    el.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      el.click();
    });
  }
}

/**
 * Check a sheet's form before Foundry reads it: a cleared required number would otherwise fail in
 * the core's own validation (foundryvtt/foundryvtt#13458, #13804) with its message, before ours
 * runs. Returns false (after reporting and re-rendering) when the form must not be submitted.
 */
export function formReady(sheet: { form: HTMLFormElement | null; render(): unknown }): boolean {
  const problem = sheet.form ? invalidNumberInput(sheet.form) : null;
  if (!problem) return true;
  ui.notifications?.error(problem);
  void sheet.render();
  return false;
}

/**
 * A sheet's form submission: checked before Foundry reads it (formReady), with a refused change
 * reported once (reportingHandler). `submit` is the sheet's own super._onSubmitForm.
 */
export async function submitChecked(
  sheet: { form: HTMLFormElement | null; render(): unknown },
  formConfig: SubmitArgs[0],
  event: SubmitArgs[1],
  submit: (formConfig: SubmitArgs[0], event: SubmitArgs[1]) => Promise<void>,
): Promise<void> {
  if (!formReady(sheet)) return;
  const handler = formConfig.handler;
  await submit(handler ? Object.assign({}, formConfig, { handler: reportingHandler(sheet, handler) }) : formConfig, event);
}

/**
 * A form handler whose refusal by the data model (in Foundry's submit preparation or in the
 * update) is reported once, after which the sheet shows the stored values again.
 */
export function reportingHandler<A extends unknown[]>(sheet: { render(): unknown }, handler: (...args: A) => unknown): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await handler.call(sheet, ...args);
    } catch (err) {
      reportInvalidChange(err);
      void sheet.render();
    }
  };
}


/**
 * The ruleset of a document of this sub-type when it is not the world's (issue 23), else null: a
 * world that changed its ruleset keeps its old documents; their sheets open read-only with a banner.
 */
export function otherRulesetOf(type: string): string | null {
  const ruleset = rulesetOfType(type);
  return ruleset && ruleset !== worldRulesetId() ? ruleset : null;
}

function rulesetLabel(id: string): string {
  return localize(allRulesets().find((r) => r.id === id)?.label ?? "BREADBOX.Ruleset.unknown");
}

/** The class of the banner a sheet of another ruleset's document shows first. */
export const OTHER_RULESET_BANNER = "breadbox-other-ruleset";

/**
 * After each render: the banner of a document of another ruleset than the world's, first in the
 * sheet's content (built as elements, text only), or none.
 */
export function markOtherRuleset(element: HTMLElement, type: string): void {
  element.querySelector(`.${OTHER_RULESET_BANNER}`)?.remove();
  const other = otherRulesetOf(type);
  if (!other) return;
  const banner = document.createElement("p");
  banner.className = `${OTHER_RULESET_BANNER} notification warning`;
  banner.setAttribute("role", "status");
  banner.textContent = format("BREADBOX.Sheet.OtherRuleset", { ruleset: rulesetLabel(other), world: rulesetLabel(worldRulesetId()) });
  const content = element.querySelector(".window-content") ?? element;
  content.prepend(banner);
}
