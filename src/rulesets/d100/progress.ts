/**
 * What a player does with the sheet between and during scenes (seed: "Progression Points",
 * "Skill Points", "Health Points", "Keeping Healthy", "Failing Health", "Karma"): buy skill points
 * for a root, raise a skill with reserve points at the exchange rate, buy a Health increase, buy
 * off a karma mark, rest for days (recovery below Normal, fading above it), the dying character's
 * check. Every rule comes from the rules core; a refused purchase throws a localized Error and
 * changes nothing.
 */
import * as R from "./rules";
import { format, localize, modelOf } from "../../core/game";
import { D100ActorModel } from "./data/actor";
import { D100PowerModel, D100SkillModel, D100TabModel } from "./data/items";
import { d100PlayRules } from "./settings";
import type { MessageMode } from "../../core/compat";
import { currentMessageMode } from "../../core/compat";
import type { D100CheckRoll } from "./dice/check-roll";
import { buildCheck, defaultChoices, rollBuiltCheck } from "./checks";

function model(actor: Actor.Implementation): D100ActorModel {
  const m = modelOf(actor, D100ActorModel);
  if (!m) throw new Error(localize("BREADBOX.D100.Error.NotACharacter"));
  return m;
}

function ledger(m: D100ActorModel): R.ProgressionLedger {
  return { earned: m.progression.earned, spent: m.progression.spent };
}

function reserveOf(m: D100ActorModel): R.ReserveSkillPoints {
  const byRoot: Partial<Record<R.RootSkillKey, number>> = {};
  for (const k of R.ROOT_SKILL_KEYS) byRoot[k] = m.reserveSkillPoints[k];
  return { any: m.reserveSkillPoints.any, byRoot };
}

function reserveUpdate(r: R.ReserveSkillPoints): Record<string, number> {
  const out: Record<string, number> = { any: r.any };
  for (const k of R.ROOT_SKILL_KEYS) out[k] = r.byRoot[k] ?? 0;
  return out;
}

/** Spend Progression Points through the core; throws a localized error when short. */
function pay(m: D100ActorModel, item: R.PurchaseItem, options: { cost?: number; tabDegree?: number } = {}): R.ProgressionLedger {
  const cost = R.purchaseCost(item, options);
  if (cost > m.progressionAvailable) throw new Error(format("BREADBOX.D100.Progression.Short", { cost, available: m.progressionAvailable }));
  return R.purchase(ledger(m), item, options).ledger;
}

/** 5 PP: skill points equal to the root's two majors, kept for that root and its branches. */
export async function buySkillPoints(actor: Actor.Implementation, root: R.RootSkillKey): Promise<number> {
  const m = model(actor);
  const majors = m.skillTree.roots[root].majors;
  const points = R.skillPointsPerPurchase(m.attributeScores, root, majors);
  const progression = pay(m, "skillPointPurchase");
  const reserve = R.addRootSkillPoints(reserveOf(m), root, points);
  await actor.update({ system: { progression: { earned: progression.earned, spent: progression.spent }, reserveSkillPoints: reserveUpdate(reserve) } });
  return points;
}

/** Raise a skill's Adjust by one, paying the exchange rate from the reserve under its root. */
export async function raiseSkill(actor: Actor.Implementation, skillId: string): Promise<number> {
  const m = model(actor);
  const row = m.skillRows.find((r) => r.id === skillId);
  if (!row) throw new Error(format("BREADBOX.D100.Error.UnknownTarget", { target: skillId }));
  const cost = R.incrementCost(row.adjust);
  const have = R.reserveFor(reserveOf(m), row.root);
  if (cost > have) throw new Error(format("BREADBOX.D100.Skill.Short", { name: row.name, cost, available: have }));
  const reserve = R.spendReserve(reserveOf(m), row.root, cost);
  if (row.parent === null) {
    await actor.update({ system: { skills: { [row.root]: { adjust: row.adjust + 1 } }, reserveSkillPoints: reserveUpdate(reserve) } });
  } else {
    const item = actor.items.get(row.itemId);
    if (!modelOf(item, D100SkillModel) || !item) throw new Error(format("BREADBOX.D100.Error.UnknownTarget", { target: skillId }));
    await item.update({ system: { adjust: row.adjust + 1 } });
    await actor.update({ system: { reserveSkillPoints: reserveUpdate(reserve) } });
  }
  return cost;
}

/**
 * Buy a new branch skill under a skill (seed: "Skill Trees": "purchase a new branch skill by
 * spending 1 skill point"): the point comes from the reserve the parent's root may use (its own
 * points first) and is the branch's first point of Adjust. Refused when short; nothing changes.
 */
export async function buyBranch(actor: Actor.Implementation, parentId: string, name: string): Promise<void> {
  const m = model(actor);
  const parent = m.skillRows.find((r) => r.id === parentId);
  if (!parent) throw new Error(format("BREADBOX.D100.Error.UnknownTarget", { target: parentId }));
  const have = R.reserveFor(reserveOf(m), parent.root);
  if (R.NEW_BRANCH_COST > have) throw new Error(format("BREADBOX.D100.Skill.BranchShort", { cost: R.NEW_BRANCH_COST, available: have }));
  const reserve = R.spendReserve(reserveOf(m), parent.root, R.NEW_BRANCH_COST);
  await actor.update({ system: { reserveSkillPoints: reserveUpdate(reserve) } });
  await actor.createEmbeddedDocuments("Item", [{ name, type: "d100Skill", system: { parentSkill: parent.id, adjust: R.NEW_BRANCH_COST } }]);
}

