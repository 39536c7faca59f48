/**
 * Base actor sheet for every ruleset: ApplicationV2 + Handlebars, a play mode (read, click to
 * roll) and an edit mode (fields editable), tabs, item create/edit/delete, inline item fields,
 * and clear refusal of invalid input. A ruleset's sheet subclasses it, declares PARTS and TABS,
 * and adds its own context and actions.
 *
 * The class is generic over its render context/configuration/options: without that, tsc's type
 * instantiation for HandlebarsApplicationMixin(ActorSheetV2) explodes (see FOUNDRY-NOTES.md).
 */
import { templatePath } from "../ids";
import type { DeepPartial } from "fvtt-types/utils";
import { format, localize } from "../game";
import { isItemSubType } from "../foundry";
import { ATTRIBUTE_DRAG_TYPE } from "../hotbar";
import { applyNumberLimits, documentSheetDefaults, focusKey, guardedSubmit, markOtherRuleset, otherRulesetOf, readInputValue, reportInvalidChange, sheetRendered, submitChecked } from "./helpers";
import { linesHtml } from "../rolls/lines";
import { LINK_SELECT } from "./links";
import { SHEET_TABS_TEMPLATE, actorPartTemplate } from "./layout";
import type { RulesetBasics } from "../registry";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2 } = foundry.applications.sheets;

export interface SheetTab {
  id: string;
  group: string;
  label: string;
  active: boolean;
  cssClass: string;
}

export interface BaseActorContext {
  actor: Actor.Implementation;
  system: unknown;
  source: unknown;
  editMode: boolean;
  editable: boolean;
  owner: boolean;
  tabs: Record<string, SheetTab>;
  /** Prefix of the tab buttons' and panels' ids (unique per open sheet). */
  tabIdPrefix: string;
  cssClass: string;
  /** The limited view (Limited permission): header and biography only. */
  limited: boolean;
}

/** A part of a character sheet: its template, scrolling element and the partials it uses. */
export interface SheetPart {
  template: string;
  scrollable?: string[];
  templates?: string[];
}

/**
 * A skill's, attribute's or weapon's labelled Roll or Attack button, the one every ruleset's rows
 * use: `{{> ".../shared/roll-button.hbs" action="rollSkill" label=(localize "BREADBOX.Sheet.Roll")
 * name=s.name [icon="fa-crosshairs"] [reason=<why it cannot be used: disabled, said in a tooltip>]}}`.
 * The visible word starts its accessible name ("Roll: Climbing").
 */
export const ROLL_BUTTON = templatePath("shared/roll-button.hbs");

/**
 * The partials every sheet tab may use (loaded with the part, called by their path): the add button
 * in the game's words (`{{> ".../shared/add-item.hbs" type= noun=}}`) and a row's labelled Roll or
 * Attack button (ROLL_BUTTON) and a link chosen from what exists (LINK_SELECT, links.ts).
 */
export const SHEET_PARTIALS = [templatePath("shared/add-item.hbs"), ROLL_BUTTON, LINK_SELECT] as const;

/**
 * A ruleset's character-sheet layout from its tab list, in the shape every Breadbox sheet has: the
 * header (`templates/<id>/actor/header.hbs`), the shared tab strip, then one scrollable part per tab
 * (`templates/<id>/actor/<tab>.hbs`, layout.ts), each tab labelled `<langPrefix>.Tab.<Tab>`.
 */
export function actorSheetLayout(id: string, langPrefix: string, tabIds: readonly string[]): { parts: Record<string, SheetPart>; tabs: { id: string; label: string }[] } {
  const parts: Record<string, SheetPart> = {
    header: { template: actorPartTemplate(id, "header") },
    tabs: { template: SHEET_TABS_TEMPLATE },
  };
  for (const tab of tabIds) parts[tab] = { template: actorPartTemplate(id, tab), scrollable: [""], templates: [...SHEET_PARTIALS] };
  const tabs = tabIds.map((tab) => ({ id: tab, label: `${langPrefix}.Tab.${tab.charAt(0).toUpperCase()}${tab.slice(1)}` }));
  return { parts, tabs };
}

