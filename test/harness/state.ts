/**
 * Shared mutable harness state: the objects installed as the globals CONFIG and game, and the
 * constants in CONST. Harness modules import these rather than reading globalThis.
 */
import type { AnyObject } from "./utils";
import { harnessGeneration } from "./profile";
import { deprecatedProperty } from "./deprecation";

export const CONFIG: AnyObject = {};
export const game: AnyObject = {};
export const ui: AnyObject = {};

const ACTIVE_EFFECT_MODES = Object.freeze({ CUSTOM: 0, MULTIPLY: 1, ADD: 2, DOWNGRADE: 3, UPGRADE: 4, OVERRIDE: 5 });

/** v14: change types are strings (foundryvtt#13566; CONST.ACTIVE_EFFECT_CHANGE_TYPES). */
export const ACTIVE_EFFECT_CHANGE_TYPES = Object.freeze({ CUSTOM: "custom", ADD: "add", MULTIPLY: "multiply", OVERRIDE: "override", UPGRADE: "upgrade", DOWNGRADE: "downgrade" });

function buildConst(): Readonly<AnyObject> {
  const c: AnyObject = {
    DOCUMENT_OWNERSHIP_LEVELS: Object.freeze({ INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 }),
    USER_ROLES: Object.freeze({ NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 }),
    CHAT_MESSAGE_STYLES: Object.freeze({ OTHER: 0, OOC: 1, IC: 2, EMOTE: 3 }),
    DICE_ROLL_MODES: Object.freeze({ PUBLIC: "publicroll", PRIVATE: "gmroll", BLIND: "blindroll", SELF: "selfroll" }),
    TOKEN_DISPOSITIONS: Object.freeze({ SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 }),
    CHAT_MESSAGE_TYPES: undefined,
  };
  if (harnessGeneration() === "14") {
    c.ACTIVE_EFFECT_CHANGE_TYPES = ACTIVE_EFFECT_CHANGE_TYPES;
    // v14 keeps the numeric modes only as a deprecated alias (changes have a string `type`).
    deprecatedProperty(c, "ACTIVE_EFFECT_MODES", () => ACTIVE_EFFECT_MODES, "CONST.ACTIVE_EFFECT_MODES is deprecated: Active Effect changes have a string type (CONST.ACTIVE_EFFECT_CHANGE_TYPES)", 14, 16);
  } else {
    c.ACTIVE_EFFECT_MODES = ACTIVE_EFFECT_MODES;
  }
  return Object.freeze(c);
}

export const CONST = buildConst();

export const OWNERSHIP = CONST.DOCUMENT_OWNERSHIP_LEVELS;

/**
 * Which client is running. Foundry runs one client per user, each in its own browser; the harness
 * runs every client in one process. Under Node (test/harness/setup.ts) an AsyncLocalStorage keeps
 * each client's user with its own async work — a GM's hook that awaits keeps acting as the GM
 * while a player's request runs meanwhile, as on two machines. Without it (the browser test bed)
 * the user is one global that asUser/query/hook broadcasts swap.
 */
export interface ClientStorage {
  run<T>(store: { user: unknown }, fn: () => T): T;
  getStore(): { user: unknown } | undefined;
}
let clientStorage: ClientStorage | null = null;

export function installClientContext(storage: ClientStorage): void {
  clientStorage = storage;
  let base: unknown = game.user ?? null;
  Object.defineProperty(game, "user", {
    configurable: true,
    enumerable: true,
    get: () => clientStorage?.getStore()?.user ?? base,
    set: (value: unknown) => {
      base = value;
    },
  });
  Object.defineProperty(game, "userId", {
    configurable: true,
    enumerable: true,
    get: () => (game.user as { id?: string } | null)?.id ?? null,
    set: () => undefined,
  });
}

/** Run `fn` as `user`'s client, or null when the harness has no per-client context (browser). */
export function runAsClient<T>(user: unknown, fn: () => T): { result: T } | null {
  if (!clientStorage) return null;
  return { result: clientStorage.run({ user }, fn) };
}
