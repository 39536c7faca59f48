/**
 * What a D10/0 attack is and what it costs, from the documents (seed: "DAT", "Advanced
 * Simulations"): the attack dialog's choices and their limits, the actions a weapon offers (a simple
 * attack, its fire blocks), the skill it checks, the check as the play part builds it, the AP (the
 * power action's too), the rounds and the power points — and paying them. The exchange
 * (attack.ts) checks, rolls and resolves with these.
 */
import * as R from "../rules";
import { requireModel } from "../../../core/foundry";
import { format, localize, modelOf } from "../../../core/game";
import { D100ActorModel } from "../data/actor";
import { D100PowerModel } from "../data/items";
import type { WeaponRange } from "../data/weapons";
import { D100WeaponModel } from "../data/weapons";
import { fireBlocksOf } from "../fire-blocks";
import { buildCheck, defaultChoices, powerKeys, type BuiltCheck } from "../checks";
import { boolInput, checkInputs, choiceInput, intInput, keyInput, type InputDeclaration, type InputValues } from "../../../core/forms/inputs";
import { powerActionCost } from "../powers";
import type { D100CombatRules } from "./settings";
import { consumePendingAttack, pendingAttack, refusalMessage, spendNow, writeSpend } from "./ap";

/** Difficulties an attack dialog offers (the ladder's −60…+60 on the skill scale). */
export const ATTACK_DIFFICULTY_LIMIT = 60;
/** Largest X a dialog offers (the core's cap). */
export const MAX_X = 20;
/** Largest X of a power action spent in the attack dialog. */
export const MAX_POWER_X = 100;

/** What the attack dialog chooses. */
export interface AttackChoice {
  ladder: (typeof R.DIFFICULTY_KEYS)[number];
  /** Change to the ladder's difficulty (TABs, powers, situation), −60…60. */
  modifier: number;
  /** Fire block index, or -1 for a simple attack. */
  block: number;
  x: number | null;
  apChoice: number | null;
  overflow: boolean;
  criticalArea: boolean;
  /** A power action spent on the attack ("<item id>:<index>", "" for none) and its X. */
  power?: string;
  powerX?: number;
}

/** An attack's choices as checked against the documents: the weapon and what the dialog offers. */
export interface Attack extends Required<AttackChoice> {
  weapon: Item.Implementation;
  x: number;
}

/** What an attack costs and checks, rebuilt from the documents. */
export interface AttackCost {
  title: string;
  skill: { id: string; name: string; total: number };
  built: BuiltCheck;
  /** The fire block chosen (null: a simple attack) with its X or AP choice. */
  fire: { block: R.FireBlock; x?: number; apChoice?: number } | null;
  ap: number;
  rounds: number;
}

export const sys = (actor: Actor.Implementation): D100ActorModel => requireModel(actor, D100ActorModel);

/**
 * What an attack is made with: a weapon's fields, or — for a power item — its Spirit Lance action's
 * (seed: "Spirit Lance: Need 1, Hold X or Drain X ... costs 2 Action Quota points and makes use of
 * the Ranged -> Shaman -> Energy Projection skill ... does a number of dies of damage equal to the
 * power points invested"): the action's skill, a ranged attack, X dice (`spiritLanceDamage`), no AP
 * of its own (the power action's AP is added as for any power action spent on an attack), no rounds.
 */
export interface WeaponView {
  skill: string;
  range: WeaponRange;
  damage: string;
  attackAp: number;
  capacity: number;
  loaded: number;
  /** The Spirit Lance action's index on the power item (null: a weapon). */
  lance: number | null;
}

/** The index of the Spirit Lance action a power key ("<item id>:<index>") names on this power item, or null. */
export function lanceIndex(item: Item.Implementation, power: string): number | null {
  const model = modelOf(item, D100PowerModel);
  const [id = "", idx = ""] = power.split(":");
  const index = Number(idx);
  if (!model || id !== item.id || !Number.isSafeInteger(index)) return null;
  return model.actions[index]?.effect === "spiritLance" ? index : null;
}