type ASV2 = foundry.applications.sheets.ActorSheetV2;
type BaseRC = foundry.applications.sheets.ActorSheetV2.RenderContext;

export class BreadboxActorSheet<
  RenderContext extends BaseRC & BaseActorContext = BaseRC & BaseActorContext,
  Configuration extends foundry.applications.sheets.ActorSheetV2.Configuration = foundry.applications.sheets.ActorSheetV2.Configuration,
  RenderOptions extends foundry.applications.sheets.ActorSheetV2.RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  /**
   * Declared as Foundry's DefaultOptions (not inferred from the literal), so a ruleset's sheet can
   * declare its own classes and actions without repeating these (Foundry merges them up the chain).
   */
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = documentSheetDefaults("actor", 720, 760, {
    toggleMode: BreadboxActorSheet.#onToggleMode,
    itemCreate: BreadboxActorSheet.#onItemCreate,
    itemEdit: BreadboxActorSheet.#onItemEdit,
    itemDelete: BreadboxActorSheet.#onItemDelete,
  });

  /** Tab ids of the "primary" group, in order, with their label keys. Subclasses override. */
  static SHEET_TABS: { id: string; label: string }[] = [];

  /**
   * The parts a user with only Limited permission sees (the header and the biography), and the tab
   * that is then open. Empty: the ruleset has no limited view and shows the whole sheet.
   */
  static LIMITED_PARTS: string[] = ["header", "biography"];
  static LIMITED_TAB = "biography";

  /** The ruleset whose sheet this is: it names the macros dragged from the sheet (src/core/hotbar.ts). */
  static RULESET = "";

  /** The ruleset's own context, added to the shared one (derived data as its templates show it). */
  static sheetData: (actor: Actor.Implementation) => Promise<object> = async () => ({});

  /** Whether this sheet shows its limited view: the user may see the actor but not observe it. */
  get limitedView(): boolean {
    const cls = this.constructor as typeof BreadboxActorSheet;
    return cls.LIMITED_PARTS.length > 0 && this.document.limited;
  }

  /**
   * A document of another ruleset than the world's opens read-only (issue 23): nothing in it is
   * changed or lost, and the banner says why (markOtherRuleset).
   */
  override get isEditable(): boolean {
    return super.isEditable && otherRulesetOf(this.document.type) === null;
  }

  /** Play mode (false) or edit mode (true); a view state of this sheet, not document data. */
  editMode = false;

  /** Where keyboard focus was before the current re-render (see restoreFocus). */
  protected pendingFocus: string | null = null;

  protected override async _preRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._preRender(context, options);
    if (this.element) this.pendingFocus = focusKey(this.element);
  }


  /** Limited permission renders only LIMITED_PARTS (header and biography), never the rest. */
  protected override _configureRenderOptions(options: DeepPartial<RenderOptions>): void {
    super._configureRenderOptions(options);
    if (!this.limitedView) return;
    const allowed = (this.constructor as typeof BreadboxActorSheet).LIMITED_PARTS;
    const parts: unknown = options.parts;
    options.parts = Array.isArray(parts) ? parts.filter((p): p is string => typeof p === "string" && allowed.includes(p)) : [...allowed];
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const context = await super._prepareContext(options);
    const actor = this.document;
    const limited = this.limitedView;
    if (limited) this.tabGroups.primary = (this.constructor as typeof BreadboxActorSheet).LIMITED_TAB;
    // Tabs: clicks on [data-action="tab"] are ApplicationV2's own (changeTab keeps tabGroups); a
    // re-render reads tabGroups so the open tab survives edits and rolls.
    const tabsDef = (this.constructor as typeof BreadboxActorSheet).SHEET_TABS;
    if (tabsDef.length && !tabsDef.some((t) => t.id === this.tabGroups.primary)) this.tabGroups.primary = tabsDef[0]!.id;
    const tabs: Record<string, SheetTab> = {};
    for (const t of tabsDef) {
      const active = t.id === this.tabGroups.primary;
      tabs[t.id] = { id: t.id, group: "primary", label: t.label, active, cssClass: active ? "active" : "" };
    }
    return {
      ...context,
      actor,
      system: actor.system,
      source: actor.toObject().system,
      editMode: this.editMode && this.isEditable,
      editable: this.isEditable,
      owner: actor.isOwner,
      tabs,
      tabIdPrefix: `${this.id}-tab`,
      cssClass: this.editMode && this.isEditable ? "edit-mode" : "play-mode",
      limited,
      ...(await (this.constructor as typeof BreadboxActorSheet).sheetData(actor)),
    } as RenderContext;
  }

  protected override async _onRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onRender(context, options);
    sheetRendered(this.element, this.pendingFocus, this.editMode && this.isEditable);
    this.pendingFocus = null;
    markOtherRuleset(this.element, this.document.type);
    // Rows marked data-drag-attribute drag onto the hotbar as check macros (src/core/hotbar.ts).
    const ruleset = (this.constructor as typeof BreadboxActorSheet).RULESET;
    for (const row of this.element.querySelectorAll<HTMLElement>("[data-drag-attribute]")) {
      row.addEventListener("dragstart", (event) => {
        const { dragAttribute: key = "", dragSub: sub, dragKind: kind, dragLabel: label } = row.dataset;
        event.dataTransfer?.setData("text/plain", JSON.stringify({ type: ATTRIBUTE_DRAG_TYPE, ruleset, key, sub, kind, label: label ?? key }));
      });
    }
    const el = this.element;
    el.classList.toggle("limited", this.limitedView);
    // Number inputs take their limits from the data model (the actor's, or an inline item's).
    applyNumberLimits(el, (input) => {
      const itemField = input.dataset.itemField;
      if (itemField) {
        const itemId = input.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
        return { doc: itemId ? this.document.items.get(itemId) : null, path: itemField };
      }
      return input.name ? { doc: this.document, path: input.name } : null;
    });
    // Item rows can be dragged out (to another sheet, the hotbar, the sidebar) as Foundry drag data.
    for (const row of el.querySelectorAll<HTMLElement>('[data-item-id][draggable="true"]')) {
      row.addEventListener("dragstart", (event) => {
        const item = this.document.items.get(row.dataset.itemId ?? "");
        if (!item || !event.dataTransfer) return;
        event.dataTransfer.setData("text/plain", JSON.stringify(item.toDragData()));
      });
    }
    // Inline item fields: <input data-item-id="…" data-item-field="system.base">.
    for (const input of el.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-item-field]")) {
      input.addEventListener("change", (event) => {
        event.stopPropagation();
        void this.#updateItemField(input);
      });
    }
  }

  /** Update one field of an embedded item from an inline input, refusing bad values clearly. */
  async #updateItemField(input: HTMLInputElement | HTMLSelectElement): Promise<void> {
    const itemId = input.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const field = input.dataset.itemField;
    const item = itemId ? this.document.items.get(itemId) : undefined;
    if (!item || !field) return;
    const read = readInputValue(input, input.dataset.label ?? field);
    if (!read.ok) {
      void this.render();
      return;
    }
    await this.safeUpdate(item, { [field]: read.value });
  }

  /**
   * Update a document; an invalid change is reported and nothing is written (the form is
   * re-rendered with the stored values).
   */
  async safeUpdate(doc: { update(changes: Record<string, unknown>): Promise<unknown> }, changes: Record<string, unknown>): Promise<boolean> {
    try {
      await doc.update(changes);
      return true;
    } catch (err) {
      reportInvalidChange(err);
      void this.render();
      return false;
    }
  }

  /** The form is checked before Foundry reads it, and a refused change is reported once (helpers.ts). */
  protected override async _onSubmitForm(...args: Parameters<ASV2["_onSubmitForm"]>): Promise<void> {
    await submitChecked(this, ...args, (formConfig, event) => super._onSubmitForm(formConfig, event));
  }

  protected override async _processSubmitData(...args: Parameters<ASV2["_processSubmitData"]>): Promise<void> {
    await guardedSubmit(args[1], () => super._processSubmitData(...args), () => void this.render());
  }

  /** Keep the tab buttons' aria-selected in step with the visible tab. */
  override changeTab(...args: Parameters<ASV2["changeTab"]>): void {
    super.changeTab(...args);
    const [tab, group] = args;
    for (const button of this.element?.querySelectorAll<HTMLElement>(`nav [data-action="tab"][data-group="${group}"]`) ?? []) {
      button.setAttribute("aria-selected", String(button.dataset.tab === tab));
    }
  }

  static async #onToggleMode(this: BreadboxActorSheet): Promise<void> {
    if (!this.isEditable) return;
    this.editMode = !this.editMode;
    await this.render();
  }


  static async #onItemCreate(this: BreadboxActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const type = target.dataset.type;
    if (!type || !this.isEditable) return;
    const actor = this.document;
    // The button names the kind in the game's words ("skill"); the type label is the fallback.
    const name = format("BREADBOX.Item.NewName", { type: target.dataset.noun || localize(`TYPES.Item.${type}`) });
    if (!isItemSubType(type)) return;
    const created = await actor.createEmbeddedDocuments("Item", [{ name, type }]);
    await created?.[0]?.sheet?.render(true);
  }

  static async #onItemEdit(this: BreadboxActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    await item?.sheet?.render(true);
  }

  static async #onItemDelete(this: BreadboxActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    if (!item) return;
    const ok = await foundry.applications.api.DialogV2.confirm({
      window: { title: localize("BREADBOX.Item.DeleteTitle") },
      content: linesHtml({ text: format("BREADBOX.Item.DeleteConfirm", { name: item.name ?? "" }) }),
    });
    if (ok) await item.delete();
  }
}

