/**
 * DocumentSheetV2 (foundry.applications.api), ActorSheetV2 and ItemSheetV2
 * (foundry.applications.sheets), DocumentSheetConfig (foundry.applications.apps).
 * https://foundryvtt.com/api/v13/classes/foundry.applications.api.DocumentSheetV2.html
 * https://foundryvtt.com/api/v13/classes/foundry.applications.sheets.ActorSheetV2.html
 */
import { Document, getDocumentClass, registerSheet, unregisterSheet, type SheetRegistrationOptions } from "../document";
import { Hooks } from "../hooks";
import { CONST, game } from "../state";
import { expandObject, mergeObject, type AnyObject } from "../utils";
import { ApplicationV2 } from "./application";
import type { FormDataExtended } from "./form-data";
import { TextEditor } from "./ux";

export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: AnyObject = {
    id: "{id}",
    classes: ["sheet"],
    tag: "form",
    document: null,
    viewPermission: CONST.DOCUMENT_OWNERSHIP_LEVELS.LIMITED,
    editPermission: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER,
    canCreate: false,
    sheetConfig: true,
    actions: {},
    form: { handler: DocumentSheetV2.#onSubmitDocumentForm, submitOnChange: true, closeOnSubmit: false },
    window: { controls: [] },
  };

  constructor(options: AnyObject = {}) {
    if (!(options.document instanceof Document)) throw new Error("DocumentSheetV2 requires a Document passed as options.document");
    super(options);
  }

  /** VERIFY: id format `${ClassName}-${uuid with dots replaced by dashes}`. */
  override _initializeApplicationOptions(options: AnyObject): AnyObject {
    const merged = super._initializeApplicationOptions(options);
    if (merged.id === "{id}") merged.id = `${this.constructor.name}-${(merged.document as Document).uuid.replace(/\./g, "-")}`;
    return merged;
  }

  get document(): any {
    return this.options.document;
  }
  override get title(): string {
    const doc = this.document as Document;
    const label = (doc.constructor as typeof Document).metadata.label ?? doc.documentName;
    return `${game.i18n ? game.i18n.localize(label) : label}: ${(doc as AnyObject).name}`;
  }
  get isVisible(): boolean {
    return this.document.testUserPermission(game.user, this.options.viewPermission);
  }
  get isEditable(): boolean {
    return this.document.testUserPermission(game.user, this.options.editPermission);
  }

  override _canRender(options: AnyObject): void {
    if (options.isFirstRender && !this.isVisible) throw new Error(`You do not have permission to view this ${this.document.documentName} sheet!`);
  }

  override async _prepareContext(options: AnyObject): Promise<AnyObject> {
    const context = await super._prepareContext(options);
    const doc = this.document;
    return Object.assign(context, { document: doc, source: doc._source, fields: doc.schema.fields, editable: this.isEditable, user: game.user, rootId: this.id });
  }

  override async _onFirstRender(context: AnyObject, options: AnyObject): Promise<void> {
    await super._onFirstRender(context, options);
    this.document.apps[this.id] = this;
  }

  override async _onRender(context: AnyObject, options: AnyObject): Promise<void> {
    await super._onRender(context, options);
    if (!this.isEditable) this._toggleDisabled(true);
  }

  /** VERIFY: every form control (inputs, selects, textareas and buttons) outside the header is disabled. */
  _toggleDisabled(disabled: boolean): void {
    for (const el of Array.from(this.element.querySelectorAll("input, select, textarea, button")) as HTMLInputElement[]) {
      if (el.closest(".window-header")) continue;
      el.disabled = disabled;
    }
  }

  override _onClose(options: AnyObject): void {
    super._onClose(options);
    delete this.document.apps[this.id];
  }

  static async #onSubmitDocumentForm(this: DocumentSheetV2, event: Event, form: HTMLFormElement, formData: FormDataExtended, options: AnyObject = {}): Promise<void> {
    if (!this.isEditable) return;
    const { updateData, ...updateOptions } = options;
    const submitData = this._prepareSubmitData(event, form, formData, updateData);
    await this._processSubmitData(event, form, submitData, updateOptions);
  }

  /** Expand the form data, merge updateData, and validate the changes (throws DataModelValidationError). */
  _prepareSubmitData(event: Event, form: HTMLFormElement, formData: FormDataExtended, updateData?: AnyObject): AnyObject {
    const submitData = this._processFormData(event, form, formData);
    if (updateData) mergeObject(submitData, updateData, { performDeletions: true }); // harness-internal merge
    this.document.validate({ changes: submitData, clean: true, fallback: false });
    return submitData;
  }

  _processFormData(_event: Event | null, _form: HTMLFormElement, formData: FormDataExtended): AnyObject {
    return expandObject(formData.object);
  }

  async _processSubmitData(_event: Event, _form: HTMLFormElement, submitData: AnyObject, options: AnyObject = {}): Promise<void> {
    await this.document.update(submitData, options);
  }
}

