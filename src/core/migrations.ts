/**
 * Migrations. Two mechanisms:
 *  - data-model `migrateData` (in each TypeDataModel) handles renames in place whenever a
 *    document is loaded, from any source (world, compendium, import);
 *  - the migration runner below rewrites stored documents. Every Actor and Item (world, invalid,
 *    embedded, in an unlocked-or-unlockable world compendium of this system, in an unlinked token's
 *    delta) carries its own schema version in `flags.breadbox.schema`, written in the same update as
 *    the step's changes, so every step runs exactly once per document wherever it lives, and a
 *    retry after a partial failure only touches what has not moved. A document without the flag
 *    is at the world's recorded `schemaVersion` (the world setting), which only advances when a
 *    whole run succeeded. Documents created from now on are stamped with the current version.
 * A migration never deletes data it does not understand: unknown fields are kept.
 */
import { format, getSetting, localize, setSetting } from "./game";
import { SYSTEM_ID } from "./ids";
import { dataOperators, deletionUpdate } from "./compat";
import { canWriteWorldSettings } from "./settings";

export type SourceData = Record<string, unknown> & {
  _id?: string;
  name?: string;
  type?: string;
  system?: Record<string, unknown>;
  flags?: Record<string, unknown>;
  items?: SourceData[];
};

export interface Migration {
  /** The schema version this migration brings data to. */
  version: number;
  /**
   * Return the update for an actor's source (without its items), or null when unchanged. For an
   * unlinked token the source is the token's delta: only the fields the token overrides are there.
   */
  actor?(source: SourceData): Record<string, unknown> | null;
  /** Return the update for an item's source (world item or embedded), or null when unchanged. */
  item?(source: SourceData): Record<string, unknown> | null;
}

/**
 * The migrations of this system, in order. Version 1 is the first released schema: there is
 * nothing to migrate yet; later versions append here with a test on a fixture of the old shape.
 */
export const MIGRATIONS: readonly Migration[] = [{ version: 1 }];

export const CURRENT_SCHEMA = latestVersion(MIGRATIONS);

/** Where a document's own schema version is stored. */
export const SCHEMA_FLAG = `flags.${SYSTEM_ID}.schema`;

function latestVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((v, m) => Math.max(v, m.version), 0);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);
}

/** A document's own schema version (its flag), or `fallback` when it carries none. */
export function documentVersion(source: SourceData, fallback: number): number {
  const flags = source.flags?.[SYSTEM_ID];
  const v = isPlainObject(flags) ? flags.schema : undefined;
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

/** Set a dotted path in a plain-object tree, replacing a scalar that stands in the way. */
function applyPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  const last = parts.pop() ?? "";
  let node = target;
  for (const p of parts) {
    const next = node[p];
    if (isPlainObject(next)) node = next;
    else {
      const fresh: Record<string, unknown> = {};
      node[p] = fresh;
      node = fresh;
    }
  }
  if (last.startsWith("-=")) delete node[last.slice(2)];
  else node[last] = value;
}

/** The update that deletes `key` inside `path` ("" for the top level) on this generation. */
function deletion(path: string, key: string): Record<string, unknown> {
  if (path) return deletionUpdate(path, key);
  const operators = dataOperators();
  return operators ? { [key]: operators.ForcedDeletion.create() } : { [`-=${key}`]: null };
}

function readPath(source: unknown, path: string): unknown {
  let node = source;
  for (const p of path.split(".")) {
    if (!isPlainObject(node)) return undefined;
    node = node[p];
  }
  return node;
}

/**
 * Run the steps' `fn` over a source in order. Each step sees the source as the earlier steps left
 * it. The combined update is written from the final state at each touched path: two steps touching
 * different fields of one object both survive, and where a later step turned a scalar into an
 * object (or back) the whole value at that path is replaced, so no stale path is left in the update.
 */
function runSteps(src: SourceData, steps: readonly Migration[], fn: (m: Migration, s: SourceData) => Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  const current: SourceData = foundry.utils.deepClone(src);
  const touched = new Set<string>();
  for (const m of steps) {
    const u = fn(m, foundry.utils.deepClone(current));
    if (!u) continue;
    for (const [k, v] of Object.entries(foundry.utils.flattenObject(u))) {
      applyPath(current, k, v);
      touched.add(k);
    }
  }
  if (!touched.size) return null;
  const out: Record<string, unknown> = {};
  for (const key of touched) {
    const parts = key.split(".");
    const last = parts.at(-1) ?? "";
    if (last.startsWith("-=")) {
      // A step writes v13's `-=key`; the update carries this generation's deletion (issue 18.8:
      // v14 deprecates the `-=` key for foundry.data.operators.ForcedDeletion, removed in v16).
      Object.assign(out, deletion(parts.slice(0, -1).join("."), last.slice(2)));
      continue;
    }
    // Descend while the original holds an object; the first non-object is replaced whole.
    let i = 0;
    let node: unknown = src;
    for (; i < parts.length - 1; i++) {
      const next = isPlainObject(node) ? node[parts[i]!] : undefined;
      if (!isPlainObject(next)) break;
      node = next;
    }
    const path = parts.slice(0, i + 1).join(".");
    out[path] = readPath(current, path);
  }
  const keys = Object.keys(out);
  for (const k of keys) if (keys.some((p) => p !== k && k.startsWith(`${p}.`))) delete out[k];
  return out;
}

