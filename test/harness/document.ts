/**
 * foundry.abstract.Document + the client document behaviour the system relies on
 * (https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html,
 *  https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html and ClientDocumentMixin).
 *
 * The harness is a single "world" in memory: create/update/delete run their pre-hooks, apply the
 * change, then run the post-hooks in one process, as the initiating client and the server would.
 */
import { ForcedDeletion, hasDataOperators, normalizeUpdateOperators } from "./deprecation";
import { DataModel, TypeDataModel, baseDataPrepared, type DataModelConstructionOptions } from "./data-model";
import { harnessGeneration } from "./profile";
import { DataField, StringField, type CleanOptions, type DataFieldOptions, type ValidateOptions } from "./fields";
import { Hooks } from "./hooks";
import { CONFIG, game, OWNERSHIP, runAsClient } from "./state";
import { DataModelValidationFailure } from "./validation";
import { Collection, deepClone, expandObject, getProperty, isEmpty, isPlainObject, randomID, type AnyObject } from "./utils";

export interface DocumentMetadata {
  name: string;
  collection: string;
  label?: string;
  embedded: Record<string, string>;
  hasTypeData?: boolean;
  [k: string]: unknown;
}

export type DocumentClass = typeof Document;

/** The configured class for a document name (CONFIG[name].documentClass). */
export function getDocumentClass(name: string): DocumentClass {
  const cls = CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`No document class is configured for "${name}"`);
  return cls;
}

/** The valid sub-types of a document: game.system.documentTypes[name] if set, else the dataModels keys. */
export function documentTypes(name: string): string[] | undefined {
  const declared = game.system?.documentTypes?.[name];
  if (declared) return ["base", ...Object.keys(declared)];
  const models = CONFIG[name]?.dataModels;
  if (models && Object.keys(models).length) return ["base", ...Object.keys(models)];
  return undefined;
}

/** The `type` field: VERIFY — an unknown sub-type fails validation when types are declared. */
export class DocumentTypeField extends StringField {
  documentName: string;
  constructor(documentName: string, options: DataFieldOptions = {}) {
    super({ required: true, blank: false, initial: "base", ...options });
    this.documentName = documentName;
  }
  protected override _validateType(value: unknown): boolean {
    super._validateType(value);
    const types = documentTypes(this.documentName);
    if (types && !types.includes(value as string)) throw new Error(`"${value}" is not a valid type for the ${this.documentName} Document class`);
    return true;
  }
}

/** The `system` field: an instance of CONFIG[documentName].dataModels[type], or a plain object. */
export class TypeDataField extends DataField {
  documentName: string;
  constructor(documentName: string, options: DataFieldOptions = {}) {
    super({ required: true, nullable: false, initial: () => ({}), ...options });
    this.documentName = documentName;
  }
  getModelForType(type: string | undefined): typeof TypeDataModel | undefined {
    if (!type) return undefined;
    return CONFIG[this.documentName]?.dataModels?.[type];
  }
  override getInitialValue(data?: AnyObject): unknown {
    const cls = this.getModelForType(data?.type);
    if (cls) return cls.schema.getInitialValue({});
    return {};
  }
  override clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === undefined || value === null) {
      if (options.partial) return value;
      return this.getInitialValue(options.source);
    }
    if (!isPlainObject(value)) return value;
    const cls = this.getModelForType(options.source?.type);
    if (!cls) return value;
    if (!options.partial) value = cls.migrateDataSafe(value);
    return cls.schema.clean(value, { partial: options.partial });
  }
  override validate(value: unknown, options: ValidateOptions = {}): DataModelValidationFailure | void {
    if (!isPlainObject(value)) return new DataModelValidationFailure({ invalidValue: value, message: "must be an object" });
    const cls = this.getModelForType(options.source?.type);
    if (!cls) return;
    const f = cls.schema.validate(value, { ...options, source: value });
    if (f) return f;
    if (!options.partial) {
      try {
        cls.validateJoint(value);
      } catch (err) {
        return new DataModelValidationFailure({ invalidValue: value, message: (err as Error).message });
      }
    }
  }
  override initialize(value: unknown, model?: unknown): unknown {
    const doc = model as Document;
    const cls = this.getModelForType(doc?._source?.type);
    if (!cls || !isPlainObject(value)) return value;
    return new cls(value, { parent: doc, strict: false, _harnessShareSource: true });
  }
  override toObject(value: unknown): unknown {
    if (value instanceof DataModel) return value.toObject(false);
    return deepClone(value);
  }
}

