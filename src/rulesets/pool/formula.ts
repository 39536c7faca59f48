/**
 * The Dice Pool typed in chat: `/pool 3a 2b d10-1 vs 15 deg 1 # Pick the lock`.
 *
 * Grammar (case-insensitive; the dice tokens may be written together, `3a2b1p`):
 *   /pool <n>a [<n>b] [<n>p] [die] [vs <Difficulty>] [deg <required degree>] [phobe] [# title]
 * - `a` Add dice (required, 0 allowed: such a pool always botches), `b` Bonus dice, `p` Penalty
 *   dice (Bonus and Penalty dice cancel one for one, as in the dialog);
 * - die: `d8` (default), `d10-1`, `d12-2`, `d6+1`, `d4+2`;
 * - `vs` (or `dc`) the Difficulty (default 15, the dialog's), `deg` the required Degree of Success;
 * - `phobe`: the dice-phobe total instead of a roll.
 * `/pool group [mode]` opens the group-check dialog (group.ts) for the speaking actor and the
 * selected tokens, optionally set to a mode (simpleAddition, combiningDice, worstRoller, eitherOr,
 * direct, indirect).
 * The formula becomes the same PoolCheckRoll the dialog posts (Foundry's dice, classified by the
 * rules core), with the world's die-substitution setting and the user's current roll mode. Bad
 * input is refused with a localized message and posts nothing.
 */
import * as R from "./rules";
import { format, localize } from "../../core/game";
import { SYSTEM_ID } from "../../core/ids";
import { audienceForMode, currentMessageMode } from "../../core/compat";
import { postCard } from "../../core/chat/post";
import { PoolCheckRoll, type PoolCheckOptions, type PoolResolution } from "./dice/pool-roll";
import { DEFAULT_DIFFICULTY } from "./checks";
import { poolRules } from "./settings";
import { GROUP_MODES, type GroupMode } from "./group";
import { performGroupCheck } from "./group-check";

/** What a pool formula asks for (before Bonus and Penalty dice cancel). */
export interface PoolFormula {
  addDice: number;
  bonusDice: number;
  penaltyDice: number;
  die: R.DieKey;
  difficulty: number;
  requiredDegree: number;
  resolution: PoolResolution;
  /** The text after `#` (may be empty). */
  label: string;
}

/** The chat command that starts a pool formula. */
export const POOL_COMMAND = "/pool";

/** A formula longer than this is refused outright (bounds the parser's loop). */
export const MAX_FORMULA_LENGTH = 500;

/** Whether a chat message is a pool formula (the command, then nothing or whitespace). */
export function isPoolCommand(message: string): boolean {
  return /^\/pool(?:\s|$)/i.test(message.trimStart());
}

function fail(key: string, data: Record<string, string | number> = {}): never {
  throw new Error(format(`BREADBOX.Pool.Formula.${key}`, data));
}

function count(text: string, max: number): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n > max) fail("TooLarge", { value: text, max });
  return n;
}

/**
 * Read a pool formula (with or without the leading `/pool`). Throws an Error with a localized
 * message naming the part it cannot read; never guesses.
 */
export function parsePoolFormula(message: string): PoolFormula {
  if (message.length > MAX_FORMULA_LENGTH) fail("TooLong", { max: MAX_FORMULA_LENGTH });
  let text = message.trim();
  if (/^\/pool\b/i.test(text)) text = text.slice(POOL_COMMAND.length);
  const hash = text.indexOf("#");
  const label = hash >= 0 ? text.slice(hash + 1).trim() : "";
  let rest = (hash >= 0 ? text.slice(0, hash) : text).replace(/\u2212/g, "-").trim();
  const seen = new Set<string>();
  const once = (what: string) => {
    if (seen.has(what)) fail("Twice", { part: what });
    seen.add(what);
  };
  const out: PoolFormula = { addDice: 0, bonusDice: 0, penaltyDice: 0, die: "d8", difficulty: DEFAULT_DIFFICULTY, requiredDegree: 0, resolution: "roll", label };
  // Every pass consumes at least one character, so the loop ends within the text's length.
  for (let guard = 0; rest !== "" && guard <= MAX_FORMULA_LENGTH; guard++) {
    let m: RegExpExecArray | null;
    if ((m = /^(\d+)\s*([abp])(?![a-z])/i.exec(rest))) {
      const kind = m[2].toLowerCase();
      once(kind);
      const n = count(m[1], R.MAX_POOL_DICE);
      if (kind === "a") out.addDice = n;
      else if (kind === "b") out.bonusDice = n;
      else out.penaltyDice = n;
    } else if ((m = /^\(?d\d+(?:\s*[-+]\s*\d+)?\)?(?![a-z0-9])/i.exec(rest))) {
      once("d");
      try {
        out.die = R.parseDieNotation(m[0]);
      } catch {
        fail("BadDie", { value: m[0] });
      }
    } else if ((m = /^(?:vs|dc)\s*(-?\d+)(?![a-z0-9])/i.exec(rest))) {
      once("vs");
      const n = Number(m[1]);
      if (!Number.isSafeInteger(n) || Math.abs(n) > R.MAX_DIFFICULTY) fail("TooLarge", { value: m[1], max: R.MAX_DIFFICULTY });
      out.difficulty = n;
    } else if ((m = /^(?:deg|degree)\s*(\d+)(?![a-z0-9])/i.exec(rest))) {
      once("deg");
      out.requiredDegree = count(m[1], R.MAX_DIFFICULTY);
    } else if ((m = /^phobe(?![a-z0-9])/i.exec(rest))) {
      once("phobe");
      out.resolution = "dicePhobe";
    } else {
      fail("Unreadable", { part: rest.split(/\s+/)[0] ?? rest });
    }
    rest = rest.slice(m[0].length).trim();
  }
  if (!seen.has("a")) fail("NoAddDice");
  return out;
}