/**
 * Pure: the update that brings one document's own data (an actor without its items, or an item)
 * from its version to the latest, stamped with the new version; null when it is already there.
 * Throws when a step throws (the runner reports that document and moves on).
 */
export function planDocument(kind: "actor" | "item", source: SourceData, fallback: number, migrations: readonly Migration[] = MIGRATIONS): Record<string, unknown> | null {
  const target = latestVersion(migrations);
  const from = documentVersion(source, fallback);
  if (from >= target) return null;
  const steps = migrations.filter((m) => m.version > from).sort((a, b) => a.version - b.version);
  const changes = runSteps(source, steps, (m, s) => (kind === "actor" ? m.actor?.(s) : m.item?.(s)));
  return { ...(changes ?? {}), [SCHEMA_FLAG]: target };
}

export interface MigrationPlan {
  actors: { id: string; update: Record<string, unknown>; items: { _id: string; [k: string]: unknown }[] }[];
  items: { _id: string; [k: string]: unknown }[];
}

/**
 * Pure: the updates that bring the given sources to the latest version; `from` is the version of
 * documents that carry no schema flag of their own.
 */
export function planMigration(from: number, actors: SourceData[], items: SourceData[], migrations: readonly Migration[] = MIGRATIONS): MigrationPlan {
  const plan: MigrationPlan = { actors: [], items: [] };
  for (const actor of actors) {
    const update = planDocument("actor", actor, from, migrations) ?? {};
    const itemUpdates: { _id: string; [k: string]: unknown }[] = [];
    for (const item of actor.items ?? []) {
      const u = planDocument("item", item, from, migrations);
      if (u && item._id) itemUpdates.push({ _id: item._id, ...u });
    }
    if (Object.keys(update).length || itemUpdates.length) plan.actors.push({ id: String(actor._id), update, items: itemUpdates });
  }
  for (const item of items) {
    const u = planDocument("item", item, from, migrations);
    if (u && item._id) plan.items.push({ _id: item._id, ...u });
  }
  return plan;
}

// ------------------------------------------------------------------ the runner

/** What the runner needs of a stored document (world, compendium, invalid, synthetic). */
export interface MigratableDocument {
  readonly id: string | null;
  readonly name: string | null;
  toObject(source?: boolean): object;
  update(changes: object, options?: object): Promise<unknown>;
}

/** One document to migrate: its stored data, how to write it, and (actors) its embedded items. */
export interface MigrationTarget {
  label: string;
  kind: "actor" | "item";
  source: SourceData;
  write(changes: Record<string, unknown>): Promise<unknown>;
  items?: MigrationTarget[];
}

interface ItemHolder {
  readonly items?: { get(id: string): MigratableDocument | undefined } | null;
}

function sourceOf(doc: MigratableDocument): SourceData {
  return { ...doc.toObject() };
}

function itemTargets(owner: ItemHolder, ownerLabel: string, sources: SourceData[]): MigrationTarget[] {
  const out: MigrationTarget[] = [];
  for (const src of sources) {
    const id = typeof src._id === "string" ? src._id : "";
    out.push({
      label: `${ownerLabel} → ${String(src.name ?? id)}`,
      kind: "item",
      source: src,
      write: async (changes) => {
        const item = owner.items?.get(id);
        if (!item) throw new Error(`item ${id} is gone`);
        await item.update(changes, { diff: false });
      },
    });
  }
  return out;
}

/** A stored document as a target; actors bring their embedded items. */
export function documentTarget(kind: "actor" | "item", doc: MigratableDocument & ItemHolder, where = ""): MigrationTarget {
  const source = sourceOf(doc);
  const label = `${where}${doc.name ?? doc.id ?? "?"}`;
  const target: MigrationTarget = { label, kind, source, write: (changes) => doc.update(changes, { diff: false }) };
  if (kind === "actor") target.items = itemTargets(doc, label, Array.isArray(source.items) ? source.items : []);
  return target;
}