/** A collection of embedded documents (actor.items, combat.combatants). */
export class EmbeddedCollection<D extends Document = Document> extends Collection<D> {
  parent: Document;
  name: string;
  documentName: string;
  constructor(name: string, parent: Document, documentName: string) {
    super();
    this.name = name;
    this.parent = parent;
    this.documentName = documentName;
  }
  get documentClass(): DocumentClass {
    return getDocumentClass(this.documentName);
  }
}

/** Stores an array of embedded sources; initialises to an EmbeddedCollection kept in sync by id. */
export class EmbeddedCollectionField extends DataField {
  documentName: string;
  constructor(documentName: string, options: DataFieldOptions = {}) {
    super({ required: true, nullable: false, initial: () => [], ...options });
    this.documentName = documentName;
  }
  override clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === undefined || value === null) return options.partial ? value : [];
    if (!Array.isArray(value)) return value;
    const cls = getDocumentClass(this.documentName);
    return value.map((v) => (isPlainObject(v) ? cls.cleanData(v, { partial: false }) : v));
  }
  override validate(value: unknown, options: ValidateOptions = {}): DataModelValidationFailure | void {
    if (!Array.isArray(value)) return new DataModelValidationFailure({ invalidValue: value, message: "must be an array" });
    const cls = getDocumentClass(this.documentName);
    const failure = new DataModelValidationFailure({ invalidValue: value });
    value.forEach((v, i) => {
      const f = cls.schema.validate(v, { ...options, partial: false, source: v });
      if (f) failure.elements.push({ id: v?._id ?? i, name: v?.name, failure: f });
    });
    return failure.isEmpty ? undefined : failure;
  }
  override initialize(value: unknown, model?: unknown): unknown {
    const parent = model as Document;
    const name = this.name!;
    let coll = (parent as AnyObject)[name] as EmbeddedCollection | undefined;
    if (!(coll instanceof EmbeddedCollection)) coll = new EmbeddedCollection(name, parent, this.documentName);
    if (!Array.isArray(value)) return coll;
    const cls = getDocumentClass(this.documentName);
    const seen = new Set<string>();
    for (const src of value as AnyObject[]) {
      if (!src._id) continue;
      seen.add(src._id);
      const existing = coll.get(src._id);
      if (existing && existing._source === src) continue;
      coll.set(src._id, new cls(src, { parent, strict: false, _harnessShareSource: true }) as never);
    }
    for (const id of [...coll.keys()]) if (!seen.has(id)) coll.delete(id);
    return coll;
  }
  override toObject(value: unknown): unknown {
    if (value instanceof EmbeddedCollection) return value.map((d) => d.toObject());
    return deepClone(value);
  }
}

/** A world-level collection (game.actors, game.items...). */
export class WorldCollection<D extends Document = Document> extends Collection<D> {
  static documentName = "";
  get documentName(): string {
    return (this.constructor as typeof WorldCollection).documentName;
  }
  get documentClass(): DocumentClass {
    return getDocumentClass(this.documentName);
  }
  static get instance(): WorldCollection {
    const cls = getDocumentClass(this.documentName);
    return game[cls.metadata.collection];
  }
  /** Register a sheet class for this document type (documented static helper). */
  static registerSheet(scope: string, sheetClass: Function, options: SheetRegistrationOptions = {}): void {
    registerSheet(getDocumentClass(this.documentName), scope, sheetClass, options);
  }
  static unregisterSheet(scope: string, sheetClass: Function, options: { types?: string[] } = {}): void {
    unregisterSheet(getDocumentClass(this.documentName), scope, sheetClass, options);
  }
}

export interface SheetRegistrationOptions {
  types?: string[];
  makeDefault?: boolean;
  label?: string | (() => string);
  canBeDefault?: boolean;
  canConfigure?: boolean;
}

interface SheetRegistration {
  id: string;
  cls: Function;
  default: boolean;
  label: string;
  canBeDefault: boolean;
  canConfigure: boolean;
}

