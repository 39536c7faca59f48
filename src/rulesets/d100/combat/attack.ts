/**
 * D10/0 attacks in chat (seed: "DAT", "The Threat Process", "Advanced Simulations").
 *
 *  1. The attacker attacks with a weapon from the sheet: a dialog (difficulty, simple attack or a
 *     fire block with its X or AP choice, overflow) with the exact odds of the check, of the fire
 *     block's steps and of what the damage does to the target; the AP cost is paid (strict
 *     periods, ap.ts) and rounds leave the magazine; the skill check is rolled with Foundry d10s
 *     and an attack card names the target.
 *  2. The target's owner (or the GM) defends with a conflicting effort (world setting; the book
 *     has no defence), paid as a reaction, or takes the attack.
 *  3. The active GM's client resolves: the attack check from the card's own dice against the
 *     attacker's skill read again, the defence, the fire block's step and hits, every damage die
 *     a Foundry roll, the target's adjustments on each hit, and the health state it leaves. A
 *     resolution card shows each step; the GM-only ledger records the amount.
 *  4. Apply takes the ledger's amount off the target's Current health — through the GM, once.
 */
import { applyRecordOnce } from "../../../core/exchange/apply";
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { itemsWithModel, requireModel, targetedActors } from "../../../core/foundry";
import { format, localize, lookupUuid, lookupUuidSync, modelOf } from "../../../core/game";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { rollDialog, skipDialog } from "../../../core/rolls/dialog";
import { formatChance, oddsPanelHtml } from "../../../core/rolls/odds-panel";
import { rollWithFoundryDice, type DieFormula } from "../../../core/rolls/foundry-dice";
import { audienceForMode, audienceOf, combineAudiences, currentMessageMode, normaliseMessageMode, type MessageMode } from "../../../core/compat";
import { claimMark, hasMark, isLedgerKeeper, ledgerEntry, markValue, releaseMark, updateLedger } from "../../../core/chat/ledger";
import { postCard } from "../../../core/chat/post";
import { cardFlags, cardRefusal } from "../../../core/chat/trust";
import { checkInt, checkKey, readKey, readString } from "../../../core/forms/read";
import { escapeHTML } from "../../../core/html";
import { BreadboxActor } from "../../../core/documents/actor";
import { D100ActorModel } from "../data/actor";
import { D100WeaponModel, toFireBlock } from "../data/weapons";
import { d100CombatRules, type D100CombatRules } from "./settings";
import { buildCheck, defaultChoices, powerKeys, type BuiltCheck } from "../checks";
import { spendPowerAction } from "../powers";
import { D100PowerModel } from "../data/items";
import { spendNow, refusalMessage } from "./ap";
import { D100CheckRoll, D100OverflowRoll, bookFaces } from "../dice/check-roll";
import { d100PlayRules } from "../settings";
import { payOrStart, spendAp, spendOnGM } from "./ap";

/** A Foundry d10 read the book's way: the face showing 10 is a 0 (core faces 0–9). */
export const d10Zero: DieFormula = () => ({ formula: "1d10", face: (roll) => (Number(roll.total) % 10) + 1 });

/** Difficulties an attack dialog offers (the ladder's −60…+60 on the skill scale). */
export const ATTACK_DIFFICULTY_LIMIT = 60;
/** Largest X a dialog offers (the core's cap). */
const MAX_X = 20;
/** Largest X of a power action spent in the attack dialog. */
const MAX_POWER_X = 100;

export interface AttackFlags {
  type: "d100Attack";
  actorUuid: string;
  targetUuid: string | null;
  weaponId: string;
  /** Fire block index, or -1 for a simple attack. */
  block: number;
  x: number | null;
  apChoice: number | null;
  /** The difficulty ladder's step and the attacker's change to it (the check is rebuilt from them). */
  ladder: (typeof R.DIFFICULTY_KEYS)[number];
  modifier: number;
  /** The difficulty the check faced when rolled (display). */
  difficulty: number;
  overflow: boolean;
  criticalArea: boolean;
  apCost: number;
  /** The power action spent on the attack (its difficulty change is rebuilt from it). */
  power: string;
  powerX: number;
}

export interface ResolutionFlags {
  type: "d100Resolution";
  attackMessageId: string;
  attackerUuid: string;
  targetUuid: string;
  amount: number;
  applied?: boolean;
}

export interface AttackChoice {
  ladder: (typeof R.DIFFICULTY_KEYS)[number];
  /** Change to the ladder's difficulty (TABs, powers, situation), −60…60. */
  modifier: number;
  block: number;
  x: number | null;
  apChoice: number | null;
  overflow: boolean;
  criticalArea: boolean;
  /** A power action spent on the attack ("<item id>:<index>", "" for none) and its X. */
  power?: string;
  powerX?: number;
}

function sys(actor: Actor.Implementation): D100ActorModel {
  return requireModel(actor, D100ActorModel);
}

/** The skill row a weapon (or a defence) checks: a root key or a branch name (case-insensitive). */
export function skillRow(actor: Actor.Implementation, skill: string): { id: string; name: string; total: number } | null {
  const wanted = skill.trim().toLowerCase();
  if (!wanted) return null;
  const rows = sys(actor).skillRows;
  return rows.find((r) => r.id === wanted) ?? rows.find((r) => r.name.trim().toLowerCase() === wanted) ?? null;
}

function skillLabel(row: { id: string; name: string }): string {
  return (R.ROOT_SKILL_KEYS as readonly string[]).includes(row.id) ? localize(`BREADBOX.D100.Combat.Root.${row.id}`) : row.name;
}

/** The weapon's fire blocks as the core reads them (a malformed block is refused with the core's message). */
function fireBlocks(weapon: Item.Implementation): R.FireBlock[] {
  const w = requireModel(weapon, D100WeaponModel);
  return w.fireBlocks.map((b, i) => toFireBlock(b, `${weapon.id ?? "weapon"}-${i}`));
}

/** AP cost of the chosen attack (a fire block's cost does not depend on the check). */
export function attackCost(weapon: Item.Implementation, choice: Pick<AttackChoice, "block" | "x" | "apChoice">): number {
  const w = requireModel(weapon, D100WeaponModel);
  if (choice.block < 0) return w.attackAp;
  const block = fireBlocks(weapon)[choice.block];
  if (!block) throw new RangeError(localize("BREADBOX.D100.Combat.Attack.NoBlock"));
  return R.evaluateFire(block, { degree: 0, x: choice.x ?? undefined, apChoice: choice.apChoice ?? undefined }).apCost;
}

