/**
 * Hotbar macros. Dragging something rollable from a Breadbox sheet (a skill, an attribute, a
 * weapon) onto the macro bar creates a script macro that calls `game.breadbox.rollMacro(ref)`; the
 * macro rolls it for the speaking actor (the selected token's actor, else the user's character),
 * looking the thing up by name on that actor when it runs. A macro whose thing is gone, or run with
 * no suitable actor, says so in a notification and rolls nothing.
 *
 * Each ruleset registers a MacroHandler (what a drop becomes, how a reference rolls).
 */
import { format, localize } from "./game";

/** What a macro rolls: stored in its command (and flags) as plain data. */
export interface MacroRef {
  /** Ruleset id (the actor type that can roll it). */
  ruleset: string;
  /** Handler-defined kind: "skill", "weapon", "attribute", … */
  kind: string;
  /** Item name, or the attribute key. */
  name: string;
  /** Sub-attribute name (attributes only). */
  sub?: string;
}

/** A check of an actor, as a macro or the API names it: a MacroRef without its ruleset (the actor's). */
export type CheckRef = Omit<MacroRef, "ruleset">;

/**
 * What an inline check or a roll request adds to a check (src/core/requests): the difficulty the
 * ruleset's dialog starts at, in the ruleset's own words (`CheckWords.difficulty`).
 */
export interface CheckOptions {
  difficulty?: string;
}

/** A macro a drop should create. */
export interface MacroDraft {
  ref: MacroRef;
  /** Macro name shown on the bar. */
  label: string;
  img: string;
}

export interface MacroHandler {
  /** Item types a drop of which becomes a macro (others keep Foundry's default). */
  itemTypes: readonly string[];
  /** The macro a hotbar drop should create, or null when the drop is not this ruleset's. */
  fromDrop(data: Record<string, unknown>): Promise<MacroDraft | null>;
  /**
   * Roll `ref` for `actor` (an actor of this ruleset); a missing thing is reported, not thrown.
   * `options.difficulty` (an inline check's or a request's) is the dialog's starting difficulty.
   */
  run(actor: Actor.Implementation, ref: MacroRef, options?: CheckOptions): Promise<void>;
}

const handlers = new Map<string, MacroHandler>();
/** The world's ruleset (issue 23): only its drops become macros. Null until init (every ruleset's). */
let worldRuleset: string | null = null;

/** The item types a ruleset's drops turn into macros (none when it registered no handler). */
export function macroItemTypes(ruleset: string): readonly string[] {
  return handlers.get(ruleset)?.itemTypes ?? [];
}

/** The handlers whose drops become macros in this world: the world's ruleset's only. */
function dropHandlers(): MacroHandler[] {
  if (worldRuleset === null) return [...handlers.values()];
  const own = handlers.get(worldRuleset);
  return own ? [own] : [];
}

export function registerMacroHandler(ruleset: string, handler: MacroHandler): void {
  handlers.set(ruleset, handler);
}

/** Drag data type of an attribute row (Foundry drag data for a non-document). */
export const ATTRIBUTE_DRAG_TYPE = "breadbox.attribute";

/** The script a macro runs: one call with the reference as JSON. */
export function macroCommand(ref: MacroRef): string {
  return `await game.breadbox.rollMacro(${JSON.stringify(ref)});`;
}

function isRef(value: unknown): value is MacroRef {
  if (typeof value !== "object" || value === null) return false;
  const ruleset: unknown = Reflect.get(value, "ruleset");
  const kind: unknown = Reflect.get(value, "kind");
  const name: unknown = Reflect.get(value, "name");
  const sub: unknown = Reflect.get(value, "sub");
  return typeof ruleset === "string" && typeof kind === "string" && typeof name === "string" && (sub === undefined || typeof sub === "string");
}

/** The speaking actor: the selected token's actor, else the user's assigned character. */
export function speakingActor(): Actor.Implementation | null {
  const speaker = ChatMessage.getSpeaker();
  return ChatMessage.getSpeakerActor(speaker) ?? game.user?.character ?? null;
}

/** A macro whose reference no handler can read: said in an error notification. */
export function reportMalformedMacro(): void {
  ui.notifications?.error(localize("BREADBOX.Hotbar.Malformed"));
}

/** A macro whose thing (`kind`: skill, weapon, attribute…) is not on the speaking actor: said in a warning. */
export function reportMissing(actor: Actor.Implementation, kind: string, name: string): void {
  ui.notifications?.warn(format("BREADBOX.Hotbar.Missing", { actor: actor.name ?? "", kind: localize(`BREADBOX.Hotbar.Kind.${kind}`), name }));
}

/** What a ruleset's drops onto the hotbar become. */
export interface MacroDrops {
  ruleset: string;
  /** Item type → macro kind: a dropped item of one of these types becomes a macro rolling it by name. */
  itemKinds: Readonly<Record<string, string>>;
  /** The macro's image (an item's own image first). */
  img: string;
  /**
   * A dropped attribute row of this ruleset (its key): the reference's kind (and sub-attribute),
   * or null to refuse the drop. Without it attribute rows are not this ruleset's macros.
   */
  attribute?(key: string, data: Record<string, unknown>): Pick<MacroRef, "kind" | "sub"> | null;
}