export class ActorSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: AnyObject = { position: { width: 600 }, window: { controls: [] } };
  get actor(): any {
    return this.document;
  }
  get token(): null {
    return null;
  }

  override _attachFrameListeners(): void {
    super._attachFrameListeners();
    this.element.addEventListener("dragover", (e) => e.preventDefault());
    this.element.addEventListener("drop", (e) => void this._onDrop(e as DragEvent));
  }

  /**
   * VERIFY (v13 ActorSheetV2 drag/drop): read the drag data, call the dropActorSheetData hook
   * (false cancels), resolve the document and dispatch to _onDropDocument.
   */
  async _onDrop(event: DragEvent): Promise<unknown> {
    const data = TextEditor.getDragEventData(event);
    const actor = this.actor;
    if (Hooks.call("dropActorSheetData", actor, this, data) === false) return;
    let cls: typeof Document | undefined;
    try {
      cls = getDocumentClass(data.type);
    } catch {
      return;
    }
    const doc = await cls.fromDropData(data);
    if (!doc) return;
    return this._onDropDocument(event, doc);
  }

  async _onDropDocument(event: DragEvent, document: Document): Promise<unknown> {
    switch (document.documentName) {
      case "Item":
        return this._onDropItem(event, document);
      case "ActiveEffect":
        return this._onDropActiveEffect(event, document);
      case "Actor":
        return this._onDropActor(event, document);
      default:
        return undefined;
    }
  }

  /** Create a copy of the dropped item on this actor (sorting when it already belongs here). */
  async _onDropItem(event: DragEvent, item: Document): Promise<unknown> {
    if (!this.actor.isOwner) return null;
    if (item.parent === this.actor) return this._onSortItem(event, item);
    const keepId = !this.actor.items.has(item.id);
    const created = await getDocumentClass("Item").create(item.toObject(), { parent: this.actor, keepId });
    return created ?? null;
  }
  async _onDropActiveEffect(_event: DragEvent, effect: Document): Promise<unknown> {
    if (!this.actor.isOwner) return null;
    if (effect.parent === this.actor) return null;
    return getDocumentClass("ActiveEffect").create(effect.toObject(), { parent: this.actor });
  }
  async _onDropActor(_event: DragEvent, _actor: Document): Promise<unknown> {
    return null;
  }
  async _onSortItem(_event: DragEvent, _item: Document): Promise<unknown> {
    return null;
  }
}

export class ItemSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: AnyObject = { position: { width: 480 } };
  get item(): any {
    return this.document;
  }
  get actor(): any {
    return this.document.actor;
  }
}

export class DocumentSheetConfig {
  static registerSheet(documentClass: { documentName: string }, scope: string, sheetClass: Function, options: SheetRegistrationOptions = {}): void {
    registerSheet(documentClass, scope, sheetClass, options);
  }
  static unregisterSheet(documentClass: { documentName: string }, scope: string, sheetClass: Function, options: { types?: string[] } = {}): void {
    unregisterSheet(documentClass, scope, sheetClass, options);
  }
}
