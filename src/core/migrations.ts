/**
 * Migrations. Two mechanisms:
 *  - data-model `migrateData` (in each TypeDataModel) handles renames in place whenever a
 *    document is loaded, from any source (world, compendium, import);
 *  - the world migration runner below rewrites stored documents once per schema version. The
 *    active GM runs it at ready when the world's schemaVersion is behind CURRENT_SCHEMA.
 * A migration never deletes data it does not understand: unknown fields are kept.
 */
import { format, getSetting, localize, setSetting } from "./game";

export type SourceData = Record<string, unknown> & { _id?: string; type?: string; system?: Record<string, unknown>; items?: SourceData[] };

export interface Migration {
  /** The schema version this migration brings data to. */
  version: number;
  /** Return the update for an actor's source (without its items), or null when unchanged. */
  actor?(source: SourceData): Record<string, unknown> | null;
  /** Return the update for an item's source (world item or embedded), or null when unchanged. */
  item?(source: SourceData): Record<string, unknown> | null;
}

/**
 * The migrations of this system, in order. Version 1 is the first released schema: there is
 * nothing to migrate yet; later versions append here with a test on a fixture of the old shape.
 */
export const MIGRATIONS: readonly Migration[] = [{ version: 1 }];

export const CURRENT_SCHEMA = MIGRATIONS.reduce((v, m) => Math.max(v, m.version), 0);

export interface MigrationPlan {
  actors: { id: string; update: Record<string, unknown>; items: { _id: string; [k: string]: unknown }[] }[];
  items: { _id: string; [k: string]: unknown }[];
}

/** Pure: the updates that bring the given sources from `from` to the latest version. */
/**
 * Run the steps' `fn` over a source in order. Each step sees the source as the earlier steps left
 * it; the combined update is flattened to dot paths, so two steps touching different fields of the
 * same object both survive.
 */
function runSteps(src: SourceData, steps: readonly Migration[], fn: (m: Migration, s: SourceData) => Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  let merged: Record<string, unknown> | null = null;
  let current = src;
  for (const m of steps) {
    const u = fn(m, current);
    if (!u) continue;
    const flat = foundry.utils.flattenObject(u) as Record<string, unknown>;
    merged = { ...(merged ?? {}), ...flat };
    current = foundry.utils.mergeObject(foundry.utils.deepClone(current), foundry.utils.expandObject(flat), { inplace: false }) as SourceData;
  }
  return merged;
}

export function planMigration(from: number, actors: SourceData[], items: SourceData[], migrations: readonly Migration[] = MIGRATIONS): MigrationPlan {
  const steps = migrations.filter((m) => m.version > from).sort((a, b) => a.version - b.version);
  const plan: MigrationPlan = { actors: [], items: [] };
  const migrateItem = (src: SourceData) => runSteps(src, steps, (m, s) => m.item?.(s));
  for (const actor of actors) {
    const update = runSteps(actor, steps, (m, s) => m.actor?.(s)) ?? {};
    const itemUpdates: { _id: string; [k: string]: unknown }[] = [];
    for (const item of actor.items ?? []) {
      const u = migrateItem(item);
      if (u && item._id) itemUpdates.push({ _id: item._id, ...u });
    }
    if (Object.keys(update).length || itemUpdates.length) plan.actors.push({ id: String(actor._id), update, items: itemUpdates });
  }
  for (const item of items) {
    const u = migrateItem(item);
    if (u && item._id) plan.items.push({ _id: item._id, ...u });
  }
  return plan;
}

/** Run the world migration if the world is behind. Only the active GM does this. */
export async function migrateWorldIfNeeded(migrations: readonly Migration[] = MIGRATIONS): Promise<boolean> {
  const user = game.user;
  if (!user?.isGM || game.users?.activeGM?.id !== user.id) return false;
  const stored = Number(getSetting<number>("schemaVersion") ?? 0);
  const target = migrations.reduce((v, m) => Math.max(v, m.version), 0);
  if (stored >= target) return false;
  const isFresh = stored === 0 && (game.actors?.size ?? 0) === 0 && (game.items?.size ?? 0) === 0;
  if (!isFresh) ui.notifications?.info(localize("BREADBOX.Migration.Start"), { permanent: false });
  const actors = (game.actors?.contents ?? []).map((a) => a.toObject() as unknown as SourceData);
  const items = (game.items?.contents ?? []).map((i) => i.toObject() as unknown as SourceData);
  const plan = planMigration(stored, actors, items, migrations);
  // Each document on its own: one that fails keeps its old data and does not stop the others.
  const failed: string[] = [];
  for (const entry of plan.actors) {
    const actor = game.actors?.get(entry.id);
    if (!actor) continue;
    try {
      if (Object.keys(entry.update).length) await actor.update(entry.update as never, { diff: false } as never);
      if (entry.items.length) await actor.updateEmbeddedDocuments("Item", entry.items as never);
    } catch (err) {
      failed.push(actor.name ?? entry.id);
      console.error(`Breadbox | migration of actor ${actor.name} failed; its data is left as it was`, err);
    }
  }
  for (const entry of plan.items) {
    const item = game.items?.get(entry._id);
    if (!item) continue;
    try {
      await item.update(entry as never);
    } catch (err) {
      failed.push(item.name ?? entry._id);
      console.error(`Breadbox | migration of item ${item.name} failed; its data is left as it was`, err);
    }
  }
  // The world is recorded as migrated only when everything moved, so the GM can fix and retry.
  if (failed.length) {
    ui.notifications?.error(format("BREADBOX.Migration.Failed", { names: failed.join(", ") }), { permanent: true });
    return false;
  }
  await setSetting("schemaVersion", target);
  if (!isFresh) ui.notifications?.info(localize("BREADBOX.Migration.Done"));
  return true;
}