/**
 * The sheet a click action runs on (its `this`, which Foundry binds to the sheet) as the ruleset's
 * sheet class, or null: how a ruleset's action, written outside its class, reaches its sheet.
 */
export function sheetAs<S>(sheet: unknown, cls: abstract new (...args: never[]) => S): S | null {
  return sheet instanceof cls ? sheet : null;
}

type SheetDefaults = foundry.applications.api.DocumentSheetV2.DefaultOptions;

/**
 * What a ruleset's character sheet declares (`rulesetActorSheet`): from its basics (register.ts) its
 * id (its actor type, templates' folder, CSS class and macros' ruleset), lang prefix and tabs
 * (`actorSheetLayout`); then its own actions and context.
 */
export interface RulesetActorSheetSpec extends Pick<RulesetBasics, "id" | "langPrefix" | "actorTabs"> {
  /** The sheet's own click actions, added to the base's. */
  actions?: NonNullable<SheetDefaults["actions"]>;
  /** Its window's size where it is not the base's. */
  position?: SheetDefaults["position"];
  /** The ruleset's own context (`BreadboxActorSheet.sheetData`). */
  sheetData: (actor: Actor.Implementation) => Promise<object>;
}

/**
 * The base a ruleset's character sheet extends (`class XActorSheet extends rulesetActorSheet({…})`):
 * BreadboxActorSheet with the ruleset's class, actions, layout (`actorSheetLayout`), ruleset and
 * context, declared once here for all five rulesets.
 */
export function rulesetActorSheet(spec: RulesetActorSheetSpec) {
  const layout = actorSheetLayout(spec.id, spec.langPrefix, spec.actorTabs);
  return class extends BreadboxActorSheet {
    static override DEFAULT_OPTIONS: SheetDefaults = {
      ...BreadboxActorSheet.DEFAULT_OPTIONS,
      classes: [spec.id],
      ...(spec.position ? { position: spec.position } : {}),
      actions: { ...BreadboxActorSheet.DEFAULT_OPTIONS.actions, ...spec.actions },
    };

    static override PARTS = layout.parts;
    static override SHEET_TABS = layout.tabs;
    static override RULESET = spec.id;
    static override sheetData = spec.sheetData;
  };
}