/** Rounds the attack takes from the magazine: a burst's rounds fired, else its largest amount, else 1. */
export function roundsUsed(weapon: Item.Implementation, choice: Pick<AttackChoice, "block" | "x" | "apChoice">): number {
  if (choice.block < 0) return 1;
  const block = fireBlocks(weapon)[choice.block];
  if (!block) return 1;
  const ev = R.evaluateFire(block, { degree: 0, x: choice.x ?? undefined, apChoice: choice.apChoice ?? undefined });
  if (ev.shotsFired !== null) return ev.shotsFired;
  return Math.max(1, ...block.amount.map((a) => (a.kind === "flat" ? a.value : a.per * (choice.x ?? 1))));
}

/** Whether the damage dice overflow for this attack (world setting; seed: "Note About Zeros"). */
export function damageOverflows(rules: D100CombatRules, degree: number, criticalArea: boolean): boolean {
  const byDegree = (rules.damageOverflow === "highDegree" || rules.damageOverflow === "both") && degree >= rules.overflowDegree;
  const byArea = (rules.damageOverflow === "criticalArea" || rules.damageOverflow === "both") && criticalArea;
  return byDegree || byArea;
}

// ---------------------------------------------------------------------------------------------
// 1. The attack

/**
 * The actions the attack dialog offers: a simple attack ("-1"), and with the fire-block rule on
 * each block ("<index>", or "<index>:<cost index>" for a block with a choice of AP costs).
 */
export function attackActions(weapon: Item.Implementation, rules: D100CombatRules): { value: string; label: string }[] {
  const w = requireModel(weapon, D100WeaponModel);
  const out = [{ value: "-1", label: format("BREADBOX.D100.Combat.Attack.Simple", { ap: w.attackAp }) }];
  const blocks = rules.fireBlocks ? fireBlocks(weapon) : [];
  blocks.forEach((b, i) => {
    if (b.apCost.kind === "choice") b.apCost.costs.forEach((c, j) => out.push({ value: `${i}:${j}`, label: format("BREADBOX.D100.Combat.Attack.BlockAp", { title: b.title, ap: c }) }));
    else if (b.apCost.kind === "perX") out.push({ value: `${i}`, label: format("BREADBOX.D100.Combat.Attack.BlockX", { title: b.title, base: b.apCost.base }) });
    else out.push({ value: `${i}`, label: format("BREADBOX.D100.Combat.Attack.BlockAp", { title: b.title, ap: b.apCost.cost }) });
  });
  return out;
}

function dialogContent(actor: Actor.Implementation, weapon: Item.Implementation, rules: D100CombatRules): string {
  const w = requireModel(weapon, D100WeaponModel);
  const ladder = R.DIFFICULTY_KEYS.map((k) => {
    const d = R.difficultyFor("skill", k);
    return `<option value="${k}">${escapeHTML(localize(`BREADBOX.D100.Combat.Difficulty.${k}`))} (${d})</option>`;
  }).join("");
  const attackOptions = attackActions(weapon, rules).map((o) => `<option value="${escapeHTML(o.value)}">${escapeHTML(o.label)}</option>`);
  const row = skillRow(actor, w.skill);
  const critical = rules.damageOverflow === "criticalArea" || rules.damageOverflow === "both";
  const powers = powerKeys(actor);
  const powerField = powers.length
    ? `<div class="form-group"><label for="bb-d100-power">${escapeHTML(localize("BREADBOX.D100.Combat.Attack.Power"))}</label><select id="bb-d100-power" name="power"><option value="">—</option>${powers.map((p) => `<option value="${escapeHTML(p.value)}">${escapeHTML(p.label)}</option>`).join("")}</select></div>
<div class="form-group"><label for="bb-d100-power-x">${escapeHTML(localize("BREADBOX.D100.Combat.Attack.PowerX"))}</label><input id="bb-d100-power-x" type="number" name="powerX" value="0" step="1" min="0" max="${MAX_POWER_X}"></div>`
    : "";
  return `<div class="breadbox bb-d100-attack-dialog">
<p class="bb-small">${escapeHTML(format("BREADBOX.D100.Combat.Attack.Skill", { skill: row ? skillLabel(row) : w.skill, score: row?.total ?? 0 }))}</p>
<div class="form-group"><label for="bb-d100-difficulty">${escapeHTML(localize("BREADBOX.D100.Combat.Attack.Difficulty"))}</label><select id="bb-d100-difficulty" name="difficulty">${ladder}</select></div>
<div class="form-group"><label for="bb-d100-modifier">${escapeHTML(localize("BREADBOX.D100.Combat.Attack.DifficultyChange"))}</label><input id="bb-d100-modifier" type="number" name="modifier" value="0" step="1" min="-${ATTACK_DIFFICULTY_LIMIT}" max="${ATTACK_DIFFICULTY_LIMIT}"></div>
<div class="form-group"><label for="bb-d100-block">${escapeHTML(localize("BREADBOX.D100.Combat.Attack.Action"))}</label><select id="bb-d100-block" name="block">${attackOptions.join("")}</select></div>
<div class="form-group"><label for="bb-d100-x">${escapeHTML(localize("BREADBOX.D100.Combat.Attack.X"))}</label><input id="bb-d100-x" type="number" name="x" value="1" step="1" min="1" max="${MAX_X}"></div>
${d100PlayRules().overflow === "ask" ? `<div class="form-group"><label for="bb-d100-overflow">${escapeHTML(localize("BREADBOX.D100.Combat.Attack.CheckOverflow"))}</label><input id="bb-d100-overflow" type="checkbox" name="overflow"></div>` : ""}
${powerField}
${critical ? `<div class="form-group"><label for="bb-d100-critical">${escapeHTML(localize("BREADBOX.D100.Combat.Attack.CriticalArea"))}</label><input id="bb-d100-critical" type="checkbox" name="criticalArea"></div>` : ""}
<div class="bb-odds-panel" data-bb-odds aria-live="polite"></div>
</div>`;
}

const attackLabel = (key: string): string => localize(`BREADBOX.D100.Combat.Attack.${key}`);

/** A whole number typed into the dialog: a blank field is refused (the core reader's messages). */
function wholeNumber(form: HTMLFormElement, name: string, min: number, max: number, key: string): number {
  return checkInt(readString(form, name), attackLabel(key), min, max);
}