/** The check options of a formula: the pool after cancelling, and the formula as its one source. */
export function formulaOptions(f: PoolFormula, rules = poolRules()): PoolCheckOptions {
  if (!rules.dieSubstitution && f.die !== "d8") fail("NoSubstitution", { die: localize(`BREADBOX.Pool.Die.${f.die}`) });
  let pool: R.PoolSpec;
  try {
    pool = R.makePool({ addDice: f.addDice, bonusDice: f.bonusDice, penaltyDice: f.penaltyDice, die: f.die });
  } catch (err) {
    if (err instanceof RangeError) fail("TooManyDice", { max: R.MAX_POOL_DICE });
    throw err;
  }
  return {
    title: f.label || localize("BREADBOX.Pool.Formula.Title"),
    pool,
    difficulty: f.difficulty,
    requiredDegree: f.requiredDegree,
    parts: [{ label: localize("BREADBOX.Pool.Formula.Source"), add: f.addDice, bonus: f.bonusDice, penalty: f.penaltyDice }],
    resolution: f.resolution,
  };
}

/** Roll a typed pool formula and post its card; a formula that cannot be read is reported, nothing posted. */
export async function rollPoolFormula(message: string): Promise<PoolCheckRoll | null> {
  let options: PoolCheckOptions;
  try {
    options = formulaOptions(parsePoolFormula(message));
  } catch (err) {
    ui.notifications?.error(err instanceof Error ? err.message : String(err));
    return null;
  }
  const roll = PoolCheckRoll.fromCheck(options);
  await roll.evaluate();
  await postCard(
    { speaker: ChatMessage.getSpeaker(), rolls: [roll], flags: { [SYSTEM_ID]: { type: "poolCheck" } } },
    audienceForMode(currentMessageMode()),
  );
  return roll;
}

/** `/pool group [mode]`: open the group dialog (see group.ts), or null when the message is not one. */
export function groupCommandMode(message: string): GroupMode | "" | null {
  const m = /^\/pool\s+group(?:\s+(\S+))?\s*$/i.exec(message.trim());
  if (!m) return null;
  const asked = m[1]?.toLowerCase() ?? "";
  if (asked === "") return "";
  const mode = GROUP_MODES.find((k) => k.toLowerCase() === asked);
  if (mode === undefined) fail("UnknownMode", { mode: m[1] ?? "", modes: GROUP_MODES.join(", ") });
  return mode;
}

/** The speaking actor (the selected token's, else the user's character), for `/pool group`. */
function speakingActor(): Actor.Implementation | null {
  return ChatMessage.getSpeakerActor(ChatMessage.getSpeaker()) ?? game.user?.character ?? null;
}

/** The `chatMessage` hook: a `/pool …` message is rolled (or opens the group dialog) here and not posted as text. */
export function onChatMessage(_log: unknown, message: unknown): boolean | void {
  if (typeof message !== "string" || !isPoolCommand(message)) return;
  let mode: GroupMode | "" | null;
  try {
    mode = groupCommandMode(message);
  } catch (err) {
    ui.notifications?.error(err instanceof Error ? err.message : String(err));
    return false;
  }
  if (mode === null) void rollPoolFormula(message);
  else void performGroupCheck(speakingActor(), mode ? { mode } : {});
  return false;
}
