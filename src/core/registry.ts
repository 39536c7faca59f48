/**
 * The ruleset registry. Every ruleset is a plug-in folder under src/rulesets/<id>/ whose
 * register.ts exports a RulesetDefinition; src/index.ts hands each one to `registerRuleset` and
 * the core wires them into CONFIG during init. Adding a ruleset means one more definition here —
 * no other core file changes.
 */
import type { ChatActionHandler, DiceSoNicePreset, DieTermClass, RelayHandler } from "./plugin-types";
import type { ExchangeDefinition } from "./exchange/types";
import type { CheckOptions, CheckRef } from "./hotbar";
import type { Odds } from "../dice/contract";
import type { GroupForms } from "./requests/groups";
import { templatePath } from "./ids";
import { sheetTemplates } from "./sheets/layout";

/** A TypeDataModel subclass for a document sub-type. */
// The model classes are heterogeneous; the registry only stores and hands them to CONFIG.
export type ModelClass = typeof foundry.abstract.TypeDataModel<any, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A custom die: a Die subclass with a one-letter DENOMINATION. */
export type { DieTermClass } from "./plugin-types";
/** A Roll subclass. */
export type RollClass = Roll.AnyConstructor;
/** A status effect a ruleset adds to CONFIG.statusEffects. */
export interface StatusEffectSpec {
  id: string;
  name: string;
  img: string;
}

/** The attributes of a prototype token's two bars (null: no bar). */
export interface TokenBars {
  bar1: string | null;
  bar2: string | null;
}

export interface SheetRegistration {
  /** The ApplicationV2 sheet class. */
  sheetClass: foundry.applications.api.DocumentSheetV2.AnyConstructor;
  /** The sub-types it handles. */
  types: string[];
  /** Localization key of the sheet's label in the sheet configuration menu. */
  label: string;
}