/** Read and check the attack dialog (bad input: a localized message, no roll). */
export function readAttackForm(form: HTMLFormElement, actions: readonly string[] = ["-1"]): AttackChoice {
  const ladder = readKey(form, "difficulty", attackLabel("Difficulty"), R.DIFFICULTY_KEYS, "average");
  const modifier = wholeNumber(form, "modifier", -ATTACK_DIFFICULTY_LIMIT, ATTACK_DIFFICULTY_LIMIT, "DifficultyChange");
  const action = readKey(form, "block", attackLabel("Action"), actions, "-1");
  const [blockRaw = "-1", choiceRaw] = action.split(":");
  const x = wholeNumber(form, "x", 1, MAX_X, "X");
  const power = readString(form, "power");
  const powerX = power ? wholeNumber(form, "powerX", 0, MAX_POWER_X, "PowerX") : 0;
  const overflowEl = form.elements.namedItem("overflow");
  const criticalEl = form.elements.namedItem("criticalArea");
  return {
    ladder,
    modifier,
    block: Number(blockRaw),
    x,
    apChoice: choiceRaw === undefined ? null : Number(choiceRaw),
    overflow: overflowEl instanceof HTMLInputElement && overflowEl.checked,
    criticalArea: criticalEl instanceof HTMLInputElement && criticalEl.checked,
    power,
    powerX,
  };
}

/**
 * The attack's choices from a card's record, checked with the attack dialog's own limits
 * (`checkInt`/`checkKey`): what the dialog could have offered this attacker with this weapon.
 * Only choices pass; every number of the attack is rebuilt from the documents. The fire block may
 * be any of the weapon's (the one the attack was made and paid with, even if the fire-block rule
 * was turned off since). Throws a localized message naming the field that does not fit.
 */
export function checkAttackChoice(raw: Record<string, unknown>, attacker: Actor.Implementation, weapon: Item.Implementation): AttackChoice {
  const blocks = fireBlocks(weapon);
  const block = checkInt(raw.block ?? -1, attackLabel("Action"), -1, blocks.length - 1);
  const fire = block >= 0 ? blocks[block] : undefined;
  const apChoice = fire?.apCost.kind === "choice" ? checkInt(raw.apChoice, attackLabel("Action"), 0, fire.apCost.costs.length - 1) : null;
  const power = checkKey(raw.power ?? "", attackLabel("Power"), ["", ...powerKeys(attacker).map((p) => p.value)]);
  if (raw.overflow !== undefined && typeof raw.overflow !== "boolean") throw new Error(format("BREADBOX.Error.UnknownChoice", { field: attackLabel("CheckOverflow"), value: String(raw.overflow) }));
  if (raw.criticalArea !== undefined && typeof raw.criticalArea !== "boolean") throw new Error(format("BREADBOX.Error.UnknownChoice", { field: attackLabel("CriticalArea"), value: String(raw.criticalArea) }));
  return {
    ladder: checkKey(raw.ladder, attackLabel("Difficulty"), R.DIFFICULTY_KEYS),
    modifier: checkInt(raw.modifier, attackLabel("DifficultyChange"), -ATTACK_DIFFICULTY_LIMIT, ATTACK_DIFFICULTY_LIMIT),
    block,
    x: checkInt(raw.x ?? 1, attackLabel("X"), 1, MAX_X),
    apChoice,
    overflow: raw.overflow === true,
    criticalArea: raw.criticalArea === true,
    power,
    powerX: power ? checkInt(raw.powerX ?? 0, attackLabel("PowerX"), 0, MAX_POWER_X) : 0,
  };
}

/**
 * The attack's skill check as the play part builds every check (src/rulesets/d100/checks.ts): the
 * ladder and the change, a dying attacker's extra difficulty, TABs, the overflow setting.
 */
export function attackCheck(actor: Actor.Implementation, skillId: string, choice: Pick<AttackChoice, "ladder" | "modifier" | "overflow" | "power" | "powerX">): BuiltCheck {
  return buildCheck(actor, defaultChoices({ target: `skill:${skillId}`, ladder: choice.ladder, modifier: choice.modifier, overflow: choice.overflow, power: choice.power ?? "", powerX: choice.powerX ?? 0 }));
}

/** AP of the power action spent on an attack (0 for none). */
function powerActionAp(actor: Actor.Implementation, built: BuiltCheck): number {
  if (!built.power) return 0;
  return modelOf(built.power.item, D100PowerModel)?.actions[built.power.index]?.actionPoints ?? 0;
}

/** The dialog's odds: the check (or the fire block's steps) and what a hit does to the target. */
export function attackOddsHtml(actor: Actor.Implementation, weapon: Item.Implementation, target: Actor.Implementation | null, choice: AttackChoice, rules: D100CombatRules): string {
  const w = requireModel(weapon, D100WeaponModel);
  const row = skillRow(actor, w.skill);
  if (!row) return "";
  const input = attackCheck(actor, row.id, choice).options.input;
  const parts: string[] = [];
  let notation = w.damage;
  if (choice.block >= 0) {
    const block = fireBlocks(weapon)[choice.block];
    if (!block) return "";
    const fire: R.FireInput = { block, check: input, x: block.apCost.kind === "perX" ? (choice.x ?? 1) : undefined, apChoice: block.apCost.kind === "choice" ? (choice.apChoice ?? 0) : undefined };
    const detail = R.fireOddsDetail(fire, { attributes: sys(actor).attributeScores });
    const rows = [`<li class="outcome-fail"><span>${escapeHTML(localize("BREADBOX.D100.Combat.Fire.Fail"))}</span><strong>${formatChance(detail.fail)}</strong></li>`];
    detail.steps.forEach((p, i) => {
      const ev = R.evaluateFire(block, { degree: block.spread[i]?.min ?? 0, x: fire.x, apChoice: fire.apChoice });
      rows.push(`<li class="outcome-step"><span>${escapeHTML(format("BREADBOX.D100.Combat.Fire.StepOdds", { step: i + 1, hits: ev.amount }))}</span><strong>${formatChance(p)}</strong></li>`);
    });
    parts.push(`<ul class="bb-odds" aria-label="${escapeHTML(localize("BREADBOX.Roll.Odds"))}">${rows.join("")}</ul>`);
    parts.push(`<p class="bb-small">${escapeHTML(format("BREADBOX.D100.Combat.Fire.Expected", { hits: detail.expectedHits.toFixed(2), damage: detail.expectedDamage.toFixed(1) }))}</p>`);
    const any = R.evaluateFire(block, { degree: block.spread[block.spread.length - 1]?.min ?? 0, x: fire.x, apChoice: fire.apChoice });
    notation = any.damage ?? w.damage;
  } else {
    parts.push(oddsPanelHtml(R.checkOdds(input), { labelKey: (k) => `BREADBOX.D100.Combat.Degree.${k}` }));
  }
  if (target && modelOf(target, D100ActorModel) && notation.trim()) {
    const t = sys(target);
    // The degree is not known before the roll: the odds overflow only for a critical area.
    const overflow = damageOverflows(rules, Number.MIN_SAFE_INTEGER, choice.criticalArea);
    const odds = R.damageOdds({ notation, attributes: sys(actor).attributeScores, overflow, adjustment: t.adjustment, target: { normal: t.healthNormal, current: t.health.current } });
    parts.push(`<p class="bb-small bb-muted">${escapeHTML(format("BREADBOX.D100.Combat.Attack.OneHit", { name: target.name ?? "", damage: notation, adjustment: t.adjustmentText || "—" }))}</p>`);
    parts.push(oddsPanelHtml(odds, { labelKey: (k) => `BREADBOX.D100.Combat.Health.${k}` }));
  }
  if (rules.defence === "conflict") parts.push(`<p class="bb-small bb-muted">${escapeHTML(localize("BREADBOX.D100.Combat.Attack.BeforeDefence"))}</p>`);
  return parts.join("");
}

