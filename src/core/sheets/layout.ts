/**
 * Where a ruleset's sheet templates live, written once for the sheets that render them
 * (actor-sheet.ts, item-sheet.ts) and for the registry that preloads them (`defineRuleset`):
 * templates/<id>/actor/header.hbs and one per tab of its character sheet, templates/<id>/item/details.hbs,
 * with the shared tab strip and item header. A light module (paths only): init reads it.
 */
import { templatePath } from "../ids";

/** The template of the header every item sheet shares. */
export const ITEM_HEADER_TEMPLATE = "shared/item-header.hbs";

/** The tab strip every character sheet shares. */
export const SHEET_TABS_TEMPLATE = templatePath("shared/tabs.hbs");

/** A part of a ruleset's character sheet: its header or one of its tabs. */
export function actorPartTemplate(id: string, part: string): string {
  return templatePath(`${id}/actor/${part}.hbs`);
}

/** A ruleset's item sheet's details. */
export function itemDetailsTemplate(id: string): string {
  return templatePath(`${id}/item/details.hbs`);
}

/** Every template of a ruleset's sheets, to preload: the shared ones, its character sheet's header and tabs, its item details. */
export function sheetTemplates(id: string, actorTabs: readonly string[]): string[] {
  return [SHEET_TABS_TEMPLATE, templatePath(ITEM_HEADER_TEMPLATE), ...["header", ...actorTabs].map((part) => actorPartTemplate(id, part)), itemDetailsTemplate(id)];
}