/** Registered sheets, stored like Foundry in CONFIG[documentName].sheetClasses[type][id]. */
export function registerSheet(documentClass: { documentName: string }, scope: string, sheetClass: Function, { types, makeDefault = false, label, canBeDefault = true, canConfigure = true }: SheetRegistrationOptions = {}): void {
  const name = documentClass.documentName;
  const cfg = (CONFIG[name] ??= {});
  cfg.sheetClasses ??= {};
  const allTypes = types ?? documentTypes(name) ?? ["base"];
  const id = `${scope}.${sheetClass.name}`;
  for (const type of allTypes) {
    const byType = (cfg.sheetClasses[type] ??= {});
    if (makeDefault) for (const r of Object.values(byType) as SheetRegistration[]) r.default = false;
    byType[id] = { id, cls: sheetClass, default: makeDefault, label: typeof label === "function" ? label() : (label ?? sheetClass.name), canBeDefault, canConfigure };
  }
}

export function unregisterSheet(documentClass: { documentName: string }, scope: string, sheetClass: Function, { types }: { types?: string[] } = {}): void {
  const cfg = CONFIG[documentClass.documentName];
  if (!cfg?.sheetClasses) return;
  const id = `${scope}.${sheetClass.name}`;
  for (const [type, byType] of Object.entries(cfg.sheetClasses as Record<string, AnyObject>)) {
    if (types && !types.includes(type)) continue;
    delete byType[id];
  }
}

function sheetClassFor(doc: Document): Function | null {
  const byType: Record<string, SheetRegistration> | undefined = CONFIG[doc.documentName]?.sheetClasses?.[doc._source.type ?? "base"];
  if (!byType) return null;
  const regs = Object.values(byType);
  const flagged = doc.getFlag?.("core", "sheetClass") as string | undefined;
  return (flagged && byType[flagged]?.cls) || regs.find((r) => r.default)?.cls || regs[0]?.cls || null;
}

/**
 * A document's create/update/delete hook runs on every connected client (Foundry broadcasts the
 * change; each client fires `create<Doc>` etc. with the id of the user who made it). The harness
 * runs in one process: the hook is called first as the originating client, then once for every
 * other active user with `game.user` switched to that user — so code that acts "on the GM's
 * client" (e.g. a hook that only the active GM handles) runs as it would at a real table.
 */
let broadcastToOtherClients = false;
/**
 * Turn the per-client re-firing on or off (off by default: the browser test bed renders its chat
 * log from these hooks as one client). Adapter tests of multi-client flows turn it on.
 */
export function setHookBroadcast(on: boolean): void {
  broadcastToOtherClients = on;
}

export function broadcastDocumentHook(hook: string, ...args: unknown[]): void {
  Hooks.callAll(hook, ...args);
  if (!broadcastToOtherClients) return;
  const origin = game.user;
  const others = (game.users?.filter((u: AnyObject) => u.active && u !== origin) ?? []) as AnyObject[];
  for (const other of others) {
    if (runAsClient(other, () => Hooks.callAll(hook, ...args))) continue;
    game.user = other;
    game.userId = other.id;
    try {
      Hooks.callAll(hook, ...args);
    } finally {
      game.user = origin;
      game.userId = origin?.id;
    }
  }
}

function userLevelName(level: string | number): number {
  if (typeof level === "number") return level;
  const v = (OWNERSHIP as AnyObject)[level];
  if (v === undefined) throw new Error(`Invalid ownership level "${level}"`);
  return v;
}

export interface DocumentOperation {
  parent?: Document | null;
  keepId?: boolean;
  render?: boolean;
  renderSheet?: boolean;
  diff?: boolean;
  recursive?: boolean;
  [k: string]: unknown;
}

/** Promises of sheet re-renders triggered by document changes (awaited before a change resolves). */
async function renderApps(doc: Document): Promise<void> {
  const apps = Object.values(doc.apps);
  for (const app of apps) {
    if ((app as AnyObject).rendered) await (app as AnyObject).render(false);
  }
}

export class Document extends DataModel {
  static metadata: DocumentMetadata = Object.freeze({ name: "Document", collection: "", embedded: {} });

  /** Applications (sheets) that render this document, keyed by app id. */
  declare apps: Record<string, unknown>;
  declare _sheet: unknown;

  constructor(data: AnyObject = {}, options: DataModelConstructionOptions = {}) {
    super(data, options);
    Object.defineProperty(this, "_packId", { value: typeof options.pack === "string" ? options.pack : null, writable: false, enumerable: false });
    Object.defineProperty(this, "apps", { value: {}, writable: true, enumerable: false });
    Object.defineProperty(this, "_sheet", { value: null, writable: true, enumerable: false });
    // VERIFY: a client document constructed once the game is ready prepares its data right away
    // (so an unsaved or compendium document can be shown); embedded ones are prepared by the parent.
    if (game.ready && !(options.parent instanceof Document) && !options.deferPrepare) (this as AnyObject).prepareData?.();
  }

