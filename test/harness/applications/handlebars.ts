/**
 * foundry.applications.handlebars — renderTemplate, loadTemplates, getTemplate, and the Handlebars
 * helpers Foundry registers (https://foundryvtt.com/api/v13/modules/foundry.applications.handlebars.html
 * and https://foundryvtt.com/api/v13/classes/foundry.applications.handlebars.HandlebarsHelpers.html).
 * Uses the real `handlebars` package. Templates are fetched through a pluggable loader
 * (setTemplateLoader): Node reads files in setup.ts, a browser test bed can use fetch.
 */
import Handlebars from "handlebars";
import { DataField } from "../fields";
import { game } from "../state";
import { escapeHTML, type AnyObject } from "../utils";

export type TemplateLoader = (path: string) => Promise<string>;

let loader: TemplateLoader = async (path: string) => {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`Failed to load template ${path}: ${res.status}`);
  return res.text();
};

/** Set how template paths are turned into template source text. */
export function setTemplateLoader(fn: TemplateLoader): void {
  loader = fn;
}

const cache = new Map<string, Handlebars.TemplateDelegate>();

/** Built-in core templates the harness provides itself (Foundry's own are not available). */
export const BUILTIN_TEMPLATES: Record<string, string> = {
  "templates/dice/roll.html": `<div class="dice-roll">
  {{#if flavor}}<div class="dice-flavor">{{flavor}}</div>{{/if}}
  <div class="dice-result">
    <div class="dice-formula">{{formula}}</div>
    {{{tooltip}}}
    <h4 class="dice-total">{{total}}</h4>
  </div>
</div>`,
  "templates/dice/tooltip.html": `<div class="dice-tooltip">
  <section class="tooltip-part">{{#each parts}}
    <div class="dice">
      <header class="part-header flexrow"><span class="part-formula">{{formula}}</span>{{#if flavor}}<span class="part-flavor">{{flavor}}</span>{{/if}}<span class="part-total">{{total}}</span></header>
      <ol class="dice-rolls">{{#each rolls}}<li class="roll {{classes}}">{{{result}}}</li>{{/each}}</ol>
    </div>{{/each}}
  </section>
</div>`,
  "templates/generic/tab-navigation.hbs": `<nav class="tabs {{cssClass}}" data-group="{{group}}">{{#each tabs}}<a class="{{cssClass}}" data-action="tab" data-group="{{group}}" data-tab="{{id}}">{{#if icon}}<i class="{{icon}}"></i>{{/if}}{{#if label}}<span>{{localize label}}</span>{{/if}}</a>{{/each}}</nav>`,
};

/** Test helper: provide the text of a template path without touching the loader. */
export function registerTemplateSource(path: string, source: string): void {
  BUILTIN_TEMPLATES[path] = source;
  cache.delete(path);
}

export async function getTemplate(path: string, id?: string): Promise<Handlebars.TemplateDelegate> {
  let tpl = cache.get(path);
  if (!tpl) {
    const src = BUILTIN_TEMPLATES[path] ?? (await loader(path));
    tpl = Handlebars.compile(src);
    cache.set(path, tpl);
  }
  Handlebars.registerPartial(id ?? path, tpl);
  return tpl;
}

/** Load templates and register them as partials (by path, or by the keys of an object). */
export async function loadTemplates(paths: string[] | Record<string, string>): Promise<Handlebars.TemplateDelegate[]> {
  if (Array.isArray(paths)) return Promise.all(paths.map((p) => getTemplate(p)));
  return Promise.all(Object.entries(paths).map(([id, p]) => getTemplate(p, id)));
}