/** The attack's weapon as the attack reads it (a weapon, or a power's Spirit Lance). Throws a localized message. */
export function weaponView(a: { weapon: Item.Implementation; power?: string; powerX?: number }): WeaponView {
  const w = modelOf(a.weapon, D100WeaponModel);
  if (w) return { skill: w.skill, range: w.range, damage: w.damage, attackAp: w.attackAp, capacity: w.capacity, loaded: w.loaded, lance: null };
  const index = lanceIndex(a.weapon, a.power ?? "");
  const action = index === null ? undefined : modelOf(a.weapon, D100PowerModel)?.actions[index];
  if (index === null || !action) throw new Error("BREADBOX.Relay.NotGenuine");
  const x = a.powerX ?? 0;
  if (x < 1) throw new Error(format("BREADBOX.D100.Combat.Lance.NeedX", { action: action.name }));
  return { skill: action.skill, range: "ranged", damage: R.spiritLanceDamage(x), attackAp: 0, capacity: 0, loaded: 0, lance: index };
}
export const attackLabel = (key: string): string => localize(`BREADBOX.D100.Combat.Attack.${key}`);

/** The skill row a weapon (or a defence) checks: a root key or a branch name (case-insensitive). */
export function skillRow(actor: Actor.Implementation, skill: string): { id: string; name: string; total: number } | null {
  const wanted = skill.trim().toLowerCase();
  if (!wanted) return null;
  const rows = sys(actor).skillRows;
  return rows.find((r) => r.id === wanted) ?? rows.find((r) => r.name.trim().toLowerCase() === wanted) ?? null;
}

export function skillLabel(row: { id: string; name: string }): string {
  return (R.ROOT_SKILL_KEYS as readonly string[]).includes(row.id) ? localize(`BREADBOX.D100.Combat.Root.${row.id}`) : row.name;
}

/**
 * The attack as the documents make it now: the skill check as the play part builds every check (the
 * ladder and the change, a power action, a dying attacker's extra difficulty, TABs, overflow), the
 * fire block, the AP (the attack's or the block's, plus the power action's) and the rounds (a
 * burst's shots, else its largest amount, else 1). Throws a localized message.
 */
export function attackCost(attacker: Actor.Implementation, a: Attack): AttackCost {
  const w = weaponView(a);
  const skill = skillRow(attacker, w.skill);
  if (!skill) throw new Error(format("BREADBOX.D100.Combat.Attack.NoSkill", { skill: w.skill, weapon: a.weapon.name ?? "" }));
  const block = a.block >= 0 && w.lance === null ? fireBlocksOf(a.weapon)[a.block] : undefined;
  if (a.block >= 0 && !block) throw new RangeError(attackLabel("NoBlock"));
  const fire = block ? { block, x: block.apCost.kind === "perX" ? a.x : undefined, apChoice: block.apCost.kind === "choice" ? (a.apChoice ?? 0) : undefined } : null;
  const ev = fire ? R.evaluateFire(fire.block, { degree: 0, x: fire.x, apChoice: fire.apChoice }) : null;
  if (!fire) R.parseDamage(w.damage);
  const built = buildCheck(attacker, defaultChoices({ target: `skill:${skill.id}`, ladder: a.ladder, modifier: a.modifier, overflow: a.overflow, power: a.power, powerX: a.powerX }));
  const powerAp = built.power ? (modelOf(built.power.item, D100PowerModel)?.actions[built.power.index]?.actionPoints ?? 0) : 0;
  const rounds = !fire ? 1 : (ev?.shotsFired ?? Math.max(1, ...fire.block.amount.map((m) => (m.kind === "flat" ? m.value : m.per * a.x))));
  return { title: format("BREADBOX.D100.Combat.Attack.Title", { weapon: a.weapon.name ?? "" }), skill, built, fire, ap: (ev ? ev.apCost : w.attackAp) + powerAp, rounds };
}

