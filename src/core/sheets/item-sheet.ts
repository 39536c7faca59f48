/**
 * Base item sheet for every ruleset: the shared header (name, image, generated summary line,
 * play/edit toggle), the ruleset's details part with a section per item type, play/edit mode
 * like the actor sheet, and the checked form submit. A ruleset's item sheet declares its parts
 * (`itemSheetParts(id)`), its summary line and its context additions (`itemContext`), and nothing
 * else it does not need.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { templatePath } from "../ids";
import { LINK_SELECT } from "./links";
import { ITEM_HEADER_TEMPLATE, itemDetailsTemplate } from "./layout";
import { showAsText } from "./read-view";
import { applyNumberLimits, documentSheetDefaults, focusKey, guardedSubmit, markOtherRuleset, otherRulesetOf, sheetRendered, submitChecked } from "./helpers";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ItemSheetV2 } = foundry.applications.sheets;

export interface BaseItemContext {
  item: Item.Implementation;
  system: unknown;
  source: unknown;
  editable: boolean;
  editMode: boolean;
  summary: string;
  descriptionHTML: string;
  /** `isSkill`, `isWeapon`…: true for the item's own kind (its sub-type without the ruleset prefix). */
  [kind: `is${string}`]: boolean;
}


/** An item sheet's parts: the shared header and the ruleset's details (templates/<ruleset>/item/details.hbs). */
export function itemSheetParts(ruleset: string) {
  return {
    header: { template: templatePath(ITEM_HEADER_TEMPLATE) },
    details: { template: itemDetailsTemplate(ruleset), scrollable: [""], templates: [LINK_SELECT] },
  };
}

/**
 * The kind flag of an item sub-type for its sheet's templates: "toasterSkill" with the prefix
 * "toaster" is `isSkill`. Null when the type does not start with the prefix.
 */
export function itemKindFlag(type: string, prefix: string): `is${string}` | null {
  if (!prefix || !type.startsWith(prefix) || type.length === prefix.length) return null;
  const kind = type.slice(prefix.length);
  return `is${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
}

type ISV2 = InstanceType<typeof ItemSheetV2>;
type BaseRC = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;
type BaseConfig = foundry.applications.api.DocumentSheetV2.Configuration<Item.Implementation>;
type BaseOptions = foundry.applications.api.DocumentSheetV2.RenderOptions;

export class BreadboxItemSheet<
  RenderContext extends BaseRC & BaseItemContext = BaseRC & BaseItemContext,
  Configuration extends BaseConfig = BaseConfig,
  RenderOptions extends BaseOptions = BaseOptions,
> extends HandlebarsApplicationMixin(ItemSheetV2)<RenderContext, Configuration, RenderOptions> {
  /** Declared as Foundry's DefaultOptions, so a ruleset's item sheet can add its own (see BreadboxActorSheet). */
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = documentSheetDefaults("item", 520, 560, { toggleMode: BreadboxItemSheet.#onToggleMode });

  /** The ruleset's id; its item sub-types are named `<id><Kind>` ("toasterSkill"), which names the kind flag. */
  static RULESET = "";

  /**
   * A document of another ruleset than the world's opens read-only (issue 23): nothing in it is
   * changed or lost, and the banner says why (markOtherRuleset).
   */
  override get isEditable(): boolean {
    return super.isEditable && otherRulesetOf(this.document.type) === null;
  }

  editMode = false;

  /** Where keyboard focus was before the current re-render (see restoreFocus). */
  protected pendingFocus: string | null = null;

  protected override async _preRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._preRender(context, options);
    if (this.element) this.pendingFocus = focusKey(this.element);
  }

  /** A one-line summary generated from the item's data; subclasses override. */
  protected summarize(_item: Item.Implementation): string {
    return "";
  }

  /** What the ruleset's details template needs besides the base context (choice lists, guidelines…). */
  protected itemContext(_item: Item.Implementation): Record<string, unknown> {
    return {};
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const context = await super._prepareContext(options);
    const item = this.document;
    const model: unknown = item.system;
    const description = model && typeof model === "object" && "description" in model && typeof model.description === "string" ? model.description : "";
    const TextEditor = foundry.applications.ux.TextEditor.implementation;
    const descriptionHTML = await TextEditor.enrichHTML(description, { secrets: item.isOwner });
    const kindFlag = itemKindFlag(item.type, (this.constructor as typeof BreadboxItemSheet).RULESET);
    return {
      ...context,
      ...(kindFlag ? { [kindFlag]: true } : {}),
      item,
      system: item.system,
      source: item.toObject().system,
      editable: this.isEditable,
      editMode: this.editMode && this.isEditable,
      summary: this.summarize(item),
      ours: item.getFlag("breadbox", "ours") === true,
      descriptionHTML,
      ...this.itemContext(item),
    } as RenderContext;
  }

  protected override async _onRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onRender(context, options);
    sheetRendered(this.element, this.pendingFocus, this.editMode && this.isEditable);
    this.pendingFocus = null;
    markOtherRuleset(this.element, this.document.type);
    // Play mode (or a view-only sheet) reads as text: values, not disabled controls; empty fields hidden.
    if (!(this.editMode && this.isEditable)) showAsText(this.element.querySelector<HTMLElement>(".bb-item-details"));
    applyNumberLimits(this.element, (input) => (input.name ? { doc: this.document, path: input.name } : null));
  }

  /** The form is checked before Foundry reads it, and a refused change is reported once (helpers.ts). */
  protected override async _onSubmitForm(...args: Parameters<ISV2["_onSubmitForm"]>): Promise<void> {
    await submitChecked(this, ...args, (formConfig, event) => super._onSubmitForm(formConfig, event));
  }

  protected override async _processSubmitData(...args: Parameters<ISV2["_processSubmitData"]>): Promise<void> {
    await guardedSubmit(args[1], () => super._processSubmitData(...args), () => void this.render());
  }

  static async #onToggleMode(this: BreadboxItemSheet): Promise<void> {
    if (!this.isEditable) return;
    this.editMode = !this.editMode;
    await this.render();
  }
}

/**
 * The base of a ruleset's item sheet: the ruleset's CSS class, parts (the shared header and
 * templates/<ruleset>/item/details.hbs), kind flags and summary line. The ruleset's sheet extends
 * it with its context additions (`itemContext`) and its own actions.
 */
export function rulesetItemSheet(ruleset: string, summary: (item: Item.Implementation) => string) {
  return class RulesetItemSheet extends BreadboxItemSheet {
    static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = { classes: [ruleset] };
    static override PARTS = itemSheetParts(ruleset);
    static override RULESET = ruleset;

    protected override summarize(item: Item.Implementation): string {
      return summary(item);
    }
  };
}