/** Attack with a weapon against the user's first target. Returns the attack card, or null. */
export async function attackWithWeapon(actor: Actor.Implementation, weapon: Item.Implementation, event?: Event | null): Promise<ChatMessage.Implementation | null> {
  const rules = d100CombatRules();
  const w = requireModel(weapon, D100WeaponModel);
  const row = skillRow(actor, w.skill);
  if (!row) {
    ui.notifications?.warn(format("BREADBOX.D100.Combat.Attack.NoSkill", { skill: w.skill, weapon: weapon.name ?? "" }));
    return null;
  }
  const target = targetedActors()[0] ?? null;
  if (target && !modelOf(target, D100ActorModel)) {
    ui.notifications?.warn(format("BREADBOX.D100.Combat.Attack.WrongRulesetTarget", { name: target.name ?? "" }));
    return null;
  }
  if (!target) ui.notifications?.info(localize("BREADBOX.D100.Combat.Attack.NoTarget"));
  let choice: AttackChoice = { ladder: "average", modifier: 0, block: -1, x: 1, apChoice: null, overflow: false, criticalArea: false };
  let mode: MessageMode = currentMessageMode();
  if (!skipDialog(event)) {
    const result = await rollDialog<AttackChoice>({
      title: format("BREADBOX.D100.Combat.Attack.Title", { weapon: weapon.name ?? "" }),
      content: dialogContent(actor, weapon, rules),
      read: (form) => readAttackForm(form, attackActions(weapon, rules).map((o) => o.value)),
      odds: (v) => attackOddsHtml(actor, weapon, target, v, rules),
    });
    if (!result) return null;
    choice = result.value;
    mode = result.mode;
  }
  return performAttack(actor, weapon, target, choice, mode);
}

/** Pay, load and roll an attack already configured (the dialog's or a test's choice). */
export async function performAttack(actor: Actor.Implementation, weapon: Item.Implementation, target: Actor.Implementation | null, choice: AttackChoice, mode: MessageMode): Promise<ChatMessage.Implementation | null> {
  const w = requireModel(weapon, D100WeaponModel);
  const row = skillRow(actor, w.skill);
  if (!row) return null;
  let cost: number;
  let rounds: number;
  try {
    cost = attackCost(weapon, choice);
    rounds = roundsUsed(weapon, choice);
  } catch (err) {
    ui.notifications?.warn(err instanceof Error ? err.message : String(err));
    return null;
  }
  if (w.capacity > 0 && w.loaded < rounds) {
    ui.notifications?.warn(format("BREADBOX.D100.Combat.Attack.NotLoaded", { weapon: weapon.name ?? "", rounds, loaded: w.loaded }));
    return null;
  }
  let built: BuiltCheck;
  try {
    built = attackCheck(actor, row.id, choice);
  } catch (err) {
    ui.notifications?.warn(err instanceof Error ? err.message : String(err));
    return null;
  }
  cost += powerActionAp(actor, built);
  const title = format("BREADBOX.D100.Combat.Attack.Title", { weapon: weapon.name ?? "" });
  // Both costs are checked before either is paid: the points, then the power's functions.
  const canPay = spendNow(actor, cost);
  if (!canPay.ok) {
    ui.notifications?.warn(refusalMessage(canPay, title));
    return null;
  }
  if (built.power && !(await spendPowerAction(actor, built.power.item, built.power.index, { x: built.power.x }))) return null;
  if (!(await spendAp(actor, cost, title))) return null;
  if (w.capacity > 0) await weapon.update({ system: { loaded: w.loaded - rounds } });
  // The play part's check roll: Foundry's d100 read as the book's two d10s, overflow dice as rolls.
  const roll = D100CheckRoll.fromCheck({ ...built.options, title });
  await roll.evaluate();
  const check = roll.checkResult;
  if (!check) return null;
  const rolls: Roll[] = [roll, ...roll.overflowRolls];
  const flags: AttackFlags = {
    type: "d100Attack",
    actorUuid: actor.uuid,
    targetUuid: target?.uuid ?? null,
    weaponId: weapon.id ?? "",
    block: choice.block,
    x: choice.x,
    apChoice: choice.apChoice,
    ladder: choice.ladder,
    modifier: choice.modifier,
    difficulty: built.options.input.difficulty ?? 0,
    overflow: built.options.input.overflow === true,
    criticalArea: choice.criticalArea,
    apCost: cost,
    power: choice.power ?? "",
    powerX: choice.powerX ?? 0,
  };
  const rules = d100CombatRules();
  const block = choice.block >= 0 ? fireBlocks(weapon)[choice.block] : undefined;
  const evaluation = block ? R.evaluateFire(block, { degree: check.degree, x: block.apCost.kind === "perX" ? (choice.x ?? 1) : undefined, apChoice: block.apCost.kind === "choice" ? (choice.apChoice ?? 0) : undefined }) : null;
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("d100/combat/attack.hbs"), {
    weapon: weapon.name,
    attacker: actor.name,
    target: target?.name ?? "",
    skill: skillLabel(row),
    score: row.total,
    faces: check.faces.join(" "),
    roll: check.roll,
    effort: check.effort,
    difficulty: built.options.input.difficulty,
    parts: built.options.parts.map((p) => `${p.label} ${p.value >= 0 ? "+" : ""}${p.value}`).join(", "),
    degree: check.degree,
    degreeLabel: localize(`BREADBOX.D100.Combat.Degree.${check.degreeKey}`),
    outcomeClass: check.outcome,
    ap: cost,
    rounds: w.capacity > 0 ? rounds : null,
    block: block ? block.title : "",
    fire: evaluation ? (evaluation.hit ? format("BREADBOX.D100.Combat.Fire.Placed", { step: (evaluation.step ?? 0) + 1, hits: evaluation.amount }) : localize("BREADBOX.D100.Combat.Fire.Fail")) : "",
    // A simple attack that already fails needs no defence: only "Take it" resolves it.
    defend: Boolean(target) && rules.defence === "conflict" && (Boolean(block) || check.degree > 0),
    takeIt: Boolean(target) && rules.defence === "conflict",
    resolve: Boolean(target) && rules.defence === "none",
    targetVisibility: target ? `owner:${target.uuid}` : "gm",
    attackerVisibility: target ? `owner:${actor.uuid},${target.uuid}` : `owner:${actor.uuid}`,
  });
  const message = await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, rolls, flags: { [SYSTEM_ID]: { ...flags } } }, audienceForMode(mode));
  return message ?? null;
}

