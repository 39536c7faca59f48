/**
 * Learning and advancement (seed: "Skills" — attempting an unknown skill; "Skill Advancement").
 * Any skill may be attempted at level 0 and becomes level 1 after the attempt, except Knowledge
 * skills, which need study. After a session each skill rolled (and not learned that session) gets
 * a d10+ check: Auto advances, Flub does not, otherwise (roll + Focus) / 2 rounded down must exceed
 * the current level.
 */
import { makeOdds, type Odds } from "../../../dice/contract";
import type { RandomSource } from "../../../dice/random";
import { canAttemptSkill, checkSkillLevel } from "./character";
import { d10PlusOutcomes, drawD10PlusFaces, resolveD10Plus, type D10PlusRoll } from "./d10plus";
import type { AdvancementReason, SkillCategoryKey } from "./keys";
import { MAX_ATTRIBUTE, MAX_SESSION_CHECKS } from "./limits";
import { floorDiv, requireArray, requireIntegerIn, requireRecord } from "./validate";

export interface AttemptResult {
  /** Skill level after the attempt has been resolved. */
  readonly level: number;
  /** True when the attempt taught the skill (level 0 → 1): no advancement check this session. */
  readonly learned: boolean;
}

/** Level after an attempt has been resolved: 0 becomes 1. Throws for an unstudied Knowledge skill. */
export function levelAfterAttempt(category: SkillCategoryKey, level: number): AttemptResult {
  if (!canAttemptSkill(category, level)) throw new RangeError("A Knowledge skill cannot be attempted without study (level 0)");
  return level === 0 ? { level: 1, learned: true } : { level, learned: false };
}

export interface AdvancementInput {
  /** Current skill level (≥ 1). */
  readonly level: number;
  /** Focus attribute level. */
  readonly focus: number;
  /** Learned during this session: no check is made. */
  readonly learnedThisSession?: boolean;
}

export interface AdvancementResult {
  /** Every d12 face rolled (empty when no check was made). */
  readonly faces: readonly number[];
  readonly roll: D10PlusRoll | null;
  /** (number + Focus) / 2 rounded down, on a plain roll; otherwise null. */
  readonly score: number | null;
  readonly advanced: boolean;
  readonly reason: AdvancementReason;
  readonly level: number;
  readonly newLevel: number;
}

function checkInput(input: AdvancementInput): void {
  requireRecord(input, "An advancement check");
  checkSkillLevel(input.level, 1);
  requireIntegerIn(input.focus, 1, MAX_ATTRIBUTE, "Focus");
  if (input.learnedThisSession !== undefined && typeof input.learnedThisSession !== "boolean") throw new RangeError("Learned this session must be true or false");
}

/**
 * Resolve an advancement check from the faces of its d10+ (both faces after a Flub or Auto); a
 * skill learned this session takes no faces.
 */
export function resolveAdvancement(input: AdvancementInput, faces: readonly number[]): AdvancementResult {
  checkInput(input);
  requireArray(faces, "Advancement faces");
  if (input.learnedThisSession) {
    if (faces.length !== 0) throw new RangeError(`A skill learned this session gets no advancement check, but ${faces.length} faces were given`);
    return advance(input, null);
  }
  if (faces.length === 0) throw new RangeError("An advancement check needs a d10+ roll");
  return advance(input, resolveD10Plus(faces));
}

/** The check itself, for an input already checked. */
function advance(input: AdvancementInput, roll: D10PlusRoll | null): AdvancementResult {
  const level = input.level;
  if (roll === null) {
    return { level, faces: [], roll: null, score: null, advanced: false, reason: "learnedThisSession", newLevel: input.level };
  }
  if (roll.kind !== "number") {
    const advanced = roll.kind === "auto";
    return { level, faces: roll.faces, roll, score: null, advanced, reason: roll.kind, newLevel: level + (advanced ? 1 : 0) };
  }
  const score = floorDiv((roll.number ?? 0) + input.focus, 2);
  const advanced = score > level;
  return {
    level,
    faces: roll.faces,
    roll,
    score,
    advanced,
    reason: advanced ? "rollHigher" : "rollNotHigher",
    newLevel: level + (advanced ? 1 : 0),
  };
}

/** Roll an end-of-session advancement check (no dice for a skill learned this session). */
export function rollAdvancement(input: AdvancementInput, rng: RandomSource): AdvancementResult {
  checkInput(input);
  return advance(input, input.learnedThisSession ? null : resolveD10Plus(drawD10PlusFaces(rng)));
}

export interface AdvancementOutcomeOdds {
  readonly advanced: number;
  readonly notAdvanced: number;
  readonly byReason: Readonly<Record<AdvancementReason, number>>;
}

/** Exact odds of an advancement check: advanced / not, and by reason. */
export function advancementOutcomeOdds(input: AdvancementInput): AdvancementOutcomeOdds {
  checkInput(input);
  const byReason: Record<AdvancementReason, number> = { auto: 0, flub: 0, rollHigher: 0, rollNotHigher: 0, learnedThisSession: 0 };
  if (input.learnedThisSession) {
    byReason.learnedThisSession = 1;
    return { advanced: 0, notAdvanced: 1, byReason };
  }
  let advanced = 0;
  let notAdvanced = 0;
  for (const { roll, p } of d10PlusOutcomes()) {
    const r = advance(input, roll);
    byReason[r.reason] += p;
    if (r.advanced) advanced += p;
    else notAdvanced += p;
  }
  return { advanced, notAdvanced, byReason };
}

/** Advancement reasons worst first (learnedThisSession stands alone: no check is made). */
export const ADVANCEMENT_ORDER: readonly AdvancementReason[] = ["flub", "rollNotHigher", "rollHigher", "auto"];

/**
 * Exact odds of an advancement check: outcomes flub, rollNotHigher, rollHigher, auto (or the single
 * outcome learnedThisSession); success = the skill advances.
 */
export function advancementOdds(input: AdvancementInput): Odds {
  const o = advancementOutcomeOdds(input);
  const keys: readonly AdvancementReason[] = input.learnedThisSession ? ["learnedThisSession"] : ADVANCEMENT_ORDER;
  return makeOdds({ success: o.advanced, outcomes: keys.map((key) => ({ key, p: o.byReason[key] })) });
}

/** A skill's session record, as the sheet keeps it. */
export interface SessionSkill {
  readonly key: string;
  readonly level: number;
  /** Rolled against during the session. */
  readonly used: boolean;
  readonly learnedThisSession: boolean;
}

export interface SessionAdvancement {
  readonly key: string;
  readonly result: AdvancementResult;
}

export interface SessionAdvancementInput {
  readonly skills: readonly SessionSkill[];
  readonly focus: number;
}

/**
 * End of session: an advancement check for every used skill (learned skills get the no-check
 * result). At most MAX_SESSION_CHECKS skills.
 */
export function rollSessionAdvancement(input: SessionAdvancementInput, rng: RandomSource): readonly SessionAdvancement[] {
  requireRecord(input, "A session's advancement");
  const skills = requireArray(input.skills, "Session skills");
  if (skills.length > MAX_SESSION_CHECKS) throw new RangeError(`At most ${MAX_SESSION_CHECKS} skills get an advancement check in one session, not ${skills.length}`);
  const focus = requireIntegerIn(input.focus, 1, MAX_ATTRIBUTE, "Focus");
  return skills
    .filter((s) => requireRecord(s, "Session skill").used || s.learnedThisSession)
    .map((s) => ({ key: s.key, result: rollAdvancement({ level: s.level, focus, learnedThisSession: s.learnedThisSession }, rng) }));
}
