/**
 * Concrete documents: Actor, Item, ActiveEffect, User, TokenDocument (minimal), and the world
 * collections. ChatMessage and Combat/Combatant live in chat.ts and combat.ts.
 * https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html (and Item, ActiveEffect, User)
 */
import { Document, DocumentTypeField, EmbeddedCollectionField, TypeDataField, WorldCollection, getDocumentClass, type DocumentMetadata, type EmbeddedCollection } from "./document";
import { ArrayField, BooleanField, DocumentIdField, FilePathField, ForeignDocumentField, HTMLField, NumberField, ObjectField, SchemaField, SetField, StringField, type DataField } from "./fields";
import { ACTIVE_EFFECT_CHANGE_TYPES, CONFIG, CONST, game, runAsClient } from "./state";
import { deepClone, getProperty, setProperty, type AnyObject } from "./utils";
import { TypeDataModel } from "./data-model";
import { harnessGeneration } from "./profile";
import { Hooks } from "./hooks";
import { deprecatedProperty } from "./deprecation";

/** v13 numeric change modes (CONST.ACTIVE_EFFECT_MODES); v14 uses string types. */
const MODES = { CUSTOM: 0, MULTIPLY: 1, ADD: 2, DOWNGRADE: 3, UPGRADE: 4, OVERRIDE: 5 } as const;
const TYPE_OF_MODE: Record<number, string> = { 0: "custom", 1: "multiply", 2: "add", 3: "downgrade", 4: "upgrade", 5: "override" };
const TYPE_PRIORITY: Record<string, number> = { custom: 0, multiply: 10, add: 20, downgrade: 30, upgrade: 40, override: 50 };

/**
 * v14 Active Effect changes live in the effect's system data (foundryvtt#13740): a change has
 * `key`, `value`, a string `type` (foundryvtt#13566), `phase` and `priority`. The harness requires
 * `phase` and a numeric `priority` (issue 18.6): a change without them is refused, so our code
 * always writes both. VERIFY: whether v14 fills them in itself; it prepared a missing priority as 0
 * instead of the type's default (foundryvtt#14511, #14519), so code that leaves it out applies in
 * the wrong order even where creation succeeds.
 */
export class ActiveEffectTypeDataModel extends TypeDataModel {
  static override defineSchema(): Record<string, DataField> {
    return {
      changes: new ArrayField(
        new SchemaField({
          key: new StringField({ required: true }),
          value: new StringField({ required: true }),
          type: new StringField({ required: true, blank: false, initial: ACTIVE_EFFECT_CHANGE_TYPES.ADD, choices: Object.values(ACTIVE_EFFECT_CHANGE_TYPES) }),
          phase: new StringField({ required: true, blank: false, initial: undefined, choices: ["initial", "final"] }),
          priority: new NumberField({ required: true, nullable: false, initial: undefined }),
        }),
      ),
    };
  }
}

/** A status effect's configuration: v13 keeps an array, v14 a record keyed by id (foundryvtt#13122). */
export function statusEffectConfig(id: string): AnyObject | undefined {
  const all = CONFIG.statusEffects;
  if (Array.isArray(all)) return all.find((e: AnyObject) => e.id === id);
  return all && Object.hasOwn(all, id) ? { id, ...all[id] } : undefined;
}

const ownershipField = () => new ObjectField({ initial: () => ({ default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE }) });

