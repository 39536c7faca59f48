/**
 * The one facade for the few places where fvtt-types (13.345) cannot follow what we do at run
 * time. Every cast the adapter still needs lives here, each with its reason; the rest of src
 * reads typed documents, settings and flags through src/types/foundry-config.ts.
 */
import { SYSTEM_ID } from "./ids";
import type { BreadboxSettingKey } from "../types/breadbox";

/** What `registerSetting` hands to Foundry (name and hint are lang keys). */
export interface SettingRegistration {
  name: string;
  hint: string;
  scope: "world" | "client";
  config: boolean;
  type: typeof Boolean | typeof Number | typeof String | typeof Object;
  default: unknown;
  choices?: Record<string, string>;
  range?: { min: number; max: number; step: number };
  requiresReload: boolean;
  onChange?: (value: unknown) => void;
}

interface UntypedSettings {
  register(namespace: string, key: string, data: SettingRegistration): void;
}

/**
 * Register one of our settings. fvtt-types checks `type`/`default`/`choices`/`range` against the
 * configured value type of one literal key; our settings are registered from tables (one loop
 * over every ruleset's specs), where the key is a union, so the check cannot be expressed.
 * SettingConfig still types every read and write.
 */
export function registerSettingUnchecked(key: BreadboxSettingKey, data: SettingRegistration): void {
  const settings = game.settings as unknown as UntypedSettings;
  settings.register(SYSTEM_ID, key, data);
}

/*
 * Typed helpers for ruleset code. None of them casts: each narrows with a run-time check that
 * TypeScript follows (instanceof, a type guard), or builds data whose type fvtt-types declares.
 */

/** A data-model class (a sub-type's `system`), as registered in DataModelConfig. */
export type ModelClass<M extends object> = abstract new (...args: never[]) => M;

/**
 * A document's sub-type data model, for code that only runs on documents of that sub-type:
 * `requireModel(actor, ToasterActorModel)` is the typed `actor.system` of a Toaster character,
 * and throws (naming the document) if its model is another. Where a document may be of another
 * sub-type, use `modelOf` (src/core/game.ts), which returns null instead.
 * (fvtt-types cannot narrow `doc.system` by `doc.type`: its sub-type union keeps module sub-types
 * open, so `type === "toaster"` does not narrow; instanceof does, and is checked at run time.)
 */
export function requireModel<M extends object>(doc: { readonly system: unknown; readonly name?: string | null; readonly type?: string }, Model: ModelClass<M>): M {
  const model = doc.system;
  if (!(model instanceof Model)) throw new Error(`Breadbox: "${doc.name ?? ""}" (${doc.type ?? "?"}) has no ${Model.name} data`);
  return model;
}

/** A document's embedded items whose data model is `Model`, each with its model. */
export function itemsWithModel<M extends object>(actor: Actor.Implementation, Model: ModelClass<M>): { item: Item.Implementation; model: M }[] {
  return actor.items.contents.flatMap((item) => {
    const model = item.system;
    return model instanceof Model ? [{ item, model }] : [];
  });
}

/** Whether `type` is an Item sub-type registered with CONFIG (so it can be created). */
export function isItemSubType(type: string): type is Item.SubType {
  return Object.hasOwn(CONFIG.Item.dataModels ?? {}, type);
}

/**
 * Replace a chat message's rolls. The `rolls` field stores each roll as a JSON string (Foundry's
 * JSONField), and a string is what fvtt-types accepts in an update; passing `roll.toJSON()`
 * objects (which Foundry would stringify itself) is refused by the types.
 */
export async function updateRolls(message: ChatMessage.Implementation, rolls: readonly Roll[]): Promise<void> {
  await message.update({ rolls: rolls.map((r) => JSON.stringify(r.toJSON())) });
}

/** The current user's targeted tokens' actors (none before the game is ready). */
export function targetedActors(): Actor.Implementation[] {
  const targets = game.user?.targets;
  if (!targets) return [];
  return [...targets].flatMap((token) => (token.actor ? [token.actor] : []));
}

/** The world's actors (none before the game is ready). */
export function worldActors(): Actor.Implementation[] {
  const actors = game.actors;
  if (!actors) return [];
  return [...actors] as Actor.Implementation[];
}

/** A world actor by id, or null. */
export function worldActor(id: string): Actor.Implementation | null {
  return (game.actors?.get(id) as Actor.Implementation | undefined) ?? null;
}
