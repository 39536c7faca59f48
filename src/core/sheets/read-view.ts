/**
 * Play mode of an item sheet reads as text (issue 24.9): a control the sheet renders disabled
 * (play mode, or a sheet the user may only view) becomes its value as text, a field with no value
 * is hidden, and a group of ticked boxes reads as the list of what is ticked. Built as elements
 * (text only); controls a sheet leaves enabled in play mode are kept as they are.
 */
import { localize } from "../game";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The text a disabled control shows, or null when it holds nothing worth showing. */
function controlText(control: Control): string | null {
  if (control instanceof HTMLInputElement && control.type === "checkbox") return localize(control.checked ? "BREADBOX.Sheet.Yes" : "BREADBOX.Sheet.No");
  if (control instanceof HTMLSelectElement) {
    const option = control.selectedOptions[0];
    return option && option.value !== "" ? (option.textContent ?? "").trim() || null : null;
  }
  const value = control.value.trim();
  // A stored key shows in the words the sheet gives it (data-display), else as typed.
  return value === "" ? null : control.dataset.display || value;
}

/** The value of a disabled control as text, keeping its id (a label's `for` still names it). */
function textFor(control: Control, text: string): HTMLElement {
  const span = document.createElement("span");
  span.className = "bb-field-value";
  if (control.id) span.id = control.id;
  span.textContent = text;
  return span;
}

/** A label that named a control now heads a value: the same text, no longer a form label. */
function labelAsText(label: HTMLLabelElement): void {
  const span = document.createElement("span");
  span.className = "bb-field-label";
  span.textContent = label.textContent;
  label.replaceWith(span);
}

/** Replace a disabled control by its text (or drop it when empty); true when something is shown. */
function replaceControl(control: Control): boolean {
  const text = controlText(control);
  if (text === null) {
    control.remove();
    return false;
  }
  control.replaceWith(textFor(control, text));
  return true;
}

const isDisabledControl = (c: Element): c is Control => (c instanceof HTMLInputElement || c instanceof HTMLSelectElement || c instanceof HTMLTextAreaElement) && c.disabled && !(c instanceof HTMLInputElement && c.type === "hidden");

/** Turn the disabled controls under `root` into text and hide fields that hold nothing. */
export function showAsText(root: HTMLElement | null): void {
  if (!root) return;
  // A field (label + control): the control's value as text under the label's words, or hidden when empty.
  for (const group of root.querySelectorAll<HTMLElement>(".form-group")) {
    const controls = [...group.querySelectorAll("input, select, textarea")].filter((c) => !(c instanceof HTMLInputElement && c.type === "hidden"));
    if (!controls.length) {
      // A link shown as text (link-select partial) with nothing chosen: hide the field.
      const link = group.querySelector(".bb-link-value");
      if (link && !(link.textContent ?? "").trim()) group.hidden = true;
      continue;
    }
    if (!controls.every(isDisabledControl)) continue;
    let shown = 0;
    for (const control of controls) if (replaceControl(control)) shown += 1;
    for (const label of group.querySelectorAll("label")) labelAsText(label);
    if (!shown) group.hidden = true;
  }
  // Boxes ticked in a group (labels wrapping a checkbox): one line listing the ticked ones.
  for (const fieldset of root.querySelectorAll<HTMLFieldSetElement>("fieldset")) {
    const labels = [...fieldset.querySelectorAll<HTMLLabelElement>("label")].filter((l) => l.parentElement === fieldset && l.querySelector('input[type="checkbox"]'));
    const boxes = labels.map((l) => l.querySelector<HTMLInputElement>('input[type="checkbox"]'));
    if (!labels.length || !boxes.every((b) => b?.disabled)) continue;
    const ticked = labels.filter((l, i) => boxes[i]?.checked).map((l) => (l.textContent ?? "").trim()).filter(Boolean);
    const span = document.createElement("span");
    span.className = "bb-field-value";
    span.textContent = ticked.join(", ");
    labels[0]?.before(span);
    for (const l of labels) l.remove();
    if (!ticked.length) span.remove();
  }
  // Any other disabled control (rows of a list): its text, or nothing when empty.
  for (const control of [...root.querySelectorAll("input, select, textarea")].filter(isDisabledControl)) {
    const id = control.id;
    const shown = replaceControl(control);
    const label = id ? root.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(id)}"]`) : null;
    if (label) shown ? labelAsText(label) : label.remove();
  }
  // A group left with nothing but its heading is hidden.
  for (const fieldset of root.querySelectorAll<HTMLFieldSetElement>("fieldset")) {
    const content = [...fieldset.children].filter((c) => c.tagName !== "LEGEND" && !(c instanceof HTMLElement && c.hidden));
    const hasValue = content.some((c) => (c.textContent ?? "").trim() !== "" || c.querySelector("button, input, select, textarea, a"));
    if (!hasValue) fieldset.hidden = true;
  }
}