/** The handler of a ruleset's macros: drops read as `drops` declares, references rolled by `run`. */
export function macroHandler(drops: MacroDrops, run: MacroHandler["run"]): MacroHandler {
  const { ruleset, itemKinds, img } = drops;
  async function fromDrop(data: Record<string, unknown>): Promise<MacroDraft | null> {
    if (data.type === "Item" && isUuid(data.uuid)) {
      const item = await fromUuid(data.uuid);
      if (!(item instanceof Item)) return null;
      const kind = Object.hasOwn(itemKinds, item.type) ? itemKinds[item.type] : undefined;
      if (!kind || !item.name) return null;
      return { ref: { ruleset, kind, name: item.name }, label: item.name, img: item.img ?? img };
    }
    if (drops.attribute && data.type === ATTRIBUTE_DRAG_TYPE && data.ruleset === ruleset && typeof data.key === "string") {
      const ref = drops.attribute(data.key, data);
      if (!ref) return null;
      const label = typeof data.label === "string" && data.label ? data.label : data.key;
      return { ref: { ruleset, name: data.key, ...ref }, label, img };
    }
    return null;
  }
  return { itemTypes: Object.keys(itemKinds), fromDrop, run };
}

/** Called by the macro: roll the referenced thing for the speaking actor. */
export async function rollMacro(ref: unknown): Promise<void> {
  if (!isRef(ref)) {
    reportMalformedMacro();
    return;
  }
  const handler = handlers.get(ref.ruleset);
  const actor = speakingActor();
  if (!handler || !actor) {
    ui.notifications?.warn(format("BREADBOX.Hotbar.NoActor", { name: ref.name }));
    return;
  }
  if (String(actor.type) !== ref.ruleset) {
    ui.notifications?.warn(format("BREADBOX.Hotbar.WrongRuleset", { actor: actor.name ?? "", name: ref.name }));
    return;
  }
  await handler.run(actor, ref);
}

/**
 * Roll a check for this actor as its ruleset's macro would (the ruleset's dialog, then its card);
 * false when the actor's ruleset has no macro handler (nothing rolled). A thing the actor lacks is
 * reported by the handler, as for a macro.
 */
export async function rollCheckFor(actor: Actor.Implementation, check: CheckRef, options: CheckOptions = {}): Promise<boolean> {
  // An actor's type is its ruleset's id; handlers are registered under ruleset ids.
  const ruleset = String(actor.type);
  const handler = handlers.get(ruleset);
  if (!handler) return false;
  await handler.run(actor, { ...check, ruleset }, options);
  return true;
}

/** hotbarDrop: a drop one of our handlers understands becomes (or reuses) a macro on that slot. */
export function onHotbarDrop(_bar: unknown, data: unknown, slot: unknown): boolean | void {
  if (typeof data !== "object" || data === null) return;
  const record: Record<string, unknown> = { ...data };
  const type = record.type;
  if (type !== "Item" && type !== ATTRIBUTE_DRAG_TYPE) return;
  // Decide synchronously whether the drop is ours (the hook's return value must be immediate).
  if (type === "Item") {
    const uuid = record.uuid;
    const item = isUuid(uuid) ? fromUuidSync(uuid) : null;
    if (!(item instanceof Item) || !dropHandlers().some((h) => h.itemTypes.includes(String(item.type)))) return;
  } else if (worldRuleset !== null && record.ruleset !== worldRuleset) return;
  void createMacro(record, Number(slot));
  return false;
}

type AnyUuid = Parameters<typeof fromUuidSync>[0];
export function isUuid(value: unknown): value is AnyUuid {
  return typeof value === "string" && value.includes(".");
}

async function createMacro(data: Record<string, unknown>, slot: number): Promise<void> {
  for (const handler of dropHandlers()) {
    const draft = await handler.fromDrop(data);
    if (!draft) continue;
    const command = macroCommand(draft.ref);
    const existing = game.macros?.find((m) => m.command === command && m.name === draft.label && m.isAuthor);
    const macro = existing ?? (await Macro.create({ name: draft.label, type: "script", img: draft.img, command }));
    if (macro) await game.user?.assignHotbarMacro(macro, slot);
    return;
  }
}

let registered = false;

/** Register the hotbarDrop hook (for the world's ruleset's drops) and `game.breadbox.rollMacro` (init). */
export function registerHotbar(world: string): void {
  worldRuleset = world;
  if (registered) return;
  registered = true;
  Hooks.on("hotbarDrop", onHotbarDrop);
  const existing: unknown = Reflect.get(game, "breadbox");
  Reflect.set(game, "breadbox", { ...(typeof existing === "object" && existing !== null ? existing : {}), rollMacro });
}