/**
 * What makes one attack the same attack on every client and across rounds: the weapon, the action
 * (simple or a fire block, its X or AP choice) and the power action with its X. A multi-round
 * attack is kept under this key (ap.ts `startAttackOnGM`).
 */
export function attackKey(a: Attack, cost: AttackCost): string {
  return [a.weapon.id ?? "", a.block, cost.fire?.x ?? "", cost.fire?.apChoice ?? "", a.power, a.power ? a.powerX : ""].join(":");
}

/** The attack of this key started in an earlier initiative (paid in full or not), or null. */
export function pendingAttackOf(attacker: Actor.Implementation, a: Attack, cost: AttackCost): ReturnType<typeof pendingAttack> {
  return pendingAttack(attacker, attackKey(a, cost));
}

/**
 * Paying for the attack as the documents stand now: the rounds loaded, the AP (ap.ts `spendNow`;
 * or an attack of this key paid in full over earlier initiatives, which is taken off the list), the
 * power's points. Throws the localized refusal when any falls short (an attack of this key still
 * under way among them); the returned function writes all three (on the active GM's client, under
 * the attacker's resource lock).
 */
export function attackPayment(attacker: Actor.Implementation, a: Attack, cost: AttackCost): () => Promise<void> {
  const w = weaponView(a);
  if (w.capacity > 0 && w.loaded < cost.rounds) throw new Error(format("BREADBOX.D100.Combat.Attack.NotLoaded", { weapon: a.weapon.name ?? "", rounds: cost.rounds, loaded: w.loaded }));
  const started = pendingAttackOf(attacker, a, cost);
  if (started && !started.ready) throw new Error(format("BREADBOX.D100.Combat.AP.AttackUnderWay", { action: cost.title, paid: started.paid, cost: started.cost }));
  const ap = started ? null : spendNow(attacker, cost.ap);
  if (ap && !ap.ok) throw new Error(refusalMessage(ap, cost.title));
  const power = cost.built.power;
  const points = power ? powerActionCost(attacker, power.item, power.index, { x: power.x }) : null;
  if (points && !points.ok) throw new Error(points.message);
  return async () => {
    if (started) await consumePendingAttack(attacker, started.id);
    else if (ap) await writeSpend(attacker, ap);
    if (w.capacity > 0) await a.weapon.update({ system: { loaded: w.loaded - cost.rounds } });
    if (power && points?.ok) await power.item.update({ system: { current: points.result.points.current, held: points.result.points.held } });
  };
}

/**
 * The actions an attack with this weapon may take (value → label, in order): a simple attack
 * ("simple"), and with `withBlocks` each fire block ("fire:<index>", or "fire:<index>:<cost index>"
 * for a choice of AP costs).
 */
export function attackActions(weapon: Item.Implementation, withBlocks: boolean): Record<string, string> {
  const w = modelOf(weapon, D100WeaponModel);
  // A power's Spirit Lance: one action, its AP the power action's.
  if (!w) return { simple: localize("BREADBOX.D100.Combat.Lance.Action") };
  const out: Record<string, string> = { simple: format("BREADBOX.D100.Combat.Attack.Simple", { ap: w.attackAp }) };
  (withBlocks ? fireBlocksOf(weapon) : []).forEach((b, i) => {
    if (b.apCost.kind === "choice") b.apCost.costs.forEach((c, j) => (out[`fire:${i}:${j}`] = format("BREADBOX.D100.Combat.Attack.BlockAp", { title: b.title, ap: c })));
    else if (b.apCost.kind === "perX") out[`fire:${i}`] = format("BREADBOX.D100.Combat.Attack.BlockX", { title: b.title, base: b.apCost.base });
    else out[`fire:${i}`] = format("BREADBOX.D100.Combat.Attack.BlockAp", { title: b.title, ap: b.apCost.cost });
  });
  return out;
}