export async function renderTemplate(path: string, data: AnyObject = {}): Promise<string> {
  const tpl = await getTemplate(path);
  return tpl(data || {}, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
}

/** Harness: forget compiled templates (after editing template files in a watch run). */
export function clearTemplateCache(): void {
  cache.clear();
}

// ------------------------------------------------------------------ helpers

type HelperOptions = Handlebars.HelperOptions;
const isOptions = (x: unknown): x is HelperOptions => !!x && typeof x === "object" && "hash" in (x as object) && "data" in (x as object);

function localize(key: string, options?: HelperOptions): string {
  const i18n = game.i18n;
  if (!i18n) return key;
  const hash = options?.hash ?? {};
  return Object.keys(hash).length ? i18n.format(key, hash) : i18n.localize(key);
}

interface SelectOption {
  value: string;
  label: string;
  group?: string;
  disabled?: boolean;
  selected?: boolean;
}

function selectOptions(choices: unknown, options: HelperOptions): Handlebars.SafeString {
  let { selected = null, blank = null, sort = false, nameAttr, valueAttr, labelAttr, localize: loc = false, inverted = false } = options.hash as AnyObject;
  const sel = new Set((Array.isArray(selected) ? selected : [selected]).filter((s) => s !== null && s !== undefined).map(String));
  const opts: SelectOption[] = [];
  const add = (value: unknown, label: unknown, extra: AnyObject = {}) => {
    let l = String(label ?? value);
    if (loc) l = localize(l);
    opts.push({ value: String(value), label: l, group: extra.group, disabled: extra.disabled });
  };
  if (Array.isArray(choices)) {
    for (const c of choices) {
      if (c && typeof c === "object") add(valueAttr ? c[valueAttr] : (c.value ?? c[nameAttr ?? "value"]), labelAttr ? c[labelAttr] : c.label, c);
      else add(c, c);
    }
  } else if (choices && typeof choices === "object") {
    for (const [k, v] of Object.entries(choices as AnyObject)) {
      const vv = v && typeof v === "object" ? v : { label: v };
      let value: unknown = valueAttr ? vv[valueAttr] : (nameAttr ? vv[nameAttr] : k);
      let label: unknown = labelAttr ? vv[labelAttr] : vv.label;
      if (inverted) [value, label] = [label, value];
      add(value, label, vv);
    }
  }
  if (sort) opts.sort((a, b) => a.label.localeCompare(b.label, game.i18n?.lang));
  let html = "";
  if (blank !== null && blank !== false) {
    const label = loc ? localize(String(blank)) : String(blank);
    html += `<option value="">${escapeHTML(label)}</option>`;
  }
  for (const o of opts) html += `<option value="${escapeHTML(o.value)}"${sel.has(o.value) ? " selected" : ""}${o.disabled ? " disabled" : ""}>${escapeHTML(o.label)}</option>`;
  return new Handlebars.SafeString(html);
}

/** VERIFY: sign uses "+" for zero and positives and the ASCII "-" for negatives. */
function numberFormat(value: unknown, options: HelperOptions): string {
  const { decimals = 0, sign = false } = options.hash as AnyObject;
  const n = Number(value);
  const s = Number.isFinite(n) ? n.toFixed(decimals) : String(value);
  return sign && n >= 0 ? `+${s}` : s;
}

function formInput(field: DataField, options: HelperOptions): Handlebars.SafeString {
  return new Handlebars.SafeString(field.toInput({ ...(options.hash as AnyObject) }));
}

function formGroup(field: DataField, options: HelperOptions): Handlebars.SafeString {
  const { label, hint, localize: loc, classes, ...input } = options.hash as AnyObject;
  return new Handlebars.SafeString(field.toFormGroup({ label, hint, localize: loc, classes: classes ? String(classes).split(" ") : [] }, input));
}

function editor(content: string, options: HelperOptions): Handlebars.SafeString {
  const { target, editable = true, button } = options.hash as AnyObject;
  const btn = button && editable ? `<a class="editor-edit"><i class="fas fa-edit"></i></a>` : "";
  return new Handlebars.SafeString(`<div class="editor"><div class="editor-content" data-edit="${escapeHTML(target)}">${content ?? ""}</div>${btn}</div>`);
}

let helpersRegistered = false;
export function registerHelpers(): void {
  if (helpersRegistered) return;
  helpersRegistered = true;
  const args = (a: unknown[]) => a.filter((x) => !isOptions(x));
  Handlebars.registerHelper({
    localize: (key: string, options: HelperOptions) => localize(key, options),
    selectOptions,
    numberFormat,
    formInput,
    formGroup,
    editor,
    concat: (...a: unknown[]) => new Handlebars.SafeString(args(a).map((x) => String(x ?? "")).join("")),
    checked: (v: unknown) => (v ? "checked" : ""),
    disabled: (v: unknown) => (v ? "disabled" : ""),
    ifThen: (criteria: unknown, ifTrue: unknown, ifFalse: unknown) => (criteria ? ifTrue : ifFalse),
    eq: (a: unknown, b: unknown) => a === b,
    ne: (a: unknown, b: unknown) => a !== b,
    lt: (a: number, b: number) => a < b,
    gt: (a: number, b: number) => a > b,
    lte: (a: number, b: number) => a <= b,
    gte: (a: number, b: number) => a >= b,
    and: (...a: unknown[]) => args(a).every(Boolean),
    or: (...a: unknown[]) => args(a).some(Boolean),
    not: (v: unknown) => !v,
  });
}

export { Handlebars };