interface CollectionLike {
  readonly contents: readonly (MigratableDocument & ItemHolder)[];
  readonly invalidDocumentIds?: Set<string>;
  getInvalid?(id: string, options?: { strict?: boolean }): unknown;
}

function isMigratable(value: unknown): value is MigratableDocument & ItemHolder {
  return typeof value === "object" && value !== null && typeof Reflect.get(value, "toObject") === "function" && typeof Reflect.get(value, "update") === "function";
}

/** Valid and invalid documents of a world collection (invalid ones are migrated too: a step may repair them). */
function worldTargets(kind: "actor" | "item", collection: CollectionLike | undefined): MigrationTarget[] {
  if (!collection) return [];
  const out = collection.contents.map((d) => documentTarget(kind, d));
  for (const id of collection.invalidDocumentIds ?? []) {
    const doc = collection.getInvalid?.(id, { strict: false });
    if (isMigratable(doc)) out.push(documentTarget(kind, doc));
  }
  return out;
}

interface PackLike {
  readonly collection: string;
  readonly documentName: string;
  readonly locked: boolean;
  readonly metadata: { packageType?: string; system?: string | null; label?: string };
  getDocuments(): Promise<unknown[]>;
  configure?(settings: { locked: boolean }): Promise<unknown>;
}

function isPack(value: unknown): value is PackLike {
  return typeof value === "object" && value !== null && typeof Reflect.get(value, "getDocuments") === "function" && typeof Reflect.get(value, "metadata") === "object";
}

/** World compendium packs of this system holding Actors or Items. */
function worldPacks(packs: Iterable<unknown> | undefined): PackLike[] {
  const out: PackLike[] = [];
  for (const pack of packs ?? []) {
    if (!isPack(pack) || pack.metadata.packageType !== "world") continue;
    if (pack.documentName !== "Actor" && pack.documentName !== "Item") continue;
    if (pack.metadata.system && pack.metadata.system !== SYSTEM_ID) continue;
    out.push(pack);
  }
  return out;
}

interface TokenLike {
  readonly actorLink: boolean;
  readonly name?: string | null;
  readonly delta?: { toObject(source?: boolean): object } | null;
  readonly actor?: (MigratableDocument & ItemHolder) | null;
}
interface SceneLike {
  readonly name?: string | null;
  readonly tokens: Iterable<TokenLike>;
}

/**
 * Unlinked tokens: the delta holds the token's own changes (a partial actor and whole items), so
 * its version is the delta's own flag and the steps see the delta's data; writes go through the
 * token's synthetic actor, which stores them in the delta.
 */
function tokenTargets(scenes: Iterable<SceneLike> | undefined): MigrationTarget[] {
  const out: MigrationTarget[] = [];
  for (const scene of scenes ?? []) {
    for (const token of scene.tokens) {
      const actor = token.actor;
      if (token.actorLink || !token.delta || !actor) continue;
      const delta: SourceData = { ...token.delta.toObject() };
      const label = `${scene.name ?? "?"}: ${token.name ?? actor.name ?? "?"}`;
      out.push({
        label,
        kind: "actor",
        source: delta,
        write: (changes) => actor.update(changes, { diff: false }),
        items: itemTargets(actor, label, Array.isArray(delta.items) ? delta.items : []),
      });
    }
  }
  return out;
}

/**
 * Migrate targets one document at a time: a document whose step throws, or whose update is
 * refused, keeps its data and is named in `failed`; the others move on. An actor's own update and
 * each of its items are separate, so a retry redoes only the part that failed.
 */
export async function migrateTargets(targets: MigrationTarget[], fallback: number, migrations: readonly Migration[], failed: string[]): Promise<number> {
  let moved = 0;
  const one = async (t: MigrationTarget) => {
    try {
      const update = planDocument(t.kind, t.source, fallback, migrations);
      if (update) {
        await t.write(update);
        moved++;
      }
    } catch (err) {
      failed.push(t.label);
      console.error(`Breadbox | migration of ${t.label} failed; its data is left as it was`, err);
    }
  };
  for (const t of targets) {
    await one(t);
    for (const item of t.items ?? []) await one(item);
  }
  return moved;
}

let stampRegistered = false;

/**
 * Documents created from now on carry the current schema version, so a later migration never
 * mistakes a new document for an old one. A document that arrives with a version keeps it. Items
 * created inside a new actor's creation data fire no hook of their own and carry no stamp: like
 * every unstamped document they count as at the world's recorded version.
 */
export function registerSchemaStamp(): void {
  if (stampRegistered) return;
  stampRegistered = true;
  for (const name of ["preCreateActor", "preCreateItem"] as const) {
    Hooks.on(name, (doc: { updateSource(changes: object): unknown }, data: object) => {
      if (documentVersion({ ...data }, -1) !== -1) return;
      doc.updateSource({ [SCHEMA_FLAG]: CURRENT_SCHEMA });
    });
  }
}