export class ActiveEffect extends Document {
  static override metadata: DocumentMetadata = Object.freeze({ name: "ActiveEffect", collection: "effects", embedded: {}, hasTypeData: true, label: "DOCUMENT.ActiveEffect" });
  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, initial: "Effect" }),
      img: new FilePathField(),
      type: new DocumentTypeField("ActiveEffect"),
      system: new TypeDataField("ActiveEffect"),
      ...(harnessGeneration() === "14"
        ? {}
        : {
            changes: new ArrayField(
              new SchemaField({
                key: new StringField({ required: true }),
                value: new StringField({ required: true }),
                mode: new NumberField({ integer: true, initial: MODES.ADD }),
                priority: new NumberField(),
              }),
            ),
          }),
      disabled: new BooleanField(),
      duration: new ObjectField(),
      description: new HTMLField(),
      origin: new StringField({ nullable: true, blank: false, initial: null }),
      tint: new StringField({ nullable: true, initial: null }),
      transfer: new BooleanField({ initial: true }),
      statuses: new SetField(new StringField({ required: true, blank: false })),
      sort: new NumberField({ integer: true, initial: 0 }),
      flags: new ObjectField(),
    };
  }
  declare disabled: boolean;
  declare statuses: Set<string>;
  declare transfer: boolean;
  /** The changes in v14's shape ({key, value, type, priority}), from wherever this generation keeps them. */
  get effectiveChanges(): AnyObject[] {
    if (harnessGeneration() === "14") return ((this as AnyObject).system?.changes ?? []).map((c: AnyObject) => ({ ...c, priority: c.priority ?? TYPE_PRIORITY[c.type] ?? 0 }));
    return ((this as AnyObject).changes ?? []).map((c: AnyObject) => ({ key: c.key, value: c.value, type: TYPE_OF_MODE[c.mode] ?? "custom", priority: c.priority ?? c.mode * 10 }));
  }
  get active(): boolean {
    return !this.disabled && !this.isSuppressed;
  }
  get isSuppressed(): boolean {
    return false;
  }
  get target(): Document | null {
    return (this.parent as Document) ?? null;
  }
  /** Build (not create) an effect from CONFIG.statusEffects[id]. */
  static async fromStatusEffect(statusId: string, options: AnyObject = {}): Promise<ActiveEffect> {
    const status = statusEffectConfig(statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to ActiveEffect#fromStatusEffect`);
    const { id, name, label, img, icon, statuses, ...rest } = deepClone(status);
    const data = { ...rest, name: game.i18n?.localize(name ?? label ?? id) ?? name, img: img ?? icon ?? null, statuses: [id, ...(statuses ?? [])] };
    delete (data as AnyObject).hud;
    return new (this.implementation as typeof ActiveEffect)(data, options);
  }
  /** Apply one change ({key, value, type}) to an actor (add, multiply, override, upgrade, downgrade; custom is skipped). */
  apply(actor: Document, change: AnyObject): unknown {
    const M = ACTIVE_EFFECT_CHANGE_TYPES;
    const current = getProperty(actor, change.key);
    const raw = change.value;
    const num = Number(raw);
    const value: unknown = typeof current === "number" && Number.isFinite(num) ? num : raw;
    let result: unknown = current;
    switch (change.type) {
      case M.ADD:
        result = typeof current === "number" ? current + (value as number) : Array.isArray(current) ? [...current, value] : `${current ?? ""}${value}`;
        break;
      case M.MULTIPLY:
        result = (current as number) * (value as number);
        break;
      case M.OVERRIDE:
        result = value;
        break;
      case M.UPGRADE:
        result = current === undefined || (value as number) > (current as number) ? value : current;
        break;
      case M.DOWNGRADE:
        result = current === undefined || (value as number) < (current as number) ? value : current;
        break;
      default:
        return current;
    }
    setProperty(actor as unknown as AnyObject, change.key, result);
    return result;
  }
}

export class Item extends Document {
  static override metadata: DocumentMetadata = Object.freeze({ name: "Item", collection: "items", embedded: { ActiveEffect: "effects" }, hasTypeData: true, label: "DOCUMENT.Item" });
  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      type: new DocumentTypeField("Item"),
      img: new FilePathField({ initial: "icons/svg/item-bag.svg" }),
      system: new TypeDataField("Item"),
      effects: new EmbeddedCollectionField("ActiveEffect"),
      folder: new StringField({ nullable: true, initial: null }),
      sort: new NumberField({ integer: true, initial: 0 }),
      ownership: ownershipField(),
      flags: new ObjectField(),
      _stats: new ObjectField(),
    };
  }
  declare name: string;
  declare type: string;
  declare system: AnyObject;
  declare flags: AnyObject;
  declare effects: EmbeddedCollection<ActiveEffect>;
  /** The owning actor, if embedded in one. */
  get actor(): Actor | null {
    return this.parent instanceof Actor ? this.parent : null;
  }
  /** VERIFY: returns the item's system data (dnd5e-style systems extend this). */
  getRollData(): AnyObject {
    return this.system;
  }
}

