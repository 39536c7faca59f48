/**
 * FormDataExtended — https://foundryvtt.com/api/v13/classes/foundry.applications.ux.FormDataExtended.html
 * `object` is a flat record {name: value} of the form's named controls:
 *  - checkbox → boolean (checked); radio → the checked radio's value;
 *  - type=number / type=range, or data-dtype="Number" → Number ("" → null);
 *  - data-dtype="Boolean" → boolean; data-dtype="JSON" → parsed;
 *  - select[multiple] → array of selected values; other inputs/textarea/select → string;
 *  - disabled controls are skipped unless {disabled: true}.
 * VERIFY: casting rules above follow the documented dtype behaviour; editors are not handled.
 */
import type { AnyObject } from "../utils";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export class FormDataExtended {
  object: AnyObject = {};
  dtypes: Record<string, string>;

  constructor(form: HTMLElement, { dtypes = {}, disabled = false, readonly = true }: { dtypes?: Record<string, string>; disabled?: boolean; readonly?: boolean; editors?: AnyObject } = {}) {
    this.dtypes = dtypes;
    const controls = Array.from(form.querySelectorAll("input, select, textarea")) as Control[];
    for (const el of controls) {
      const name = el.getAttribute("name");
      if (!name) continue;
      if (!disabled && (el as HTMLInputElement).disabled) continue;
      if (!readonly && el.hasAttribute("readonly")) continue;
      const type = (el.getAttribute("type") ?? "").toLowerCase();
      const dtype = dtypes[name] ?? el.dataset?.dtype;
      if (el.tagName === "INPUT" && type === "radio") {
        if ((el as HTMLInputElement).checked) this.object[name] = FormDataExtended.cast((el as HTMLInputElement).value, dtype);
        else if (!(name in this.object)) this.object[name] = null;
        continue;
      }
      if (el.tagName === "INPUT" && type === "checkbox") {
        this.object[name] = (el as HTMLInputElement).checked;
        continue;
      }
      if (el.tagName === "SELECT" && (el as HTMLSelectElement).multiple) {
        this.object[name] = Array.from((el as HTMLSelectElement).options)
          .filter((o) => o.selected)
          .map((o) => FormDataExtended.cast(o.value, dtype));
        continue;
      }
      if (el.tagName === "INPUT" && (type === "file" || type === "submit" || type === "button")) continue;
      const numeric = type === "number" || type === "range";
      this.object[name] = FormDataExtended.cast(el.value, dtype ?? (numeric ? "Number" : undefined));
    }
  }

  static cast(value: string, dtype?: string): unknown {
    switch (dtype) {
      case "Number":
        return value === "" || value === null ? null : Number(value);
      case "Boolean":
        return value === "true" || value === "on";
      case "JSON":
        try {
          return JSON.parse(value);
        } catch {
          return value;
        }
      default:
        return value;
    }
  }

  toObject(): AnyObject {
    return { ...this.object };
  }
}
