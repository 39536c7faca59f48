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