export class Actor extends Document {
  static override metadata: DocumentMetadata = Object.freeze({ name: "Actor", collection: "actors", embedded: { Item: "items", ActiveEffect: "effects" }, hasTypeData: true, label: "DOCUMENT.Actor" });
  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      type: new DocumentTypeField("Actor"),
      img: new FilePathField({ initial: "icons/svg/mystery-man.svg" }),
      system: new TypeDataField("Actor"),
      // Foundry's prototype token has a full schema; the harness keeps the two bars, whose default
      // attribute is the manifest's primary/secondary token attribute for every actor type
      // (public API page foundry.data.PrototypeToken; issue 18.4). VERIFY: the null fallback.
      prototypeToken: new ObjectField({
        initial: () => ({
          bar1: { attribute: game.system?.primaryTokenAttribute ?? null },
          bar2: { attribute: game.system?.secondaryTokenAttribute ?? null },
        }),
      }),
      items: new EmbeddedCollectionField("Item"),
      effects: new EmbeddedCollectionField("ActiveEffect"),
      folder: new StringField({ nullable: true, initial: null }),
      sort: new NumberField({ integer: true, initial: 0 }),
      ownership: ownershipField(),
      flags: new ObjectField(),
      _stats: new ObjectField(),
    };
  }
  declare name: string;
  declare type: string;
  declare system: AnyObject;
  declare flags: AnyObject;
  declare ownership: AnyObject;
  declare items: EmbeddedCollection<Item>;
  declare effects: EmbeddedCollection<ActiveEffect>;
  declare statuses: Set<string>;

  protected override _initialize(options: AnyObject = {}): void {
    super._initialize(options);
    Object.defineProperty(this, "statuses", { value: new Set<string>(), writable: true, enumerable: false, configurable: true });
  }

  /**
   * The token HUD's bar and attribute edits (public API: Actor#modifyTokenAttribute(attribute,
   * value, isDelta, isBar) and the hook `modifyTokenAttribute(data, updates, actor)`, which may
   * change `updates` or return false to cancel). A bar writes `system.<attribute>.value`, a delta
   * is added to the current value and kept within 0…max; a plain value writes
   * `system.<attribute>`. VERIFY: the clamp of a delta (and none for a typed absolute value).
   */
  async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true): Promise<this> {
    const current = getProperty(this.system, attribute);
    let updates: AnyObject;
    if (isBar) {
      if (isDelta) value = Math.min(Number(current?.max ?? Infinity), Math.max(0, Number(current?.value ?? 0) + value));
      updates = { [`system.${attribute}.value`]: value };
    } else {
      if (isDelta) value = Number(current ?? 0) + value;
      updates = { [`system.${attribute}`]: value };
    }
    const allowed = Hooks.call("modifyTokenAttribute", { attribute, value, isDelta, isBar }, updates, this);
    if (allowed === false) return this;
    await this.update(updates);
    return this;
  }

  override prepareEmbeddedDocuments(): void {
    super.prepareEmbeddedDocuments();
    this.applyActiveEffects();
  }

  /** Statuses from active effects; changes applied in priority order (mode*10 by default). */
  applyActiveEffects(): void {
    this.statuses = new Set();
    const changes: { effect: ActiveEffect; change: AnyObject }[] = [];
    for (const effect of this.allApplicableEffects()) {
      if (!effect.active) continue;
      for (const s of effect.statuses ?? []) this.statuses.add(s);
      for (const change of effect.effectiveChanges) changes.push({ effect, change });
    }
    changes.sort((a, b) => a.change.priority - b.change.priority);
    for (const { effect, change } of changes) effect.apply(this, change);
  }

  *allApplicableEffects(): Generator<ActiveEffect> {
    for (const e of this.effects ?? []) yield e;
    for (const item of this.items ?? []) for (const e of item.effects ?? []) if (e.transfer !== false) yield e as ActiveEffect;
  }

  /** Items grouped by sub-type; every configured Item type is present. */
  get itemTypes(): Record<string, Item[]> {
    const types: Record<string, Item[]> = {};
    for (const t of Object.keys(CONFIG.Item?.dataModels ?? {})) types[t] = [];
    for (const t of Object.keys(game.system?.documentTypes?.Item ?? {})) types[t] = [];
    for (const item of this.items) (types[item.type] ??= []).push(item);
    return types;
  }

  /** Documented: the data object used by roll formulas for this actor is its system data. */
  getRollData(): AnyObject {
    return this.system;
  }

  /** VERIFY: the harness has no canvas, so there are never active tokens. */
  getActiveTokens(_linked = false, _document = false): unknown[] {
    return [];
  }

  get isToken(): boolean {
    return false;
  }
  get token(): null {
    return null;
  }

  /**
   * Toggle a status from CONFIG.statusEffects by creating/deleting an ActiveEffect carrying it.
   * Resolves: the created effect; false when removed; true when already active and active:true.
   */
  async toggleStatusEffect(statusId: string, { active, overlay = false }: { active?: boolean; overlay?: boolean } = {}): Promise<ActiveEffect | boolean | undefined> {
    const status = statusEffectConfig(statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const existing = this.effects.filter((e) => e.statuses.size === 1 && e.statuses.has(statusId)).map((e) => e.id!);
    if (existing.length) {
      if (active) return true;
      await this.deleteEmbeddedDocuments("ActiveEffect", existing);
      return false;
    }
    if (active === false) return false;
    const AE = getDocumentClass("ActiveEffect") as unknown as typeof ActiveEffect;
    const effect = await AE.fromStatusEffect(statusId);
    if (overlay) effect.updateSource({ "flags.core.overlay": true });
    const [created] = await this.createEmbeddedDocuments("ActiveEffect", [effect.toObject()]);
    return created as ActiveEffect;
  }
}

