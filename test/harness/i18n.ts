/**
 * game.i18n — https://foundryvtt.com/api/v13/classes/foundry.helpers.Localization.html
 * Translations are stored nested (JSON files may use nested objects or dotted keys; both are
 * expanded). localize(key) returns the key itself when missing; format(key, data) replaces
 * {name} placeholders (VERIFY: a missing placeholder value is left as "{name}").
 */
import { expandObject, getProperty, isPlainObject, mergeObject, type AnyObject } from "./utils";
import type { DataField } from "./fields";
import { game } from "./state";
import { SchemaField, ArrayField, TypedObjectField, EmbeddedDataField } from "./fields";

export class Localization {
  lang = "en";
  translations: AnyObject = {};
  _fallback: AnyObject = {};

  /** Harness helper: merge an object of translations (nested or dotted keys). */
  loadTranslations(obj: AnyObject): void {
    mergeObject(this.translations, expandObject(obj), { inplace: true });
  }

  has(key: string, fallback = true): boolean {
    const v = getProperty(this.translations, key);
    if (typeof v === "string") return true;
    return fallback && typeof getProperty(this._fallback, key) === "string";
  }

  localize(key: string): string {
    const v = getProperty(this.translations, key) ?? getProperty(this._fallback, key);
    return typeof v === "string" ? v : key;
  }

  format(key: string, data: AnyObject = {}): string {
    const str = this.localize(key);
    return str.replace(/{[^}]+}/g, (k) => {
      const v = data[k.slice(1, -1)];
      return v === undefined ? k : String(v);
    });
  }

  /**
   * Label/hint lookup for a DataModel's schema: `${prefix}.FIELDS.${path}.label` and `.hint`
   * for each prefix in model.LOCALIZATION_PREFIXES (later prefixes win).
   * VERIFY: the "FIELDS" segment and nesting follow systems' en.json files (Draw Steel, dnd5e);
   * array elements are looked up under `${path}.element`.
   */
  static localizeDataModel(model: { LOCALIZATION_PREFIXES?: string[]; schema: SchemaField }, { prefixes, prefixPath }: { prefixes?: string[]; prefixPath?: string } = {}): void {
    const i18n = game.i18n as Localization | undefined;
    if (!i18n) return;
    prefixes ??= model.LOCALIZATION_PREFIXES ?? [];
    const visit = (field: DataField, path: string) => {
      for (const prefix of prefixes!) {
        const base = `${prefix}.${prefixPath ?? "FIELDS."}${path}`;
        if (i18n.has(`${base}.label`)) field.label = i18n.localize(`${base}.label`);
        if (i18n.has(`${base}.hint`)) field.hint = i18n.localize(`${base}.hint`);
      }
      if (field instanceof SchemaField && !(field instanceof EmbeddedDataField)) for (const [n, f] of field.entries()) visit(f, `${path}.${n}`);
      if (field instanceof ArrayField || field instanceof TypedObjectField) visit(field.element, `${path}.element`);
    };
    for (const [n, f] of model.schema.entries()) visit(f, n);
  }
}

export function isTranslationObject(v: unknown): boolean {
  return isPlainObject(v);
}