// ---------------------------------------------------------------------------------------------
// 2. Defence and resolution

/** The ledger mark of an attack card that has its resolution (claimed once, on the GM's client). */
export const RESOLVED_MARK = "resolved";
/** The ledger mark of a resolution card whose damage has been applied. */
export const APPLIED_MARK = "applied";
/** The ledger's copy of an attack card's choices, taken by the active GM when the card appears. */
export const POSTED_CHOICE_MARK = "d100.choice";

/** Who and what an attack card names (identities only: every number is rebuilt elsewhere). */
interface AttackCard {
  actorUuid: string;
  targetUuid: string | null;
  weaponId: string;
}

function attackCardOf(message: ChatMessage.Implementation): AttackCard | null {
  const f = cardFlags(message);
  if (f.type !== "d100Attack" || typeof f.actorUuid !== "string" || typeof f.weaponId !== "string") return null;
  return { actorUuid: f.actorUuid, targetUuid: typeof f.targetUuid === "string" ? f.targetUuid : null, weaponId: f.weaponId };
}

/** The choice fields of an attack card's flags (what the GM keeps a copy of). */
function choiceFields(f: Record<string, unknown>): Record<string, unknown> {
  const keys = ["ladder", "modifier", "block", "x", "apChoice", "overflow", "criticalArea", "power", "powerX"] as const;
  return Object.fromEntries(keys.filter((k) => Object.hasOwn(f, k)).map((k) => [k, f[k]]));
}

/**
 * The active GM's client keeps a copy of every attack card's choices as the card was posted (a
 * "once" mark: written when the card appears, never changed), so an attacker who edits their card
 * afterwards changes nothing the resolution reads.
 */
export function registerAttackChoiceRecord(): void {
  Hooks.on("createChatMessage", (message) => {
    if (!isLedgerKeeper() || !message.id || cardFlags(message).type !== "d100Attack") return;
    claimMark(message.id, POSTED_CHOICE_MARK, JSON.stringify(choiceFields(cardFlags(message)))).catch((err: unknown) => console.error("Breadbox | d100 attack record", err));
  });
}

/** The attack's choices as posted: the GM's copy (or, for a card posted before copies were kept, the card's own), checked. Throws a localized message. */
function postedChoice(message: ChatMessage.Implementation, attacker: Actor.Implementation, weapon: Item.Implementation): AttackChoice {
  const copy = markValue(message.id, POSTED_CHOICE_MARK);
  let raw: unknown = cardFlags(message);
  if (typeof copy === "string") {
    try {
      raw = JSON.parse(copy);
    } catch {
      raw = null;
    }
  }
  if (!raw || typeof raw !== "object") throw new Error(localize("BREADBOX.Relay.Malformed"));
  return checkAttackChoice({ ...raw }, attacker, weapon);
}

/** Whether an attack card has its resolution (the ledger's mark; a hint on a player's client, the rule on the GM's). */
export function isResolved(messageId: string | null | undefined): boolean {
  return hasMark(messageId, RESOLVED_MARK);
}

/** The defence's skill options for a defender: every skill row, Athletic (ranged) or Close (close) first. */
export function defenceSkills(defender: Actor.Implementation, range: "close" | "ranged"): { id: string; label: string; total: number }[] {
  const first = range === "close" ? "close" : "athletic";
  const rows = sys(defender).skillRows.map((r) => ({ id: r.id, label: skillLabel(r), total: r.total }));
  return [...rows.filter((r) => r.id === first), ...rows.filter((r) => r.id !== first)];
}

/** Defend button: pick the skill that conflicts with the attack, see the odds, defend. */
export async function onDefend(message: ChatMessage.Implementation, _button: HTMLElement, event: Event): Promise<void> {
  const flags = attackCardOf(message);
  if (!flags?.targetUuid) return;
  if (isResolved(message.id)) {
    ui.notifications?.warn(localize("BREADBOX.D100.Combat.Attack.AlreadyResolved"));
    return;
  }
  const defender = await lookupUuid(flags.targetUuid);
  const attacker = await lookupUuid(flags.actorUuid);
  if (!(defender instanceof BreadboxActor) || !(attacker instanceof BreadboxActor) || !modelOf(defender, D100ActorModel)) {
    ui.notifications?.warn(localize("BREADBOX.D100.Combat.Attack.MissingActor"));
    return;
  }
  if (!defender.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.D100.Combat.Attack.NotYourDefender"));
    return;
  }
  const weapon = attacker.items.get(flags.weaponId);
  const range = modelOf(weapon, D100WeaponModel)?.range ?? "ranged";
  const options = defenceSkills(defender, range);
  let skill = options[0]?.id ?? "athletic";
  let mode: MessageMode = currentMessageMode();
  const attackEffort = weapon ? attackEffortOf(message, attacker, weapon) : null;
  if (!skipDialog(event)) {
    const select = `<div class="form-group"><label for="bb-d100-defence">${escapeHTML(localize("BREADBOX.D100.Combat.Defence.Skill"))}</label><select id="bb-d100-defence" name="skill">${options
      .map((o) => `<option value="${escapeHTML(o.id)}">${escapeHTML(o.label)} (${o.total})</option>`)
      .join("")}</select></div><p class="bb-small">${escapeHTML(format("BREADBOX.D100.Combat.Defence.Against", { effort: attackEffort ?? "?" }))}</p><div class="bb-odds-panel" data-bb-odds aria-live="polite"></div>`;
    const result = await rollDialog<string>({
      title: format("BREADBOX.D100.Combat.Defence.Title", { attacker: attacker.name ?? "" }),
      content: select,
      read: (form) => readKey(form, "skill", localize("BREADBOX.D100.Combat.Defence.Skill"), options.map((o) => o.id), skill),
      odds: (id) => {
        const o = options.find((x) => x.id === id);
        if (!o || attackEffort === null) return "";
        // The defence foils the attack when its effort reaches the attack's (a tie is a miss).
        const odds = R.checkOdds({ kind: "skill", score: Math.max(0, Math.min(R.MAX_CHECK_SCORE, o.total)), difficulty: attackEffort - 1 });
        const foil = odds.success;
        return `<ul class="bb-odds"><li class="outcome-success"><span>${escapeHTML(localize("BREADBOX.D100.Combat.Defence.Foils"))}</span><strong>${formatChance(foil)}</strong></li><li class="outcome-failure"><span>${escapeHTML(localize("BREADBOX.D100.Combat.Defence.Lands"))}</span><strong>${formatChance(1 - foil)}</strong></li></ul>`;
      },
    });
    if (!result) return;
    skill = result.value;
    mode = result.mode;
  }
  await applyOrRelay("d100.resolve", { uuid: defender.uuid }, { messageId: message.id, defence: skill, mode });
}

