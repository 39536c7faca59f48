/**
 * Learning and advancement (seed: "Skills" — attempting an unknown skill; "Skill Advancement").
 * Any skill may be attempted at level 0 and becomes level 1 after the attempt, except Knowledge
 * skills, which need study. After a session each skill rolled (and not learned that session) gets
 * a d10+ check: Auto advances, Flub does not, otherwise (roll + Focus) / 2 rounded down must exceed
 * the current level.
 */
import type { RandomSource } from "../../../dice/random";
import { d10PlusOutcomes, rollD10Plus, validateD10PlusRoll, type D10PlusRoll } from "./d10plus";
import { ADVANCEMENT_REASONS, SKILL_CATEGORY_KEYS, type AdvancementReason, type SkillCategoryKey } from "./keys";
import { floorDiv, requireIntegerAtLeast, requireOneOf } from "./validate";

/** Whether a character may attempt a skill at this level (Knowledge needs at least level 1). */
export function canAttemptSkill(category: SkillCategoryKey, level: number): boolean {
  const cat = requireOneOf(category, SKILL_CATEGORY_KEYS, "Skill category");
  requireIntegerAtLeast(level, 0, "Skill level");
  return level > 0 || cat !== "knowledge";
}

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
  readonly dice: readonly number[];
  readonly roll: D10PlusRoll | null;
  /** (number + Focus) / 2 rounded down, on a plain roll; otherwise null. */
  readonly score: number | null;
  readonly advanced: boolean;
  readonly reason: AdvancementReason;
  readonly level: number;
  readonly newLevel: number;
}

function checkInput(input: AdvancementInput): void {
  requireIntegerAtLeast(input.level, 1, "Skill level");
  requireIntegerAtLeast(input.focus, 1, "Focus");
}

/** Resolve an advancement check from a d10+ already rolled (roll null only for skills learned this session). */
export function resolveAdvancement(input: AdvancementInput, roll: D10PlusRoll | null): AdvancementResult {
  checkInput(input);
  if (roll !== null) validateD10PlusRoll(roll);
  return advance(input, roll);
}

/** resolveAdvancement without its guards, for rolls the core made itself (input already checked). */
function advance(input: AdvancementInput, roll: D10PlusRoll | null): AdvancementResult {
  const level = input.level;
  if (input.learnedThisSession) {
    return { level, dice: [], roll: null, score: null, advanced: false, reason: "learnedThisSession", newLevel: input.level };
  }
  if (roll === null) throw new RangeError("An advancement check needs a d10+ roll");
  if (roll.kind !== "number") {
    const advanced = roll.kind === "auto";
    return { level, dice: roll.dice, roll, score: null, advanced, reason: roll.kind, newLevel: level + (advanced ? 1 : 0) };
  }
  const score = floorDiv((roll.number ?? 0) + input.focus, 2);
  const advanced = score > level;
  return {
    level,
    dice: roll.dice,
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
  return advance(input, input.learnedThisSession ? null : rollD10Plus(rng));
}

export interface AdvancementOdds {
  readonly advanced: number;
  readonly notAdvanced: number;
  readonly byReason: Readonly<Record<AdvancementReason, number>>;
}

/** Exact odds of an advancement check. */
export function advancementOdds(input: AdvancementInput): AdvancementOdds {
  checkInput(input);
  const byReason = Object.fromEntries(ADVANCEMENT_REASONS.map((r) => [r, 0])) as Record<AdvancementReason, number>;
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

/** End of session: an advancement check for every used skill (learned skills get the no-check result). */
export function rollSessionAdvancement(skills: readonly SessionSkill[], focus: number, rng: RandomSource): readonly SessionAdvancement[] {
  requireIntegerAtLeast(focus, 1, "Focus");
  return skills
    .filter((s) => s.used || s.learnedThisSession)
    .map((s) => ({ key: s.key, result: rollAdvancement({ level: s.level, focus, learnedThisSession: s.learnedThisSession }, rng) }));
}