/** 5 PP: Normal health + average(EN, SP) rounded up; Current rises alike. */
export async function buyHealthIncrease(actor: Actor.Implementation): Promise<number> {
  const m = model(actor);
  const progression = pay(m, "healthIncrease");
  const n = m.healthIncrease;
  await actor.update({ system: { progression: { earned: progression.earned, spent: progression.spent }, health: { bonus: m.health.bonus + n, current: m.health.current + n } } });
  return n;
}

/** Award Progression Points by the standard reward table (the GM). */
export async function awardProgression(actor: Actor.Implementation, degree: R.RewardDegree): Promise<number> {
  const m = model(actor);
  const next = R.award(ledger(m), degree);
  await actor.update({ system: { progression: { earned: next.earned } } });
  return next.earned - m.progression.earned;
}

/** Buy off a karma mark for its value in Progression Points. */
export async function buyOffKarma(actor: Actor.Implementation, index: number): Promise<number> {
  const m = model(actor);
  const mark = m.karma.marks[index];
  if (!mark) throw new Error(format("BREADBOX.D100.Error.UnknownTarget", { target: String(index) }));
  if (mark.value === 0) throw new Error(format("BREADBOX.D100.Karma.NoValue", { name: mark.name }));
  const cost = R.karmaBuyOffCost({ key: mark.name, text: mark.text, value: mark.value });
  const progression = pay(m, "karma", { cost });
  const marks = m.karma.marks.filter((_, i) => i !== index).map((k) => ({ ...k }));
  await actor.update({ system: { progression: { earned: progression.earned, spent: progression.spent }, karma: { marks } } });
  return cost;
}

/**
 * Pass days: below Normal, the core's recovery (rate × days × care, never past Normal); above
 * Normal, extra health fades by the daily rate per day down to Normal (setting "exceptionalFade";
 * our decision, docs/rules/d100.md). Returns the change to Current.
 */
export async function rest(actor: Actor.Implementation, days: number, care: R.CareLevel): Promise<number> {
  const m = model(actor);
  R.requireInt("Days", days, 1, 3650);
  const health = { normal: m.healthNormal, current: m.health.current };
  let current = health.current;
  if (current < health.normal) current = R.recover(health, m.attributeScores, days, care).health.current;
  else if (current > health.normal && d100PlayRules().exceptionalFade === "perDay") current = Math.max(health.normal, current - m.dailyRecovery * days);
  if (current !== health.current) await actor.update({ system: { health: { current } } });
  return current - health.current;
}

/**
 * The dying character's check to avoid further degradation (our decision, docs/rules/d100.md):
 * an Endurance check at the setting's difficulty; a failure costs as many health points as its
 * Degree of Failure, a miss or a success holds. Posted as a check card saying what happened.
 */
export async function dyingCheck(actor: Actor.Implementation, mode: MessageMode = currentMessageMode()): Promise<D100CheckRoll | null> {
  const m = model(actor);
  if (m.healthState !== "dying") throw new Error(localize("BREADBOX.D100.Dying.NotDying"));
  const rules = d100PlayRules();
  const ladder = R.DIFFICULTY_KEYS[rules.dyingCheckDifficulty] ?? "average";
  // The check to avoid degradation is the dying character's own: no dying penalty on top.
  const built = buildCheck(actor, defaultChoices({ target: "attribute:endurance", ladder }, rules), { ...rules, dyingDifficulty: 0 });
  built.options.title = format("BREADBOX.D100.Dying.Title", { name: actor.name ?? "" });
  return rollBuiltCheck(actor, built, mode, async (roll) => {
    const r = roll.checkResult;
    if (!r) return null;
    const loss = r.outcome === "failure" ? -r.degree : 0;
    if (loss > 0) await actor.update({ system: { health: { current: m.health.current - loss } } });
    return { dyingLoss: loss };
  });
}

/** Items whose payment is under way on this client (a double click must not charge twice). */
const paying = new Set<string>();

/**
 * Pay Progression Points for a TAB (5–10 by degree; an untiered TAB costs 5) or a power (10)
 * the character takes during play. Burdens are not bought. The item records that it has been
 * paid (`system.paid`); paying again is refused with a message and nothing changes.
 */
export async function buyItem(actor: Actor.Implementation, itemId: string): Promise<number> {
  const m = model(actor);
  const item = actor.items.get(itemId);
  const tab = modelOf(item, D100TabModel);
  const power = modelOf(item, D100PowerModel);
  if (!item || (!power && (!tab || tab.kind === "burden"))) throw new Error(format("BREADBOX.D100.Error.UnknownTarget", { target: item?.name ?? itemId }));
  if (tab?.paid || power?.paid || paying.has(item.uuid)) throw new Error(format("BREADBOX.D100.Paid.Already", { name: item.name }));
  const progression = tab ? pay(m, "tab", { tabDegree: Math.max(1, tab.degree) }) : pay(m, "power");
  paying.add(item.uuid);
  try {
    await actor.update({ system: { progression: { earned: progression.earned, spent: progression.spent } } });
    await item.update({ system: { paid: true } });
  } finally {
    paying.delete(item.uuid);
  }
  return progression.spent - m.progression.spent;
}

/** A GM's skill-point reward (seed: "Skill Improvement"): the kind's most points, kept in reserve for any skill. */
export async function rewardSkillPoints(actor: Actor.Implementation, kind: R.SkillRewardKind): Promise<number> {
  const m = model(actor);
  const points = R.skillPointReward(kind, R.SKILL_REWARD_MAXIMA[kind] ?? 1);
  await actor.update({ system: { reserveSkillPoints: { any: m.reserveSkillPoints.any + points } } });
  return points;
}