/** Take it: no defence; the attack is resolved as rolled. Also the Resolve button when the defence rule is off. */
export async function onTakeIt(message: ChatMessage.Implementation): Promise<void> {
  const flags = attackCardOf(message);
  if (!flags?.targetUuid) return;
  if (isResolved(message.id)) {
    ui.notifications?.warn(localize("BREADBOX.D100.Combat.Attack.AlreadyResolved"));
    return;
  }
  await applyOrRelay("d100.resolve", { uuid: flags.targetUuid }, { messageId: message.id, defence: null, mode: currentMessageMode() });
}

/** The attack's effort for the defence dialog's odds (the card's choices on this client; null: the card does not fit). */
function attackEffortOf(message: ChatMessage.Implementation, attacker: Actor.Implementation, weapon: Item.Implementation): number | null {
  try {
    return attackCheckOf(message, attacker, weapon, checkAttackChoice(cardFlags(message), attacker, weapon))?.effort ?? null;
  } catch {
    return null;
  }
}

/**
 * The attack check from the card's own dice, classified against the check rebuilt from the
 * attacker as they are now and the attack's choices: the skill, its difficulty (ladder, change,
 * power, dying, TABs) and overflow all come from the documents, never from the card's numbers.
 */
function attackCheckOf(message: ChatMessage.Implementation, attacker: Actor.Implementation, weapon: Item.Implementation, choice: AttackChoice): R.CheckResult | null {
  const w = modelOf(weapon, D100WeaponModel);
  if (!w) return null;
  const row = skillRow(attacker, w.skill);
  if (!row) return null;
  const [main, ...overflow] = message.rolls;
  if (!(main instanceof D100CheckRoll) || main.formula !== "1d100" || overflow.some((r) => !(r instanceof D100OverflowRoll) || r.formula !== "1d100")) return null;
  const faces: number[] = [];
  for (const r of message.rolls) {
    const result = r.dice.length === 1 ? r.dice[0]?.results[0]?.result : undefined;
    if (typeof result !== "number" || r.dice[0]?.results.length !== 1 || !Number.isSafeInteger(result) || result < 1 || result > 100) return null;
    faces.push(...bookFaces("skill", result));
  }
  try {
    return R.resolveCheck(attackCheck(attacker, row.id, choice).options.input, faces);
  } catch {
    return null;
  }
}

function requesterOwns(requester: User.Implementation, ...docs: (Actor.Implementation | null | undefined)[]): boolean {
  return requester.isGM || docs.some((d) => Boolean(d?.testUserPermission(requester, "OWNER")));
}

/**
 * GM side of `d100.resolve` (target: the defender). Everything is read again here: the card must
 * be an attack card written by the GM or an owner of the attacker, naming this defender; the
 * weapon must still be the attacker's; the attack's choices are the ones posted (the GM's copy),
 * checked against what the attack dialog offers; the attack check is re-classified from the card's
 * own dice against the check rebuilt from the attacker now (skill, difficulty, overflow: never the
 * card's numbers); the defence (a skill of the defender's, paid as a reaction) and every damage die
 * are rolled here with Foundry dice. The card's "resolved" mark is claimed in the ledger before
 * anything is paid or rolled (exactly one request resolves it) and released if the resolution fails.
 */
export async function relayResolve(ctx: RelayContext): Promise<RelayResult> {
  const messageId = typeof ctx.payload.messageId === "string" ? ctx.payload.messageId : "";
  const message = messageId ? game.messages?.get(messageId) : undefined;
  const flags = message ? attackCardOf(message) : null;
  if (!message?.id || !flags) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const defender = ctx.target;
  if (!(defender instanceof BreadboxActor) || !modelOf(defender, D100ActorModel) || flags.targetUuid !== defender.uuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  const attacker = lookupUuidSync(flags.actorUuid);
  if (!(attacker instanceof BreadboxActor) || !modelOf(attacker, D100ActorModel)) return { ok: false, error: "BREADBOX.D100.Combat.Attack.MissingActor" };
  const refusal = cardRefusal(message, attacker);
  if (refusal) return { ok: false, error: refusal };
  if (isResolved(message.id)) return { ok: false, error: "BREADBOX.D100.Combat.Attack.AlreadyResolved" };
  const rules = d100CombatRules();
  const defenceRaw = ctx.payload.defence ?? null;
  let defenceSkill: string | null = null;
  if (defenceRaw !== null) {
    const range = modelOf(attacker.items.get(flags.weaponId), D100WeaponModel)?.range ?? "ranged";
    try {
      defenceSkill = checkKey(defenceRaw, localize("BREADBOX.D100.Combat.Defence.Skill"), defenceSkills(defender, range).map((o) => o.id));
    } catch {
      return { ok: false, error: "BREADBOX.Relay.Malformed" };
    }
  }
  // Who may ask: defending or taking it is the defender's choice; with the defence rule off,
  // either side (or the GM) may have the attack resolved.
  const allowed = rules.defence === "none" && defenceSkill === null ? requesterOwns(ctx.requester, attacker, defender) : requesterOwns(ctx.requester, defender);
  if (!allowed) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const weapon = attacker.items.get(flags.weaponId);
  if (!weapon || !modelOf(weapon, D100WeaponModel)) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  if (defenceSkill !== null && rules.defence !== "conflict") return { ok: false, error: "BREADBOX.D100.Combat.Defence.Off" };
  let choice: AttackChoice;
  try {
    choice = postedChoice(message, attacker, weapon);
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : "BREADBOX.Relay.Malformed" };
  }
  const check = attackCheckOf(message, attacker, weapon, choice);
  if (!check) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  const mode = normaliseMessageMode(ctx.payload.mode) ?? "public";
  if (!(await claimMark(message.id, RESOLVED_MARK))) return { ok: false, error: "BREADBOX.D100.Combat.Attack.AlreadyResolved" };
  let result: RelayResult;
  try {
    result = await resolveClaimed({ message, attacker, defender, weapon, choice, check, difficulty: check.difficulty, defenceSkill, mode, rules });
  } catch (err) {
    await releaseMark(message.id, RESOLVED_MARK);
    throw err;
  }
  if (!result.ok) await releaseMark(message.id, RESOLVED_MARK);
  return result;
}