  static get documentName(): string {
    return this.metadata.name;
  }
  get documentName(): string {
    return (this.constructor as typeof Document).documentName;
  }
  static get collectionName(): string {
    return this.metadata.collection;
  }
  get collectionName(): string {
    return (this.constructor as typeof Document).collectionName;
  }
  /** The configured implementation class (CONFIG[documentName].documentClass). */
  static get implementation(): typeof Document {
    return CONFIG[this.documentName]?.documentClass ?? this;
  }
  static get TYPES(): string[] {
    return documentTypes(this.documentName) ?? ["base"];
  }
  static get hasTypeData(): boolean {
    return !!this.metadata.hasTypeData;
  }

  get id(): string | null {
    return this._source._id ?? null;
  }
  get isEmbedded(): boolean {
    return !!this.parent;
  }
  get uuid(): string {
    const own = `${this.documentName}.${this.id}`;
    if (this.parent instanceof Document) return `${this.parent.uuid}.${own}`;
    return this.pack ? `Compendium.${this.pack}.${own}` : own;
  }

  /** The compendium pack id ("<package>.<name>") a document was loaded from, or null. */
  get pack(): string | null {
    if (this.parent instanceof Document) return this.parent.pack;
    return ((this as unknown as { _packId?: string })._packId as string | undefined) ?? null;
  }
  /** The collection this document belongs to (world collection or parent's embedded collection). */
  get collection(): Collection<Document> | undefined {
    if (this.parent instanceof Document) {
      const p = this.parent.constructor as typeof Document;
      const field = p.metadata.embedded[this.documentName];
      return field ? (this.parent as AnyObject)[field] : undefined;
    }
    return game[this.collectionName];
  }
  get inCompendium(): boolean {
    return false;
  }

  protected override _initialize(options: AnyObject = {}): void {
    super._initialize(options);
  }

  /** Client documents reset to source then prepare data. */
  override reset(): void {
    this._initialize();
    this.prepareData();
  }

  // ---------------------------------------------------------------- data preparation

  /**
   * prepareData cycle (documented for client documents): the system model's prepareBaseData,
   * then the document's prepareBaseData, prepareEmbeddedDocuments, the system model's
   * prepareDerivedData, then the document's prepareDerivedData.
   */
  prepareData(): void {
    const sys = (this as AnyObject).system;
    const isTypeData = sys instanceof TypeDataModel;
    if (isTypeData) {
      baseDataPrepared.delete(sys);
      sys.prepareBaseData();
      // VERIFY (v14): a model whose prepareBaseData does not call super fails loudly here.
      if (harnessGeneration() === "14" && !baseDataPrepared.has(sys)) {
        throw new Error(`${sys.constructor.name}#prepareBaseData must call super.prepareBaseData() (Foundry v14)`);
      }
    }
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    if (isTypeData) sys.prepareDerivedData();
    this.prepareDerivedData();
  }
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  prepareEmbeddedDocuments(): void {
    for (const field of Object.values((this.constructor as typeof Document).metadata.embedded)) {
      const coll = (this as AnyObject)[field] as EmbeddedCollection | undefined;
      if (coll) for (const d of coll) d.prepareData();
    }
  }

  // ---------------------------------------------------------------- permissions

  getUserLevel(user: AnyObject | null = game.user): number {
    if (!user) return OWNERSHIP.NONE;
    if (user.isGM) return OWNERSHIP.OWNER;
    if (this.parent instanceof Document) return this.parent.getUserLevel(user);
    const ownership: AnyObject = (this as AnyObject).ownership ?? this._source.ownership ?? {};
    let level = ownership[user.id];
    if (level === undefined || level === OWNERSHIP.INHERIT) level = ownership.default;
    if (level === undefined || level === OWNERSHIP.INHERIT) level = OWNERSHIP.NONE;
    return level;
  }

  testUserPermission(user: AnyObject | null, permission: string | number, { exact = false }: { exact?: boolean } = {}): boolean {
    const level = this.getUserLevel(user);
    const target = userLevelName(permission);
    return exact ? level === target : level >= target;
  }