/**
 * An attack's inputs, declared once (core/forms/inputs.ts): the ladder, the change, the weapon's
 * actions, X, the overflow tick, a power action and its X, the critical-area tick. The dialog reads
 * its form through it (the fire blocks offered when the fire-block rule is on) and the GM checks the
 * posted choices through it (`checkAttackChoices`: any of the weapon's fire blocks, as the one an
 * attack was made with may have been turned off since).
 */
export function attackInputs(actor: Actor.Implementation, weapon: Item.Implementation, { fireBlocks }: { fireBlocks: boolean }) {
  const label = (key: string): string => `BREADBOX.D100.Combat.Attack.${key}`;
  return {
    difficulty: keyInput(label("Difficulty"), R.DIFFICULTY_KEYS, (k) => `${localize(`BREADBOX.D100.Combat.Difficulty.${k}`)} (${R.difficultyFor("skill", k)})`, "average"),
    modifier: intInput(label("DifficultyChange"), -ATTACK_DIFFICULTY_LIMIT, ATTACK_DIFFICULTY_LIMIT, 0),
    block: choiceInput(label("Action"), attackActions(weapon, fireBlocks), "simple"),
    x: intInput(label("X"), 1, MAX_X, 1),
    overflow: boolInput(label("CheckOverflow")),
    power: choiceInput(label("Power"), Object.fromEntries([["", "—"], ...powerKeys(actor).map((p) => [p.value, p.label])]), ""),
    powerX: intInput(label("PowerX"), 0, MAX_POWER_X, 0),
    criticalArea: boolInput(label("CriticalArea")),
  };
}

export type AttackInputs = ReturnType<typeof attackInputs>;

/**
 * The inputs the dialog shows: the overflow tick when the play part asks, a power action and its X
 * when the attacker has one, the critical-area tick when the damage-overflow rule has it. The others
 * read as their initial value.
 */
export function shownAttackInputs(inputs: AttackInputs, rules: D100CombatRules, overflowAsk: boolean, hasPowers: boolean): InputDeclaration {
  const hidden = new Set([...(overflowAsk ? [] : ["overflow"]), ...(hasPowers ? [] : ["power", "powerX"]), ...(rules.damageOverflow === "criticalArea" || rules.damageOverflow === "both" ? [] : ["criticalArea"])]);
  return Object.fromEntries(Object.entries(inputs).filter(([name]) => !hidden.has(name)));
}

/** Values read or checked through the declaration as the attack's choices: the action split into block and AP choice; a power's X only with a power. */
export function choiceOfInputs({ difficulty, block, ...v }: InputValues<AttackInputs>): Omit<Attack, "weapon"> {
  const [, index = "-1", apChoice] = block.split(":");
  return { ...v, ladder: difficulty, block: Number(index), apChoice: apChoice === undefined ? null : Number(apChoice), powerX: v.power ? v.powerX : 0 };
}

/** Choices as a card or a relay carries them (block and AP choice apart) in the declaration's shape: a block that is not a whole number is never an action's key. */
function inputsOfChoices({ ladder, block, apChoice, ...rest }: Record<string, unknown>): Record<string, unknown> {
  const action = block === undefined || block === -1 ? "simple" : !Number.isInteger(block) ? `[${String(block)}]` : apChoice === undefined || apChoice === null ? `fire:${String(block)}` : `fire:${String(block)}:${String(apChoice)}`;
  return { ...rest, difficulty: ladder, block: action };
}

/**
 * Posted choices (a card's or a relay's: anything) checked through the attack's declaration
 * (`attackInputs`, every fire block of the weapon): the ladder and the change must be there; the
 * others missing take the dialog's initial. Throws a localized message naming the field that does
 * not fit.
 */
export function checkAttackChoices(raw: Record<string, unknown>, attacker: Actor.Implementation, weapon: Item.Implementation): Omit<Attack, "weapon"> {
  return choiceOfInputs(checkInputs(inputsOfChoices(raw), attackInputs(attacker, weapon, { fireBlocks: true }), { required: ["difficulty", "modifier"] }));
}