interface ClaimedAttack {
  message: ChatMessage.Implementation;
  attacker: Actor.Implementation;
  defender: Actor.Implementation;
  weapon: Item.Implementation;
  choice: AttackChoice;
  /** The attack check, classified against the check rebuilt from the documents. */
  check: R.CheckResult;
  /** The rebuilt check's difficulty. */
  difficulty: number;
  defenceSkill: string | null;
  mode: MessageMode;
  rules: D100CombatRules;
}

/** The resolution of an attack whose "resolved" mark this request holds. */
async function resolveClaimed({ message, attacker, defender, weapon, choice, check, difficulty, defenceSkill, mode, rules }: ClaimedAttack): Promise<RelayResult> {
  const w = requireModel(weapon, D100WeaponModel);
  // The defence: a conflicting effort, paid as a reaction (rule on, a skill named).
  let defence: { label: string; score: number; check: R.CheckResult; rolls: Roll[] } | null = null;
  if (defenceSkill !== null) {
    const row = skillRow(defender, defenceSkill);
    if (!row) return { ok: false, error: "BREADBOX.Relay.Malformed" };
    const paid = await spendOnGM(defender, rules.defenceAp, localize("BREADBOX.D100.Combat.Defence.Action"));
    if (!paid.ok) return paid;
    // The defender's check as every check is built (a dying defender's difficulty counts against
    // the effort: the effort is what the book compares, so the difficulty lowers it).
    const built = buildCheck(defender, defaultChoices({ target: `skill:${row.id}`, ladder: "average", modifier: 0, overflow: false }));
    const roll = D100CheckRoll.fromCheck({ ...built.options, title: localize("BREADBOX.D100.Combat.Defence.Action") });
    await roll.evaluate();
    const value = roll.checkResult;
    if (!value) return { ok: false, error: "BREADBOX.Relay.Failed" };
    defence = { label: skillLabel(row), score: row.total, check: { ...value, effort: value.degree }, rolls: [roll, ...roll.overflowRolls] };
  }

  // The threat: the degree against the difficulty, raised to the defender's effort when higher.
  const bar = defence ? Math.max(difficulty, defence.check.effort) : difficulty;
  const degree = check.effort - bar;
  let evaluation: R.FireEvaluation;
  let blockTitle = "";
  try {
    // The block the attack was made (and paid) with, even if the rule was turned off since.
    const block = choice.block >= 0 ? fireBlocks(weapon)[choice.block] : undefined;
    if (choice.block >= 0 && !block) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
    if (block) {
      blockTitle = block.title;
      evaluation = R.evaluateFire(block, { degree, x: block.apCost.kind === "perX" ? (choice.x ?? 1) : undefined, apChoice: block.apCost.kind === "choice" ? (choice.apChoice ?? 0) : undefined });
    } else {
      const hit = degree > 0;
      R.parseDamage(w.damage);
      evaluation = { block: "simple", apCost: w.attackAp, step: hit ? 0 : null, hit, amount: hit ? 1 : 0, shotsFired: null, damage: hit ? w.damage : null };
    }
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : "BREADBOX.Relay.Malformed" };
  }
  const overflow = damageOverflows(rules, degree, choice.criticalArea);
  const t = sys(defender);
  const { value: damage, rolls: damageRolls } = await rollWithFoundryDice(
    (rng) => R.rollFireDamage({ evaluation, adjustment: t.adjustment, attributes: sys(attacker).attributeScores, overflow, eachShot: rules.fireEachShot }, rng),
    { die: d10Zero },
  );
  const amount = damage.total;
  const health = { normal: t.healthNormal, current: t.health.current - amount };
  const state = R.healthState(health);
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("d100/combat/resolution.hbs"), {
    attacker: attacker.name,
    defender: defender.name,
    weapon: weapon.name,
    effort: check.effort,
    difficulty,
    defence: defence ? { label: defence.label, score: defence.score, faces: defence.check.faces.join(" "), effort: defence.check.effort } : null,
    degree,
    block: blockTitle,
    hit: evaluation.hit,
    hits: evaluation.amount,
    step: evaluation.step === null ? null : evaluation.step + 1,
    notation: evaluation.damage ?? "",
    overflow,
    eachShot: rules.fireEachShot,
    shots: damage.shots.map((s, i) => ({
      n: i + 1,
      // Each die's damage as the book reads its faces: a 0 is the die's maximum (and, with
      // overflow, rolls again: "10+5"); a face above a limit counts as the limit.
      faces: s.roll.dice.map((d) => d.faces.map((f) => (f === 0 ? d.maximum : Math.min(f, d.maximum))).join("+")).join(", "),
      flat: s.roll.flat,
      total: s.roll.total,
      steps: s.adjusted.steps.map((st) => ({ term: R.formatAdjustment([st.term]), change: st.change, after: st.after })),
      after: s.adjusted.after,
    })),
    adjustment: t.adjustmentText,
    amount,
    healthAfter: health.current,
    healthNormal: health.normal,
    stateLabel: localize(`BREADBOX.D100.Combat.Health.${state}`),
    canApply: amount > 0,
    visibility: `owner:${attacker.uuid},${defender.uuid}`,
    dying: state === "dying",
    targetVisibility: `owner:${defender.uuid}`,
  });
  const flagsOut: ResolutionFlags = { type: "d100Resolution", attackMessageId: message.id ?? "", attackerUuid: attacker.uuid, targetUuid: defender.uuid, amount };
  const posted = await postCard(
    { speaker: ChatMessage.getSpeaker({ actor: attacker }), content, rolls: [...(defence?.rolls ?? []), ...damageRolls], flags: { [SYSTEM_ID]: { ...flagsOut } } },
    combineAudiences(audienceOf(message), audienceForMode(mode)),
  );
  if (!posted?.id) return { ok: false, error: "BREADBOX.Relay.Failed" };
  await updateLedger(posted.id, { damage: { ruleset: "d100", attackMessageId: message.id ?? "", attackerUuid: attacker.uuid, targetUuid: defender.uuid, amount, applied: false } });
  return { ok: true, data: { amount, messageId: posted.id } };
}