export interface CombatRules {
  /** Initiative formula for a combatant of this ruleset, in Foundry dice notation. */
  initiativeFormula(actor: Actor.Implementation | null): string;
  /**
   * Optional: the formula for one combatant and the round it is rolled for, where initiative
   * depends on more than the actor (Flange: cumulative, the previous round's total plus failed
   * blocks). `previous` is the combatant's total of the round before when the tracker rolls a new
   * round (BreadboxCombat#rollRoundInitiative), null for a roll made by hand. Overrides
   * `initiativeFormula` when present.
   */
  combatantInitiativeFormula?(combatant: Combatant.Implementation, context: { round: number; previous: number | null }): string;
  /** Whether initiative is rolled again at the start of every round (world setting). */
  rerollEachRound(): boolean;
  /** Order of two combatants with equal initiative; negative puts a first. */
  breakTie?(a: Combatant.Implementation, b: Combatant.Implementation): number;
  /**
   * Optional: how a combatant's stored initiative reads in a tracker ("Auto 9" for a Toast rank,
   * "6" for a D10/0 quota whose tie-breaks live in the decimals), or null to show the number as is.
   * Read through `BreadboxCombatant#initiativeLabel`: the ruleset's tracker rows show it, and a
   * module that draws its own tracker can read it.
   */
  initiativeLabel?(combatant: Combatant.Implementation): string | null;
  /**
   * Optional: how the current round reads in a tracker ("Phase 7" on the Dice Pool's clock), or null
   * for Foundry's own wording. Read through `BreadboxCombat#roundLabel`: Breadbox's tracker shows it,
   * and a module that draws its own tracker can read it.
   */
  roundLabel?(combat: Combat.Implementation): string | null;
  /** Whether lower initiative acts first (default: higher first). */
  lowestFirst?: boolean;
  /** Work at the start of each new round (after initiative), e.g. bleeding. Runs on one client. */
  onRoundStart?(combat: Combat.Implementation): Promise<void>;
  /**
   * Take over "next turn" and "next round" (a clock that is not rounds, e.g. the Dice Pool's
   * phases): called instead of Foundry's own advance; return true when it handled the advance
   * (false falls back to Foundry's). Optional.
   */
  advance?(combat: Combat.Implementation): Promise<boolean>;
  /** Work when a combatant receives the turn (e.g. refill its action points). Runs on the active GM's client. */
  onTurnStart?(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void>;
  /** Work when a combatant's turn ends (e.g. forfeit unreserved points). Runs on the active GM's client. */
  onTurnEnd?(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void>;
  /**
   * Roll initiative for these combatants in place of Foundry's formula roll (Combat#rollInitiative,
   * and so rollAll, rollNPC and the tracker's buttons): for a ruleset whose initiative is not the
   * total of one formula (e.g. a rank that puts an automatic success above every total, or one roll
   * shared by a group). It stores the values and posts the cards itself.
   */
  rollInitiative?(combat: Combat.Implementation, ids: string[], options: InitiativeRollOptions): Promise<void>;
  /**
   * Optional: what a tracker row shows of this combatant beyond core's own (its state this round,
   * the controls its owner or the GM may use now), as data: Breadbox's tracker renders it in its
   * own row part, Token Action HUD lists the controls, and a module that draws its own tracker
   * reads it from `BreadboxCombatant#trackerRow` (docs/modules.md).
   */
  combatantRow?(combat: Combat.Implementation | Combat.Stored, combatant: Combatant.Implementation): CombatantRow | null;
}

/** A combatant's row as its ruleset describes it (`CombatRules.combatantRow`). */
export interface CombatantRow {
  /** CSS classes of the row's Breadbox part (its ruleset's look). */
  css?: string;
  /** What the row says of it (its state this round, its points left), in the user's language, each with its CSS classes. */
  badges: { label: string; css: string; tooltip?: string }[];
  /** The controls the current user may use now (none for the others). */
  controls: CombatAction[];
}

/**
 * One thing an actor can do in a fight besides its checks (Token Action HUD's combat group, a
 * tracker row's control): found again by `id` when clicked, so a click runs what is offered now.
 */
export interface CombatAction {
  /** Unique among the actor's actions of the moment. */
  id: string;
  /** Its name in the user's language. */
  label: string;
  /** Font Awesome classes of its icon. */
  icon?: string;
  img?: string;
  /** In a tracker row: extra CSS classes and `data-*` attributes of its button (e.g. `{"toast-turn": "hold"}`). */
  css?: string;
  dataset?: Record<string, string>;
  run(event?: Event | null): Promise<unknown>;
}

/** The options Combat#rollInitiative passes on to a ruleset's own initiative roll. */
export interface InitiativeRollOptions {
  /** Keep the turn on the combatant who had it before the re-sort (Foundry's default: true). */
  updateTurn: boolean;
}

/**
 * What a ruleset offers the public API (`game.breadbox.api`, docs/hooks.md). Rolling a check needs
 * nothing here: it goes through the ruleset's hotbar macro handler, as a macro's roll does.
 */
export interface RulesetApi {
  /**
   * Card types (`flags.breadbox.type`) of the ruleset's check cards: `breadbox.rollCheck` fires when
   * one is posted. Default: `["<id>Check"]`.
   */
  checkCards?: readonly string[];
  /**
   * The exact odds of a check of an actor of this ruleset with the check dialog's defaults (no
   * modifier, no spend), or null when it cannot give odds for that check (unknown, or not a plain check).
   */
  odds?(actor: Actor.Implementation, check: CheckRef, options?: CheckOptions): Odds | null;
  /** The ruleset's words for inline checks and roll requests (src/core/requests, docs/requests.md). */
  checkWords?: CheckWords;
  /**
   * The ruleset's goods: the item types a loot or trade module may move between actors (Item
   * Piles, src/modules/item-piles.ts). Every other item type (skills, traits, powers) never leaves
   * a character. Gear carries `system.quantity` and stacks; weapons and armour do not.
   */
  goods?: { weapon: string; armor: string; gear: string };
  /**
   * Every check this actor can roll, as its hotbar macro names it (rolled by `rollCheckFor`), each
   * in a group and labelled in the user's language, in sheet order (Token Action HUD,
   * src/modules/token-action-hud.ts).
   */
  checks?(actor: Actor.Implementation): RollableCheck[];
  /** Lang keys naming the check groups where the ruleset has its own word (e.g. "Abilities"). */
  checkGroupLabels?: Partial<Record<CheckGroup, string>>;
  /** The group forms a roll request may take in this ruleset, resolved by its own group rules (src/core/requests/groups.ts). */
  groupForms?: GroupForms;
  /**
   * The ruleset's own combat actions this actor may take now, beyond its checks, attacks, its
   * tracker row's controls and its defences (a D10/0 draw or reload, a Toaster hit-location roll),
   * for its owner (Token Action HUD, src/core/combat-actions.ts).
   */
  combatActions?(actor: Actor.Implementation): CombatAction[];
}

/** The groups a HUD shows an actor's checks in. */
export type CheckGroup = "attributes" | "skills" | "attacks";

/** One check an actor can roll (`RulesetApi.checks`). */
export interface RollableCheck {
  group: CheckGroup;
  check: CheckRef;
  /** Its name in the user's language. */
  label: string;
  /** The item it rolls, when it is an item's (a HUD opens its sheet on request). */
  itemId?: string;
  img?: string;
}

/**
 * How a ruleset reads an inline check or a roll request (`[[/check <thing> <difficulty>]]`): its
 * difficulty words and numbers, and which of an actor's checks a name means. A difficulty once
 * read is the ruleset's own string (`CheckOptions.difficulty`), handed back to its macro handler's
 * `run` and to `odds`.
 */
export interface CheckWords {
  /** The kinds a name may be prefixed with (`skill:Dodge`): CheckRef kinds of this ruleset. */
  kinds: readonly string[];
  /** The ruleset's difficulty for a word or number as written, or null when it is none of its words. */
  difficulty(word: string): string | null;
  /** The difficulty a request starts at when none is written (the check dialog's default). */
  defaultDifficulty(): string;
  /** Every difficulty word, for the GM's request form: value (as `difficulty` returns it) and label. */
  difficulties(): { value: string; label: string }[];
  /** The localized label of a difficulty `difficulty` returned (e.g. "Hard", "Difficulty 20"). */
  difficultyLabel(difficulty: string): string;
  /** The check of this actor a name (and kind, if written) means, or null when it has none. */
  checkOf(actor: Actor.Implementation, name: string, kind: string | null): CheckRef | null;
}

export interface RulesetDefinition {
  /** Ruleset id: also the Actor sub-type and the prefix of every Item sub-type. */
  id: string;
  /** Localization key of the ruleset's name. */
  label: string;
  /** Actor sub-types and their data models. */
  actorModels: Record<string, ModelClass>;
  /** Item sub-types and their data models. */
  itemModels: Record<string, ModelClass>;
  actorSheets: SheetRegistration[];
  itemSheets: SheetRegistration[];
  /** Custom DiceTerm classes, registered in CONFIG.Dice.terms under their DENOMINATION. */
  dieTerms?: DieTermClass[];
  /** How each custom die looks in Dice So Nice (face labels, 3D shape). Every die term needs one. */
  diceSoNice?: DiceSoNicePreset[];
  /** Roll subclasses, registered in CONFIG.Dice.rolls under their class name. */
  rolls?: RollClass[];
  combat?: CombatRules;
  /** Chat-card button handlers, keyed by action name (buttons carry data-action="<id>.<name>"). */
  chatActions?: Record<string, ChatActionHandler>;
  /** GM-side handlers for changes relayed from players, keyed by action name. */
  relayActions?: Record<string, RelayHandler>;
  /** Opposed exchanges run by core's exchange engine (src/core/exchange/engine.ts). */
  exchanges?: ExchangeDefinition[];
  /** Status effects this ruleset adds to CONFIG.statusEffects. */
  statusEffects?: StatusEffectSpec[];
  /** Bar attributes offered for tokens, per actor sub-type. */
  trackableAttributes?: Record<string, { bar: string[]; value: string[] }>;
  /**
   * The bars a new actor's prototype token shows, per actor sub-type (issue 18.4; system.json's
   * one `primaryTokenAttribute` would apply to every type). Each must be one of the type's
   * trackable bars; null for none. A type without an entry gets no bars.
   */
  tokenBars?: Record<string, TokenBars>;
  /** What the ruleset offers the public API (game.breadbox.api). */
  api?: RulesetApi;
  /** Register the ruleset's world settings (optional rules). */
  registerSettings?(): void;
  /** Templates to preload. */
  templates?: string[];
  /** Extra work at init (after the core has registered everything). */
  init?(): void;
  /** Extra work when the game is ready. */
  ready?(): void;
  /**
   * The ruleset's code that a world needs only once it plays this ruleset (issue 23): its sheets,
   * dialogs, chat and relay actions, exchanges, combat, API and init/ready work, imported on demand
   * (`import("./runtime")`, its own chunk) as parts folded into the definition by `completeRuleset`.
   * What Foundry needs at init stays in the definition itself (models, dice, rolls, settings,
   * statuses, token bars). A definition without it is complete from the start.
   */
  runtime?(): Promise<RulesetPart[]>;
}

/**
 * A part of a ruleset's definition, written by one area of the ruleset (e.g. its combat) so that
 * register.ts does not have to know each area's handlers. `withParts` folds parts into a definition.
 */
export type RulesetPart = Partial<Omit<RulesetDefinition, "id" | "label">>;

/**
 * What a runtime part may not bring (`completeRuleset`): Foundry reads these at init, before a
 * world's ruleset is loaded, so they belong in the definition itself.
 */
export const INIT_ONLY_FIELDS = ["actorModels", "itemModels", "dieTerms", "diceSoNice", "rolls", "statusEffects", "trackableAttributes", "tokenBars", "registerSettings", "runtime"] as const;

type Hook = (() => void) | undefined;
function chain(a: Hook, b: Hook): Hook {
  if (!a) return b;
  if (!b) return a;
  return () => {
    a();
    b();
  };
}
function mergeRecord<T>(id: string, what: string, a: Record<string, T> | undefined, b: Record<string, T> | undefined): Record<string, T> | undefined {
  if (!a) return b;
  if (!b) return a;
  for (const key of Object.keys(b)) {
    if (key in a) throw new Error(`Breadbox | ruleset ${id}: ${what} "${key}" is defined by two parts`);
  }
  return { ...a, ...b };
}
function concat<T>(a: T[] | undefined, b: T[] | undefined): T[] | undefined {
  if (!a) return b;
  if (!b) return a;
  return [...a, ...b];
}

/**
 * Fold parts into a definition: lists are concatenated, keyed tables merged (a key defined twice
 * is an error), hooks run in order, and `combat` and `runtime` may come from one place only.
 */
export function withParts(def: RulesetDefinition, ...parts: RulesetPart[]): RulesetDefinition {
  let out: RulesetDefinition = { ...def };
  for (const part of parts) {
    if (part.combat && out.combat) throw new Error(`Breadbox | ruleset ${def.id}: combat rules are defined by two parts`);
    if (part.runtime && out.runtime) throw new Error(`Breadbox | ruleset ${def.id}: its runtime is defined by two parts`);
    out = {
      ...out,
      actorModels: mergeRecord(def.id, "actor type", out.actorModels, part.actorModels) ?? {},
      itemModels: mergeRecord(def.id, "item type", out.itemModels, part.itemModels) ?? {},
      actorSheets: concat(out.actorSheets, part.actorSheets) ?? [],
      itemSheets: concat(out.itemSheets, part.itemSheets) ?? [],
      dieTerms: concat(out.dieTerms, part.dieTerms),
      diceSoNice: concat(out.diceSoNice, part.diceSoNice),
      rolls: concat(out.rolls, part.rolls),
      combat: out.combat ?? part.combat,
      api: out.api && part.api ? { ...out.api, ...part.api } : (out.api ?? part.api),
      chatActions: mergeRecord(def.id, "chat action", out.chatActions, part.chatActions),
      relayActions: mergeRecord(def.id, "relay action", out.relayActions, part.relayActions),
      exchanges: concat(out.exchanges, part.exchanges),
      statusEffects: concat(out.statusEffects, part.statusEffects),
      trackableAttributes: mergeRecord(def.id, "trackable attributes of", out.trackableAttributes, part.trackableAttributes),
      tokenBars: mergeRecord(def.id, "token bars of", out.tokenBars, part.tokenBars),
      registerSettings: chain(out.registerSettings, part.registerSettings),
      templates: concat(out.templates, part.templates),
      init: chain(out.init, part.init),
      ready: chain(out.ready, part.ready),
      runtime: out.runtime ?? part.runtime,
    };
  }
  return out;
}

/**
 * What every ruleset's definition has (`defineRuleset`): its id (also its actor sub-type, whose
 * model is `actorModel`), the lang prefix of its sheet labels (`<prefix>.Sheet.Actor`,
 * `<prefix>.Sheet.Item`, `<prefix>.Tab.<Tab>`), its item models (all handled by `itemSheet`), its
 * character sheet's tabs and its other templates to preload. Its sheets' templates are preloaded
 * from the tabs (src/core/sheets/layout.ts: the header and each tab, the item details, the shared
 * tab strip and item header).
 */
export type RulesetBasics = Pick<RulesetDefinition, "id" | "itemModels"> & {
  langPrefix: string;
  actorModel: ModelClass;
  /** The sheets, when they are in the definition itself (a ruleset that loads them later passes them to `rulesetSheets` in its runtime part). */
  actorSheet?: SheetRegistration["sheetClass"];
  itemSheet?: SheetRegistration["sheetClass"];
  /** The character sheet's tabs, in order (templates/<id>/actor/<tab>.hbs; `rulesetActorSheet`). */
  actorTabs: readonly string[];
  /** Its other templates to preload, by folder of templates/<id>/ and name: `{ chat: ["check-roll"] }`. */
  templates: Readonly<Record<string, readonly string[]>>;
};

/** What a ruleset's init and runtime both read (register.ts exports it): its id, lang prefix, item models and sheet tabs. */
export type RulesetSheetBasics = Pick<RulesetBasics, "id" | "langPrefix" | "itemModels" | "actorTabs">;

/**
 * A ruleset's definition: its basics (label `BREADBOX.Ruleset.<id>`, models, sheets, templates)
 * with the parts only it has folded in (`withParts`).
 */
export function defineRuleset(basics: RulesetBasics, ...parts: RulesetPart[]): RulesetDefinition {
  const { id, langPrefix, itemModels, actorSheet, itemSheet, actorTabs } = basics;
  const own = Object.entries(basics.templates).flatMap(([folder, names]) => names.map((name) => templatePath(`${id}/${folder}/${name}.hbs`)));
  const sheets = actorSheet && itemSheet ? rulesetSheets({ id, langPrefix, itemModels }, actorSheet, itemSheet) : { actorSheets: [], itemSheets: [] };
  return withParts(
    {
      id,
      label: `BREADBOX.Ruleset.${id}`,
      actorModels: { [id]: basics.actorModel },
      itemModels,
      actorSheets: sheets.actorSheets ?? [],
      itemSheets: sheets.itemSheets ?? [],
      templates: [...sheetTemplates(id, actorTabs), ...own],
    },
    ...parts,
  );
}

/**
 * A ruleset's actor sheet (for its actor type, the id) and item sheet (for every item type), labelled
 * `<prefix>.Sheet.Actor` / `<prefix>.Sheet.Item`: the part a runtime brings its sheets in.
 */
export function rulesetSheets(basics: Pick<RulesetBasics, "id" | "langPrefix" | "itemModels">, actorSheet: SheetRegistration["sheetClass"], itemSheet: SheetRegistration["sheetClass"]): RulesetPart {
  const { id, langPrefix, itemModels } = basics;
  return {
    actorSheets: [{ sheetClass: actorSheet, types: [id], label: `${langPrefix}.Sheet.Actor` }],
    itemSheets: [{ sheetClass: itemSheet, types: Object.keys(itemModels), label: `${langPrefix}.Sheet.Item` }],
  };
}

const rulesets = new Map<string, RulesetDefinition>();

export function registerRuleset(def: RulesetDefinition): void {
  if (rulesets.has(def.id)) throw new Error(`Breadbox | ruleset ${def.id} is registered twice`);
  for (const type of Object.keys(def.itemModels)) {
    if (!type.startsWith(def.id)) throw new Error(`Breadbox | item type ${type} must start with its ruleset id ${def.id}`);
  }
  rulesets.set(def.id, def);
}

/**
 * Fold a ruleset's runtime parts into its registered definition (src/core/lazy.ts calls it once the
 * part is imported); the definition is complete from then on (no `runtime`). A part that brings
 * something Foundry reads at init (`INIT_ONLY_FIELDS`) is a programming error and throws.
 */
export function completeRuleset(id: string, parts: RulesetPart[]): RulesetDefinition {
  const def = rulesets.get(id);
  if (!def) throw new Error(`Breadbox | ruleset ${id} is not registered`);
  for (const part of parts) {
    for (const field of INIT_ONLY_FIELDS) {
      if (part[field] !== undefined) throw new Error(`Breadbox | ruleset ${id}: its runtime part brings ${field}, which Foundry needs at init`);
    }
  }
  const { runtime: _loaded, ...rest } = withParts(def, ...parts);
  rulesets.set(id, rest);
  return rest;
}

export function getRuleset(id: string): RulesetDefinition | undefined {
  return rulesets.get(id);
}

export function allRulesets(): RulesetDefinition[] {
  return [...rulesets.values()];
}

/** The ruleset a document sub-type belongs to (actor types are ruleset ids; item types are prefixed). */
export function rulesetOfType(type: string): string | undefined {
  if (rulesets.has(type)) return type;
  let best: string | undefined;
  for (const def of rulesets.values()) {
    if (type in def.itemModels || type in def.actorModels) return def.id;
    if (type.startsWith(def.id) && (!best || def.id.length > best.length)) best = def.id;
  }
  return best;
}

/** The default token bars of an actor sub-type (none when its ruleset names none). */
export function tokenBarsOf(type: string): TokenBars {
  for (const def of rulesets.values()) {
    const bars = def.tokenBars?.[type];
    if (bars) return bars;
  }
  return { bar1: null, bar2: null };
}

/** The ruleset whose check card has this card type (`RulesetApi.checkCards`), if any. */
export function rulesetOfCheckCard(type: unknown): string | undefined {
  if (typeof type !== "string") return undefined;
  for (const def of rulesets.values()) if ((def.api?.checkCards ?? [`${def.id}Check`]).includes(type)) return def.id;
  return undefined;
}

/** Test helper: forget every ruleset. */
export function clearRulesets(): void {
  rulesets.clear();
}