  get permission(): number {
    return this.getUserLevel(game.user);
  }
  get isOwner(): boolean {
    return this.testUserPermission(game.user, "OWNER");
  }
  get limited(): boolean {
    return this.testUserPermission(game.user, "LIMITED", { exact: true });
  }
  get visible(): boolean {
    return this.testUserPermission(game.user, "LIMITED");
  }
  get hasPlayerOwner(): boolean {
    return !!game.users?.some((u: AnyObject) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }

  /**
   * VERIFY: creation of world documents other than chat messages requires a GM (Foundry's default
   * ACTOR_CREATE/ITEM_CREATE permissions are not granted to players); embedded creation requires
   * ownership of the parent. Update and delete require OWNER.
   */
  static canUserCreate(user: AnyObject): boolean {
    return !!user?.isGM;
  }

  canUserModify(user: AnyObject, action: "create" | "update" | "delete", _data?: AnyObject): boolean {
    if (!user) return false;
    if (action === "create") {
      if (this.parent instanceof Document) return this.parent.testUserPermission(user, "OWNER");
      return (this.constructor as typeof Document).canUserCreate(user);
    }
    return this.testUserPermission(user, "OWNER");
  }

  // ---------------------------------------------------------------- flags

  static _validFlagScope(scope: string): boolean {
    const valid = new Set(["core", "world", game.system?.id, ...((game.harnessFlagScopes as string[]) ?? [])]);
    for (const m of (game.modules as Map<string, AnyObject> | undefined)?.values?.() ?? []) if (m.active) valid.add(m.id);
    return valid.has(scope);
  }

  getFlag(scope: string, key: string): unknown {
    if (!Document._validFlagScope(scope)) throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
    const flags = (this as AnyObject).flags ?? this._source.flags;
    if (!flags?.[scope]) return undefined;
    return getProperty(flags[scope], key);
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    if (!Document._validFlagScope(scope)) throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  async unsetFlag(scope: string, key: string): Promise<this | undefined> {
    if (!Document._validFlagScope(scope)) throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
    const parts = key.split(".");
    const last = parts.pop();
    // v14 deletes with the ForcedDeletion operator (the "-=" key is deprecated there, foundryvtt#13090).
    if (hasDataOperators()) return this.update({ [[`flags`, scope, ...parts, last].join(".")]: ForcedDeletion.create() });
    const path = [`flags`, scope, ...parts, `-=${last}`].join(".");
    return this.update({ [path]: null });
  }

  // ---------------------------------------------------------------- sheet

  get sheet(): AnyObject | null {
    if (!this._sheet) {
      const cls = sheetClassFor(this) as (new (o: AnyObject) => unknown) | null;
      if (!cls) return null;
      this._sheet = new cls({ document: this });
    }
    return this._sheet as AnyObject;
  }

  render(force = false, options: AnyObject = {}): void {
    for (const app of Object.values(this.apps)) (app as AnyObject).render({ force, ...options });
  }

  // ---------------------------------------------------------------- lifecycle hooks (override)

  async _preCreate(data: AnyObject, options: DocumentOperation, user: AnyObject): Promise<boolean | void> {
    const sys = (this as AnyObject).system;
    if (sys instanceof TypeDataModel) return sys._preCreate(data, options, user);
  }
  _onCreate(data: AnyObject, options: DocumentOperation, userId: string): void {
    const sys = (this as AnyObject).system;
    if (sys instanceof TypeDataModel) sys._onCreate(data, options, userId);
  }
  async _preUpdate(changes: AnyObject, options: DocumentOperation, user: AnyObject): Promise<boolean | void> {
    const sys = (this as AnyObject).system;
    if (sys instanceof TypeDataModel) return sys._preUpdate(changes, options, user);
  }
  _onUpdate(changed: AnyObject, options: DocumentOperation, userId: string): void {
    const sys = (this as AnyObject).system;
    if (sys instanceof TypeDataModel) sys._onUpdate(changed, options, userId);
  }
  async _preDelete(options: DocumentOperation, user: AnyObject): Promise<boolean | void> {
    const sys = (this as AnyObject).system;
    if (sys instanceof TypeDataModel) return sys._preDelete(options, user);
  }
  _onDelete(options: DocumentOperation, userId: string): void {
    const sys = (this as AnyObject).system;
    if (sys instanceof TypeDataModel) sys._onDelete(options, userId);
  }
  _onCreateDescendantDocuments(_parent: Document, _collection: string, _documents: Document[], _data: AnyObject[], _options: DocumentOperation, _userId: string): void {}
  _onUpdateDescendantDocuments(_parent: Document, _collection: string, _documents: Document[], _changes: AnyObject[], _options: DocumentOperation, _userId: string): void {}
  _onDeleteDescendantDocuments(_parent: Document, _collection: string, _documents: Document[], _ids: string[], _options: DocumentOperation, _userId: string): void {}

  // ---------------------------------------------------------------- CRUD

  /**
   * v13 creation dialog: `createDialog(data, createOptions, {types, ...dialogOptions})`. A prompt with
   * a name and a sub-type select limited to `types` when given; resolves the created document or null.
   * VERIFY: Foundry's dialog has more (folders, type descriptions); only name and type are mirrored.
   */
  static async createDialog(data: AnyObject = {}, createOptions: AnyObject = {}, { types, ...dialogOptions }: AnyObject = {}): Promise<any> {
    const all = this.TYPES.filter((t) => t !== "base" || this.TYPES.length === 1);
    const allowed: string[] = Array.isArray(types) ? all.filter((t) => types.includes(t)) : all;
    if (!allowed.length) throw new Error(`No document types are available to create a ${this.documentName}`);
    const i18n = (game as AnyObject).i18n;
    const label = (t: string) => i18n?.localize?.(CONFIG[this.documentName]?.typeLabels?.[t] ?? `TYPES.${this.documentName}.${t}`) ?? t;
    const options = allowed.map((t) => `<option value="${t}"${t === data.type ? " selected" : ""}>${label(t)}</option>`).join("");
    const content = `<div class="form-group"><label for="create-name">Name</label><input id="create-name" name="name" type="text" value="${data.name ?? ""}"></div><div class="form-group"><label for="create-type">Type</label><select id="create-type" name="type">${options}</select></div>`;
    const DialogV2 = (globalThis as AnyObject).foundry.applications.api.DialogV2;
    const result = await DialogV2.prompt({
      ...dialogOptions,
      content,
      rejectClose: false,
      ok: { callback: (_e: Event, button: HTMLButtonElement) => ({ name: (button.form!.elements.namedItem("name") as HTMLInputElement).value, type: (button.form!.elements.namedItem("type") as HTMLSelectElement).value }) },
    });
    if (!result) return null;
    return this.implementation.create({ ...data, name: result.name || data.name || this.documentName, type: result.type }, createOptions);
  }

  static async create(data: AnyObject | AnyObject[], operation: DocumentOperation = {}): Promise<any> {
    const created = await this.createDocuments(Array.isArray(data) ? data : [data], operation);
    return Array.isArray(data) ? created : created[0];
  }

  static async createDocuments(data: AnyObject[] = [], operation: DocumentOperation = {}): Promise<Document[]> {
    const cls = this.implementation;
    const parent = operation.parent ?? null;
    const user = game.user;
    const name = cls.documentName;
    const pending: { doc: Document; src: AnyObject }[] = [];
    for (const d of data) {
      const src = d instanceof Document ? d.toObject() : expandObject(deepClone(d));
      if (!operation.keepId) delete src._id;
      // Prepared below, once it is stored (as the created document is in Foundry).
      const doc = new cls(src, { parent, strict: true, deferPrepare: true });
      if (!doc.canUserModify(user, "create", src)) {
        throw new Error(`User ${user?.name} lacks permission to create ${name} in ${parent ? parent.uuid : "the world"}`);
      }
      const allowed = await doc._preCreate(src, operation, user);
      if (allowed === false) continue;
      if (Hooks.call(`preCreate${name}`, doc, src, operation, user?.id) === false) continue;
      if (!doc._source._id) doc._source._id = randomID();
      if (parent) {
        const field = (parent.constructor as typeof Document).metadata.embedded[name];
        if (!field) throw new Error(`${parent.documentName} does not embed ${name} documents`);
        if ((parent as AnyObject)[field].has(doc.id)) throw new Error(`${name} id [${doc.id}] already exists in ${parent.uuid}`);
        parent._source[field].push(doc._source);
        (parent as AnyObject)[field].set(doc.id, doc);
      } else {
        const coll = game[cls.collectionName] as Collection<Document>;
        if (coll.has(doc.id!)) throw new Error(`${name} id [${doc.id}] already exists`);
        coll.set(doc.id!, doc);
      }
      // Embedded documents created with their parent get ids too (Foundry assigns them on creation).
      for (const field of Object.values(cls.metadata.embedded)) {
        for (const child of (doc._source[field] as AnyObject[] | undefined) ?? []) if (!child._id) child._id = randomID();
      }
      doc._initialize();
      pending.push({ doc, src });
    }
    if (parent) parent.reset();
    else for (const { doc } of pending) doc.prepareData();
    for (const { doc, src } of pending) {
      doc._onCreate(src, operation, user?.id);
      broadcastDocumentHook(`create${name}`, doc, operation, user?.id);
    }
    if (parent && pending.length) {
      const field = (parent.constructor as typeof Document).metadata.embedded[name];
      parent._onCreateDescendantDocuments(parent, field, pending.map((p) => p.doc), pending.map((p) => p.src), operation, user?.id);
      await renderApps(parent);
    }
    if (operation.renderSheet) for (const { doc } of pending) await doc.sheet?.render({ force: true });
    return pending.map((p) => p.doc);
  }

  static async updateDocuments(updates: AnyObject[] = [], operation: DocumentOperation = {}): Promise<Document[]> {
    const parent = operation.parent ?? null;
    const coll: Collection<Document> = parent ? (parent as AnyObject)[(parent.constructor as typeof Document).metadata.embedded[this.documentName]] : game[this.collectionName];
    const out: Document[] = [];
    for (const u of updates) {
      const doc = coll.get(u._id);
      if (!doc) throw new Error(`${this.documentName} [${u._id}] does not exist`);
      const r = await doc.update(u, operation);
      if (r) out.push(r);
    }
    return out;
  }

  static async deleteDocuments(ids: string[] = [], operation: DocumentOperation = {}): Promise<Document[]> {
    const parent = operation.parent ?? null;
    const coll: Collection<Document> = parent ? (parent as AnyObject)[(parent.constructor as typeof Document).metadata.embedded[this.documentName]] : game[this.collectionName];
    const out: Document[] = [];
    for (const id of ids) {
      const doc = coll.get(id);
      if (!doc) throw new Error(`${this.documentName} [${id}] does not exist`);
      const r = await doc.delete(operation);
      if (r) out.push(r);
    }
    return out;
  }

  /**
   * Update: permission check → clean + validate the changes (a DataModelValidationError rejects
   * and nothing changes) → _preUpdate (false cancels) → preUpdate hook (false cancels) → apply →
   * prepareData → _onUpdate → update hook. Resolves to the document, or undefined when cancelled
   * or when nothing changed (VERIFY: Foundry skips no-op updates).
   */
  // VERIFY: a user lacking permission gets a rejected promise (Error); open sheets of the document
  // (and of its parent) are re-rendered and awaited before the promise resolves.
  async update(data: AnyObject = {}, operation: DocumentOperation = {}): Promise<this | undefined> {
    const user = game.user;
    const name = this.documentName;
    const changes = expandObject(deepClone(normalizeUpdateOperators(data)));
    delete changes._id;
    if (!this.canUserModify(user, "update", changes)) {
      throw new Error(`User ${user?.name} lacks permission to update ${name} [${this.id}]`);
    }
    const cls = this.constructor as typeof Document;
    cls.cleanData(changes, { partial: true, source: this._source });
    this.validate({ changes, clean: false, strict: true });
    const allowed = await this._preUpdate(changes, operation, user);
    if (allowed === false) return undefined;
    if (Hooks.call(`preUpdate${name}`, this, changes, operation, user?.id) === false) return undefined;
    const diff = this.updateSource(changes, { _harnessNormalized: true });
    if (isEmpty(diff)) return undefined;
    diff._id = this.id;
    if (this.parent instanceof Document) this.parent.reset();
    else this.prepareData();
    this._onUpdate(diff, operation, user?.id);
    broadcastDocumentHook(`update${name}`, this, diff, operation, user?.id);
    if (this.parent instanceof Document) {
      const field = (this.parent.constructor as typeof Document).metadata.embedded[name];
      this.parent._onUpdateDescendantDocuments(this.parent, field, [this], [diff], operation, user?.id);
      await renderApps(this.parent);
    }
    await renderApps(this);
    return this;
  }

  async delete(operation: DocumentOperation = {}): Promise<this | undefined> {
    const user = game.user;
    const name = this.documentName;
    if (!this.canUserModify(user, "delete")) throw new Error(`User ${user?.name} lacks permission to delete ${name} [${this.id}]`);
    const allowed = await this._preDelete(operation, user);
    if (allowed === false) return undefined;
    if (Hooks.call(`preDelete${name}`, this, operation, user?.id) === false) return undefined;
    const parent = this.parent instanceof Document ? this.parent : null;
    if (parent) {
      const field = (parent.constructor as typeof Document).metadata.embedded[name];
      const arr = parent._source[field] as AnyObject[];
      const i = arr.indexOf(this._source);
      if (i >= 0) arr.splice(i, 1);
      (parent as AnyObject)[field].delete(this.id);
      parent.reset();
    } else {
      (game[this.collectionName] as Collection<Document>).delete(this.id!);
    }
    this._onDelete(operation, user?.id);
    broadcastDocumentHook(`delete${name}`, this, operation, user?.id);
    for (const app of Object.values(this.apps)) await (app as AnyObject).close?.();
    if (parent) {
      const field = (parent.constructor as typeof Document).metadata.embedded[name];
      parent._onDeleteDescendantDocuments(parent, field, [this], [this.id!], operation, user?.id);
      await renderApps(parent);
    }
    return this;
  }

  // ---------------------------------------------------------------- embedded helpers

  getEmbeddedCollection(embeddedName: string): EmbeddedCollection {
    const field = (this.constructor as typeof Document).metadata.embedded[embeddedName];
    if (!field) throw new Error(`${embeddedName} is not a valid embedded Document within the ${this.documentName} Document`);
    return (this as AnyObject)[field];
  }
  getEmbeddedDocument(embeddedName: string, id: string, { strict = false }: { strict?: boolean } = {}): Document | undefined {
    return this.getEmbeddedCollection(embeddedName).get(id, { strict });
  }
  async createEmbeddedDocuments(embeddedName: string, data: AnyObject[] = [], operation: DocumentOperation = {}): Promise<Document[]> {
    this.getEmbeddedCollection(embeddedName);
    return getDocumentClass(embeddedName).createDocuments(data, { ...operation, parent: this });
  }
  async updateEmbeddedDocuments(embeddedName: string, updates: AnyObject[] = [], operation: DocumentOperation = {}): Promise<Document[]> {
    this.getEmbeddedCollection(embeddedName);
    return getDocumentClass(embeddedName).updateDocuments(updates, { ...operation, parent: this });
  }
  async deleteEmbeddedDocuments(embeddedName: string, ids: string[] = [], operation: DocumentOperation = {}): Promise<Document[]> {
    this.getEmbeddedCollection(embeddedName);
    return getDocumentClass(embeddedName).deleteDocuments(ids, { ...operation, parent: this });
  }

  /** Resolve a dropped-data payload ({type, uuid} or {type, data}) to a document. */
  /** Drag data for this document: its type and uuid (an unsaved document carries its data instead). */
  toDragData(): AnyObject {
    const data: AnyObject = { type: this.documentName };
    if (this.id && (this.collection?.has?.(this.id) || this.pack)) data.uuid = this.uuid;
    else data.data = this.toObject();
    return data;
  }

  static async fromDropData(data: AnyObject): Promise<Document | null> {
    if (data.uuid) return (await fromUuid(data.uuid)) as Document | null;
    if (data.data) return new (this.implementation)(data.data);
    return null;
  }

  override toObject(source = true): AnyObject {
    return super.toObject(source);
  }
}

/** Resolve a world, embedded or compendium uuid ("Actor.x", "Actor.x.Item.y", "Compendium.p.n.Item.z"). */
export function fromUuidSync(uuid: string): Document | null {
  if (!uuid || typeof uuid !== "string") return null;
  let parts = uuid.split(".");
  let doc: Document | null = null;
  if (parts[0] === "Compendium") {
    // Compendium.<package>.<pack>.<Document>.<id>[.<Embedded>.<id>…]
    const pack = (game.packs as Collection<Collection<Document>> | undefined)?.get(`${parts[1]}.${parts[2]}`);
    doc = pack?.get(parts[4]) ?? null;
    if (!doc) return null;
    parts = parts.slice(5);
  }
  for (let i = 0; i < parts.length; i += 2) {
    const [name, id] = [parts[i], parts[i + 1]];
    if (!doc) {
      const cls = CONFIG[name]?.documentClass as typeof Document | undefined;
      const coll = cls ? (game[cls.collectionName] as Collection<Document> | undefined) : undefined;
      doc = coll?.get(id) ?? null;
    } else {
      const field: string | undefined = (doc.constructor as typeof Document).metadata.embedded[name];
      doc = field ? (((doc as AnyObject)[field] as Collection<Document>).get(id) ?? null) : null;
    }
    if (!doc) return null;
  }
  return doc;
}

export async function fromUuid(uuid: string): Promise<Document | null> {
  return fromUuidSync(uuid);
}

export { isPlainObject };