/** Minimal TokenDocument: name, actorId, and the actor it points to. */
export class TokenDocument extends Document {
  static override metadata: DocumentMetadata = Object.freeze({ name: "Token", collection: "tokens", embedded: {}, label: "DOCUMENT.Token" });
  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: true }),
      actorId: new StringField({ nullable: true, initial: null }),
      actorLink: new BooleanField(),
      hidden: new BooleanField(),
      disposition: new NumberField({ integer: true, initial: CONST.TOKEN_DISPOSITIONS.HOSTILE }),
      flags: new ObjectField(),
    };
  }
  declare actorId: string | null;
  get actor(): Actor | null {
    return this.actorId ? (game.actors?.get(this.actorId) ?? null) : null;
  }
}

/** The world's permission configuration the harness models (permission → roles granted besides a full GM). */
export const harnessPermissions: Record<string, number[]> = { SETTINGS_MODIFY: [] };

export class User extends Document {
  static override metadata: DocumentMetadata = Object.freeze({ name: "User", collection: "users", embedded: {}, label: "DOCUMENT.User" });
  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      role: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 4, initial: CONST.USER_ROLES.PLAYER }),
      color: new StringField({ initial: "#aa3333" }),
      avatar: new FilePathField(),
      character: new ForeignDocumentField(Actor),
      flags: new ObjectField(),
    };
  }
  declare name: string;
  declare role: number;
  /** Whether the user is connected (harness: set with setUserActive()). */
  active = false;

  get isGM(): boolean {
    return this.role >= CONST.USER_ROLES.ASSISTANT;
  }
  get isSelf(): boolean {
    return game.user === this;
  }
  /**
   * Whether this user has a permission (public API: User#can / #hasPermission, CONST.USER_PERMISSIONS).
   * The harness knows SETTINGS_MODIFY only: a full Gamemaster always has it; other roles only when
   * `harnessPermissions.SETTINGS_MODIFY` lists their role (a world's permission configuration).
   * VERIFY: the default roles of SETTINGS_MODIFY; an Assistant GM lacks it by default, which is what
   * foundryvtt#11678 and #10912 report (Assistants cannot set world settings but an allow-list of core ones).
   */
  can(action: string): boolean {
    return this.hasPermission(action);
  }
  hasPermission(permission: string): boolean {
    if (this.role >= CONST.USER_ROLES.GAMEMASTER) return true;
    const roles = harnessPermissions[permission];
    return Array.isArray(roles) && roles.includes(this.role);
  }
  hasRole(role: string | number, { exact = false }: { exact?: boolean } = {}): boolean {
    const r = typeof role === "string" ? (CONST.USER_ROLES as AnyObject)[role] : role;
    return exact ? this.role === r : this.role >= r;
  }
  override getUserLevel(user: AnyObject | null = game.user): number {
    if (user?.isGM || user === this) return CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    return CONST.DOCUMENT_OWNERSHIP_LEVELS.LIMITED;
  }
  /**
   * Who may change a User document: a full Gamemaster any; a user its own; an Assistant GM
   * creates and deletes users and changes another user's role, but nothing else of another user
   * (its name, its flags). VERIFY 52: public reports of "User <Assistant> lacks permission to
   * update User" on renaming a player (foundryvtt#9749, #10024) and on setting another player's
   * flags (crnormand/gurps#284); the exact server rule is not public, so the harness takes the
   * cautious case and the system never relies on an Assistant writing another user.
   */
  override canUserModify(user: AnyObject, action: "create" | "update" | "delete", data?: AnyObject): boolean {
    if (!user) return false;
    if (user.role >= CONST.USER_ROLES.GAMEMASTER) return true;
    if (action !== "update") return !!user.isGM;
    if (user.id === this.id) return true;
    if (!user.isGM) return false;
    return Object.keys(data ?? {}).every((key) => key === "role" || key === "_id");
  }

  /**
   * v13 queries: run CONFIG.queries[name](queryData, {timeout}) as this user (game.user is switched
   * to this user while the handler runs). Rejects if this user is not active or no handler exists.
   * Data and result cross a (simulated) socket: both are JSON round-tripped.
   * VERIFY: the handler is not told who sent the query (not documented; not passed).
   */
  async query(queryName: string, queryData: unknown, { timeout }: { timeout?: number } = {}): Promise<unknown> {
    if (!this.active) throw new Error(`User ${this.name} [${this.id}] is not active`);
    const handler = CONFIG.queries?.[queryName];
    if (typeof handler !== "function") throw new Error(`The query "${queryName}" is not registered in CONFIG.queries`);
    const payload = queryData === undefined ? undefined : JSON.parse(JSON.stringify(queryData));
    const own = runAsClient(this, async () => {
      const run = Promise.resolve(handler(payload, { timeout }));
      const result = timeout ? await Promise.race([run, new Promise((_, rej) => setTimeout(() => rej(new Error(`Query "${queryName}" timed out`)), timeout))]) : await run;
      return result === undefined ? undefined : JSON.parse(JSON.stringify(result));
    });
    if (own) return own.result;
    const previous = game.user;
    game.user = this;
    try {
      const run = Promise.resolve(handler(payload, { timeout }));
      const result = timeout ? await Promise.race([run, new Promise((_, rej) => setTimeout(() => rej(new Error(`Query "${queryName}" timed out`)), timeout))]) : await run;
      return result === undefined ? undefined : JSON.parse(JSON.stringify(result));
    } finally {
      game.user = previous;
    }
  }
}

export class Actors extends WorldCollection<Actor> {
  static override documentName = "Actor";
}
export class Items extends WorldCollection<Item> {
  static override documentName = "Item";
}
export class Users extends WorldCollection<User> {
  static override documentName = "User";
  /** The active GM: highest role first, then lowest id (VERIFY: tie-break order). */
  get activeGM(): User | null {
    const gms = this.filter((u) => u.active && u.isGM);
    gms.sort((a, b) => b.role - a.role || (a.id! < b.id! ? -1 : 1));
    return gms[0] ?? null;
  }
  get players(): User[] {
    return this.filter((u) => !u.isGM && u.hasRole("PLAYER"));
  }
  get current(): User | null {
    return game.user ?? null;
  }
}
