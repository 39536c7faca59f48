/**
 * Base item sheet for every ruleset: a header with name and image, a details part per item
 * type, a generated summary line, and play/edit mode like the actor sheet.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { activateRoleButtons, applyNumberLimits, focusKey, formReady, guardedSubmit, reportingHandler, restoreFocus } from "./helpers";

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
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    classes: ["breadbox", "sheet", "item"],
    position: { width: 520, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true, closeOnSubmit: false },
    actions: {
      toggleMode: BreadboxItemSheet.#onToggleMode,
    },
  };

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

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const context = await super._prepareContext(options);
    const item = this.document;
    const model: unknown = item.system;
    const description = model && typeof model === "object" && "description" in model && typeof model.description === "string" ? model.description : "";
    const TextEditor = foundry.applications.ux.TextEditor.implementation;
    const descriptionHTML = await TextEditor.enrichHTML(description, { secrets: item.isOwner });
    return {
      ...context,
      item,
      system: item.system,
      source: item.toObject().system,
      editable: this.isEditable,
      editMode: this.editMode && this.isEditable,
      summary: this.summarize(item),
      descriptionHTML,
    } as RenderContext;
  }

  protected override async _onRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onRender(context, options);
    restoreFocus(this.element, this.pendingFocus);
    this.pendingFocus = null;
    activateRoleButtons(this.element);
    const edit = this.editMode && this.isEditable;
    this.element.classList.toggle("edit-mode", edit);
    this.element.classList.toggle("play-mode", !edit);
    applyNumberLimits(this.element, (input) => (input.name ? { doc: this.document, path: input.name } : null));
  }

  /** The form is checked before Foundry reads it, and a refused change is reported once (helpers.ts). */
  protected override async _onSubmitForm(...args: Parameters<ISV2["_onSubmitForm"]>): Promise<void> {
    if (!formReady(this)) return;
    const [formConfig, event] = args;
    const handler = formConfig.handler;
    if (!handler) return super._onSubmitForm(formConfig, event);
    await super._onSubmitForm({ ...formConfig, handler: reportingHandler(this, handler) }, event);
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