/** Run the world migration if the world is behind. Only the active GM does this. */
export async function migrateWorldIfNeeded(migrations: readonly Migration[] = MIGRATIONS): Promise<boolean> {
  registerSchemaStamp();
  const user = game.user;
  if (!user?.isGM || game.users?.activeGM?.id !== user.id) return false;
  const stored = Number(getSetting<number>("schemaVersion") ?? 0);
  const target = latestVersion(migrations);
  if (stored >= target) return false;
  // The run ends by recording the world's version, a world setting: an Assistant GM (the active GM
  // while no full GM is online) may not write it. Nothing is touched; the GM is told what is needed.
  if (!canWriteWorldSettings(user)) {
    ui.notifications?.warn(localize("BREADBOX.Migration.NeedsGamemaster"), { permanent: true });
    return false;
  }
  const packs = worldPacks(game.packs);
  const scenes: Iterable<SceneLike> | undefined = game.scenes?.contents;
  const isFresh = stored === 0 && (game.actors?.size ?? 0) === 0 && (game.items?.size ?? 0) === 0 && packs.length === 0;
  if (!isFresh) ui.notifications?.info(localize("BREADBOX.Migration.Start"), { permanent: false });

  const failed: string[] = [];
  await migrateTargets([...worldTargets("actor", game.actors), ...worldTargets("item", game.items)], stored, migrations, failed);
  await migrateTargets(tokenTargets(scenes), stored, migrations, failed);
  for (const pack of packs) {
    const wasLocked = pack.locked;
    try {
      if (wasLocked) {
        if (!pack.configure) throw new Error("the pack is locked");
        await pack.configure({ locked: false });
      }
      const kind = pack.documentName === "Actor" ? "actor" : "item";
      const docs = (await pack.getDocuments()).filter(isMigratable);
      await migrateTargets(docs.map((d) => documentTarget(kind, d, `${pack.metadata.label ?? pack.collection}: `)), stored, migrations, failed);
    } catch (err) {
      failed.push(pack.metadata.label ?? pack.collection);
      console.error(`Breadbox | migration of compendium ${pack.collection} failed`, err);
    } finally {
      if (wasLocked && pack.configure && !pack.locked) await pack.configure({ locked: true });
    }
  }

  // The world is recorded as migrated only when everything moved, so the GM can fix and retry;
  // documents that did move carry their new version and are not touched again.
  if (failed.length) {
    ui.notifications?.error(format("BREADBOX.Migration.Failed", { names: failed.join(", ") }), { permanent: true });
    return false;
  }
  await setSetting("schemaVersion", target);
  if (!isFresh) ui.notifications?.info(localize("BREADBOX.Migration.Done"));
  return true;
}

// ------------------------------------------------------------------ die letters (issue 18.1)

/**
 * A formula written with our old die letters, rewritten to the new ones: the d10* was `dt` (now
 * `dk`: Tension Pool modules take `t`), the Flange die `df` with its target (`3dft7`, now `3dzt7`:
 * `f` is Foundry's Fate die). Only the shapes our own documents used: `NdT` as a whole word and
 * `NdftN`; anything else is left as it is.
 */
export function withCurrentDieLetters(formula: string): string {
  return formula.replace(/\b(\d*)dt\b/g, "$1dk").replace(/\b(\d*)dft(\d+)\b/g, "$1dzt$2");
}

interface TableLike {
  readonly formula?: string | null;
  readonly _stats?: { compendiumSource?: string | null } | null;
  update(changes: object): Promise<unknown>;
}

/**
 * World roll tables imported from our compendiums before the letters changed roll `6*1dt + 1d6`:
 * rewrite their formula (active GM, at ready; idempotent, so no schema version is needed). Tables
 * that did not come from a Breadbox compendium are the GM's own and are not touched. Returns the
 * number rewritten.
 */
export async function migrateTableDieLetters(tables: Iterable<TableLike> | undefined = game.tables?.contents): Promise<number> {
  const user = game.user;
  if (!user?.isGM || game.users?.activeGM?.id !== user.id) return 0;
  let moved = 0;
  for (const table of tables ?? []) {
    const source = table._stats?.compendiumSource ?? "";
    if (!source.startsWith(`Compendium.${SYSTEM_ID}.`) || typeof table.formula !== "string") continue;
    const formula = withCurrentDieLetters(table.formula);
    if (formula === table.formula) continue;
    try {
      await table.update({ formula });
      moved++;
    } catch (err) {
      console.error(`Breadbox | could not rewrite the dice letters of a roll table (${table.formula})`, err);
    }
  }
  return moved;
}
