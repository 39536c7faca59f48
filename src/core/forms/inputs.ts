/**
 * A dialog's inputs, declared once as Foundry data fields (issue 17, "one way to read a dialog").
 * The one declaration gives:
 *  - the form's inputs (`inputsHtml`, from templates/shared/dialog-inputs.hbs: a number input with
 *    its bounds, a select with its choices, a checkbox — each with its label);
 *  - the values read from the form (`readInputs`): each checked against its field's bounds or
 *    choices, refused with an Error that names the field (src/core/forms/read.ts's messages);
 *  - the same check for values that arrive without a form (`checkInputs`: the relay, the GM's side).
 * The odds panel reads the values `readInputs` returns, so dialog, odds and relay agree.
 */
import { localize } from "../game";
import { templatePath } from "../ids";
import { checkInt, checkKey, readBool, readInt, readKey } from "./read";

export const DIALOG_INPUTS = templatePath("shared/dialog-inputs.hbs");

const fields = foundry.data.fields;

/** A whole number from `min` to `max` (label: a localization key). */
export function intInput(label: string, min: number, max: number, initial = 0) {
  return new fields.NumberField({ required: true, nullable: false, integer: true, min, max, initial, label });
}

function choiceField<K extends string>(label: string, keys: readonly K[], choices: Record<string, string>, initial: K) {
  return Object.assign(new fields.StringField({ required: true, blank: false, choices, initial, label }), { keys });
}

/** One of `choices` (value → label key); `readInputs` types it as one of their keys. */
export function choiceInput<K extends string>(label: string, choices: Record<K, string>, initial: NoInfer<K>) {
  return choiceField(label, Object.keys(choices).filter((key): key is K => Object.hasOwn(choices, key)), choices, initial);
}

/** One of `keys` (a rules core's key list), each labelled by the localization key `labelKey(key)`. */
export function keyInput<K extends string>(label: string, keys: readonly K[], labelKey: (key: K) => string, initial: NoInfer<K>) {
  return choiceField(label, keys, Object.fromEntries(keys.map((key) => [key, labelKey(key)])), initial);
}

/** A checkbox. */
export function boolInput(label: string, initial = false) {
  return new fields.BooleanField({ initial, label });
}

type IntField = ReturnType<typeof intInput>;
type ChoiceField = ReturnType<typeof choiceInput>;
type BoolField = ReturnType<typeof boolInput>;
type Input = IntField | ChoiceField | BoolField;

/** A dialog's declared inputs, by form name. */
export type InputDeclaration = Record<string, Input>;

/** The values a declaration reads: numbers, choice keys, booleans. */
export type InputValues<D extends InputDeclaration> = { [K in keyof D]: D[K] extends BoolField ? boolean : D[K] extends IntField ? number : D[K] extends { readonly keys: readonly (infer C)[] } ? C : string };

function bounds(field: IntField): { min: number; max: number } {
  return { min: typeof field.min === "number" ? field.min : Number.MIN_SAFE_INTEGER, max: typeof field.max === "number" ? field.max : Number.MAX_SAFE_INTEGER };
}

function choiceKeys(field: ChoiceField): string[] {
  const choices = field.choices;
  return choices && typeof choices === "object" ? Object.keys(choices) : [];
}

function initialOf(field: Input): unknown {
  return typeof field.initial === "function" ? undefined : field.initial;
}

function labelOf(field: Input): string {
  return localize(field.label ?? "");
}

/** Read a form through its declaration; an Error (localized, naming the field) for a bad value. */
export function readInputs<D extends InputDeclaration>(form: HTMLFormElement, declaration: D): InputValues<D> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(declaration)) {
    const initial = initialOf(field);
    if (field instanceof fields.BooleanField) out[name] = readBool(form, name, initial === true);
    else if (field instanceof fields.NumberField) out[name] = readInt(form, name, labelOf(field), bounds(field).min, bounds(field).max, typeof initial === "number" ? initial : 0);
    else out[name] = readKey(form, name, labelOf(field), choiceKeys(field), typeof initial === "string" ? initial : "");
  }
  return out as InputValues<D>;
}

/**
 * Check values that arrive without a form (a relay payload) through the same declaration; missing
 * values take the initial. `complete`: every value must be there and of its field's own type (a
 * number, not a numeric string), as a client that sends all of a dialog's values does. `required`:
 * these values take no initial (a missing one is refused by its field's own check, naming it).
 */
export function checkInputs<D extends InputDeclaration>(raw: Record<string, unknown>, declaration: D, { complete = false, required = [] }: { complete?: boolean; required?: readonly (keyof D & string)[] } = {}): InputValues<D> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(declaration)) {
    if (complete && typeof raw[name] !== (field instanceof fields.BooleanField ? "boolean" : field instanceof fields.NumberField ? "number" : "string")) throw new Error(labelOf(field));
    const value = required.includes(name) ? raw[name] : (raw[name] ?? initialOf(field));
    if (field instanceof fields.BooleanField) {
      if (typeof value !== "boolean") throw new Error(labelOf(field));
      out[name] = value;
    } else if (field instanceof fields.NumberField) out[name] = checkInt(value, labelOf(field), bounds(field).min, bounds(field).max);
    else out[name] = checkKey(value, labelOf(field), choiceKeys(field));
  }
  return out as InputValues<D>;
}

/** The declaration's inputs as form groups (with `values` filled in, else each field's initial). */
export async function inputsHtml<D extends InputDeclaration>(declaration: D, values: Partial<InputValues<D>> = {}, idPrefix = "bb-input"): Promise<string> {
  const inputs = Object.entries(declaration).map(([name, field]) => {
    const value: unknown = (values as Record<string, unknown>)[name] ?? initialOf(field);
    const base = { name, id: `${idPrefix}-${name}`, label: labelOf(field) };
    if (field instanceof fields.BooleanField) return { ...base, checkbox: true, checked: value === true };
    if (field instanceof fields.NumberField) return { ...base, number: true, value, ...bounds(field) };
    const choices = field.choices && typeof field.choices === "object" ? Object.entries(field.choices) : [];
    return { ...base, select: true, options: choices.map(([key, label]) => ({ key, label: localize(String(label)), selected: key === value })) };
  });
  return foundry.applications.handlebars.renderTemplate(DIALOG_INPUTS, { inputs });
}