// ---------------------------------------------------------------------------------------------
// 3. Apply

/** Largest damage one card may apply (far above any roll of the notation's caps). */
export const MAX_APPLIED_DAMAGE = 1_000_000_000;

/** Apply button on a resolution card: the active GM applies it (src/core/relay.ts). */
export async function onApplyDamage(message: ChatMessage.Implementation): Promise<void> {
  const entry = ledgerEntry(message.id)?.damage;
  // A hint only (the GM's client decides): the ledger may not be readable here.
  if (entry?.applied || hasMark(message.id, APPLIED_MARK)) {
    ui.notifications?.warn(localize("BREADBOX.D100.Combat.Attack.AlreadyApplied"));
    return;
  }
  const f = cardFlags(message);
  const targetUuid = entry?.targetUuid ?? (typeof f.targetUuid === "string" ? f.targetUuid : "");
  const target = lookupUuidSync(targetUuid);
  if (!(target instanceof BreadboxActor)) {
    ui.notifications?.warn(localize("BREADBOX.D100.Combat.Attack.MissingActor"));
    return;
  }
  const result = await applyOrRelay("d100.applyDamage", { uuid: target.uuid }, { messageId: message.id });
  if (result.ok) ui.notifications?.info(format("BREADBOX.D100.Combat.Attack.Applied", { name: target.name ?? "", amount: Number(result.data?.amount ?? 0) }));
}

/**
 * GM side of `d100.applyDamage`: the amount, attacker and target come from the GM-only ledger,
 * never from the card. A record of another ruleset (or none) is refused first; then the target,
 * the requester (the GM or an owner of the attacker or the target) and the amount are checked;
 * only then is the card's "applied" mark claimed (once, on the one client that applies), and
 * released again if the health cannot be written.
 */
export async function relayApplyDamage(ctx: RelayContext): Promise<RelayResult> {
  return applyRecordOnce(ctx, {
    ruleset: "d100",
    field: "damage",
    model: (target) => modelOf(target, D100ActorModel),
    valid: (record) => Number.isSafeInteger(record.amount) && record.amount >= 0 && record.amount <= MAX_APPLIED_DAMAGE,
    alreadyApplied: "BREADBOX.D100.Combat.Attack.AlreadyApplied",
    async write(target, model, record) {
      // The statuses follow on this client's updateActor hook (statuses.ts).
      await target.update({ system: { health: { current: model.health.current - record.amount } } });
      return { amount: record.amount };
    },
  });
}

/**
 * Dying check button on a resolution card that leaves the target dying: the target's owner rolls
 * the play part's check to avoid further degradation (after Apply; the check refuses otherwise).
 */
export async function onDyingCheck(message: ChatMessage.Implementation): Promise<void> {
  const entry = ledgerEntry(message.id)?.damage;
  const f = cardFlags(message);
  const target = lookupUuidSync(entry?.targetUuid ?? (typeof f.targetUuid === "string" ? f.targetUuid : ""));
  if (!(target instanceof BreadboxActor) || !target.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.D100.Combat.Attack.NotYourDefender"));
    return;
  }
  const { dyingCheck } = await import("../progress");
  try {
    await dyingCheck(target, audienceOf(message).blind || audienceOf(message).whisper.length ? "gm" : currentMessageMode());
  } catch (err) {
    ui.notifications?.warn(err instanceof Error ? err.message : String(err));
  }
}

// ---------------------------------------------------------------------------------------------
// Other actions with an AP cost: drawing and reloading a weapon, an action slot, a power's action

/** Draw a weapon (its draw AP): it becomes equipped. */
export async function drawWeapon(actor: Actor.Implementation, weapon: Item.Implementation): Promise<boolean> {
  const w = requireModel(weapon, D100WeaponModel);
  if (!(await spendAp(actor, w.drawAp, format("BREADBOX.D100.Combat.Action.Draw", { weapon: weapon.name ?? "" })))) return false;
  await weapon.update({ system: { equipped: true } });
  await actionCard(actor, format("BREADBOX.D100.Combat.Action.Draw", { weapon: weapon.name ?? "" }), w.drawAp);
  return true;
}

/** Reload a weapon's magazine (its reload AP). */
export async function reloadWeapon(actor: Actor.Implementation, weapon: Item.Implementation): Promise<boolean> {
  const w = requireModel(weapon, D100WeaponModel);
  if (w.capacity <= 0) {
    ui.notifications?.warn(format("BREADBOX.D100.Combat.Action.NoMagazine", { weapon: weapon.name ?? "" }));
    return false;
  }
  if (!(await spendAp(actor, w.reloadAp, format("BREADBOX.D100.Combat.Action.Reload", { weapon: weapon.name ?? "" })))) return false;
  await weapon.update({ system: { loaded: w.capacity } });
  await actionCard(actor, format("BREADBOX.D100.Combat.Action.Reload", { weapon: weapon.name ?? "" }), w.reloadAp);
  return true;
}

/** Take one of the sheet's action slots (its cost). */
export async function takeActionSlot(actor: Actor.Implementation, index: number): Promise<boolean> {
  const slot = sys(actor).actionSlots[index];
  if (!slot) return false;
  const label = slot.name || format("BREADBOX.D100.Combat.Action.Slot", { n: index + 1 });
  return takeAction(actor, label, slot.cost);
}

/**
 * Pay any other action's cost (an action slot, a power's action): an action costing more than the
 * points left is started and paid over the next initiatives (the tracker shows it; a card says
 * when it completes). Returns whether it happens now.
 */
export async function takeAction(actor: Actor.Implementation, label: string, cost: number): Promise<boolean> {
  const paid = await payOrStart(actor, cost, label, true);
  if (paid === "refused") return false;
  await actionCard(actor, label, cost, paid === "started");
  return paid === "done";
}

async function actionCard(actor: Actor.Implementation, label: string, cost: number, started = false): Promise<void> {
  const key = started ? "BREADBOX.D100.Combat.Action.Started" : "BREADBOX.D100.Combat.Action.Card";
  const content = `<div class="breadbox bb-card bb-d100-action"><p>${escapeHTML(format(key, { name: actor.name ?? "", action: label, cost }))}</p></div>`;
  await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, flags: { [SYSTEM_ID]: { type: "d100Action" } } }, audienceForMode(currentMessageMode()));
}

/** The actor's weapons (for the sheet and macros). */
export function weaponsOf(actor: Actor.Implementation): Item.Implementation[] {
  return itemsWithModel(actor, D100WeaponModel).map((x) => x.item);
}
