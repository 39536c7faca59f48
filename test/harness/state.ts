/**
 * Shared mutable harness state: the objects installed as the globals CONFIG and game, and the
 * constants in CONST. Harness modules import these rather than reading globalThis.
 */
import type { AnyObject } from "./utils";

export const CONFIG: AnyObject = {};
export const game: AnyObject = {};
export const ui: AnyObject = {};

export const CONST = Object.freeze({
  DOCUMENT_OWNERSHIP_LEVELS: Object.freeze({ INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 }),
  USER_ROLES: Object.freeze({ NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 }),
  CHAT_MESSAGE_STYLES: Object.freeze({ OTHER: 0, OOC: 1, IC: 2, EMOTE: 3 }),
  DICE_ROLL_MODES: Object.freeze({ PUBLIC: "publicroll", PRIVATE: "gmroll", BLIND: "blindroll", SELF: "selfroll" }),
  ACTIVE_EFFECT_MODES: Object.freeze({ CUSTOM: 0, MULTIPLY: 1, ADD: 2, DOWNGRADE: 3, UPGRADE: 4, OVERRIDE: 5 }),
  TOKEN_DISPOSITIONS: Object.freeze({ SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 }),
  CHAT_MESSAGE_TYPES: undefined,
});

export const OWNERSHIP = CONST.DOCUMENT_OWNERSHIP_LEVELS;
