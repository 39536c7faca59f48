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
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { itemsWithModel, requireModel, targetedActors } from "../../../core/foundry";
import { format, localize, lookupUuid, lookupUuidSync, modelOf } from "../../../core/game";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { rollDialog, skipDialog } from "../../../core/rolls/dialog";
import { formatChance, oddsPanelHtml } from "../../../core/rolls/odds-panel";
import { rollWithFoundryDice, type DieFormula } from "../../../core/rolls/foundry-dice";
import { audienceForMode, audienceOf, combineAudiences, currentMessageMode, normaliseMessageMode, type MessageMode } from "../../../core/compat";
import { ledgerDamages, ledgerEntry, updateLedger } from "../../../core/chat/ledger";
import { postCard } from "../../../core/chat/post";
import { cardFlags, cardRefusal } from "../../../core/chat/trust";
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

function escape(s: string): string {
  return foundry.utils.escapeHTML(s);
}

function dialogContent(actor: Actor.Implementation, weapon: Item.Implementation, rules: D100CombatRules): string {
  const w = requireModel(weapon, D100WeaponModel);
  const ladder = R.DIFFICULTY_KEYS.map((k) => {
    const d = R.difficultyFor("skill", k);
    return `<option value="${k}">${escape(localize(`BREADBOX.D100.Combat.Difficulty.${k}`))} (${d})</option>`;
  }).join("");
  const blocks = rules.fireBlocks ? fireBlocks(weapon) : [];
  const attackOptions = [`<option value="-1">${escape(format("BREADBOX.D100.Combat.Attack.Simple", { ap: w.attackAp }))}</option>`];
  blocks.forEach((b, i) => {
    if (b.apCost.kind === "choice") b.apCost.costs.forEach((c, j) => attackOptions.push(`<option value="${i}:${j}">${escape(format("BREADBOX.D100.Combat.Attack.BlockAp", { title: b.title, ap: c }))}</option>`));
    else if (b.apCost.kind === "perX") attackOptions.push(`<option value="${i}">${escape(format("BREADBOX.D100.Combat.Attack.BlockX", { title: b.title, base: b.apCost.base }))}</option>`);
    else attackOptions.push(`<option value="${i}">${escape(format("BREADBOX.D100.Combat.Attack.BlockAp", { title: b.title, ap: b.apCost.cost }))}</option>`);
  });
  const row = skillRow(actor, w.skill);
  const critical = rules.damageOverflow === "criticalArea" || rules.damageOverflow === "both";
  const powers = powerKeys(actor);
  const powerField = powers.length
    ? `<div class="form-group"><label for="bb-d100-power">${escape(localize("BREADBOX.D100.Combat.Attack.Power"))}</label><select id="bb-d100-power" name="power"><option value="">—</option>${powers.map((p) => `<option value="${escape(p.value)}">${escape(p.label)}</option>`).join("")}</select></div>
<div class="form-group"><label for="bb-d100-power-x">${escape(localize("BREADBOX.D100.Combat.Attack.PowerX"))}</label><input id="bb-d100-power-x" type="number" name="powerX" value="0" step="1" min="0" max="${MAX_POWER_X}"></div>`
    : "";
  return `<div class="breadbox bb-d100-attack-dialog">
<p class="bb-small">${escape(format("BREADBOX.D100.Combat.Attack.Skill", { skill: row ? skillLabel(row) : w.skill, score: row?.total ?? 0 }))}</p>
<div class="form-group"><label for="bb-d100-difficulty">${escape(localize("BREADBOX.D100.Combat.Attack.Difficulty"))}</label><select id="bb-d100-difficulty" name="difficulty">${ladder}</select></div>
<div class="form-group"><label for="bb-d100-modifier">${escape(localize("BREADBOX.D100.Combat.Attack.DifficultyChange"))}</label><input id="bb-d100-modifier" type="number" name="modifier" value="0" step="1" min="-${ATTACK_DIFFICULTY_LIMIT}" max="${ATTACK_DIFFICULTY_LIMIT}"></div>
<div class="form-group"><label for="bb-d100-block">${escape(localize("BREADBOX.D100.Combat.Attack.Action"))}</label><select id="bb-d100-block" name="block">${attackOptions.join("")}</select></div>
<div class="form-group"><label for="bb-d100-x">${escape(localize("BREADBOX.D100.Combat.Attack.X"))}</label><input id="bb-d100-x" type="number" name="x" value="1" step="1" min="1" max="${MAX_X}"></div>
${d100PlayRules().overflow === "ask" ? `<div class="form-group"><label for="bb-d100-overflow">${escape(localize("BREADBOX.D100.Combat.Attack.CheckOverflow"))}</label><input id="bb-d100-overflow" type="checkbox" name="overflow"></div>` : ""}
${powerField}
${critical ? `<div class="form-group"><label for="bb-d100-critical">${escape(localize("BREADBOX.D100.Combat.Attack.CriticalArea"))}</label><input id="bb-d100-critical" type="checkbox" name="criticalArea"></div>` : ""}
<div class="bb-odds-panel" data-bb-odds aria-live="polite"></div>
</div>`;
}

function field(form: HTMLFormElement, name: string): HTMLInputElement | HTMLSelectElement | null {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el : null;
}

function wholeNumber(form: HTMLFormElement, name: string, min: number, max: number, labelKey: string): number {
  const raw = field(form, name)?.value ?? "";
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isSafeInteger(n) || n < min || n > max) throw new Error(format("BREADBOX.D100.Combat.Attack.BadNumber", { field: localize(labelKey), min, max, value: raw }));
  return n;
}

/** Read and check the attack dialog (bad input: a localized message, no roll). */
export function readAttackForm(form: HTMLFormElement): AttackChoice {
  const ladder = R.DIFFICULTY_KEYS.find((k) => k === field(form, "difficulty")?.value) ?? "average";
  const modifier = wholeNumber(form, "modifier", -ATTACK_DIFFICULTY_LIMIT, ATTACK_DIFFICULTY_LIMIT, "BREADBOX.D100.Combat.Attack.DifficultyChange");
  const [blockRaw, choiceRaw] = String(field(form, "block")?.value ?? "-1").split(":");
  const block = Number(blockRaw);
  const apChoice = choiceRaw === undefined ? null : Number(choiceRaw);
  const x = wholeNumber(form, "x", 1, MAX_X, "BREADBOX.D100.Combat.Attack.X");
  const overflowEl = field(form, "overflow");
  const criticalEl = field(form, "criticalArea");
  const power = String(field(form, "power")?.value ?? "");
  const powerX = power ? wholeNumber(form, "powerX", 0, MAX_POWER_X, "BREADBOX.D100.Combat.Attack.PowerX") : 0;
  return {
    ladder,
    modifier,
    block: Number.isSafeInteger(block) ? block : -1,
    x,
    apChoice: apChoice !== null && Number.isSafeInteger(apChoice) ? apChoice : null,
    overflow: overflowEl instanceof HTMLInputElement && overflowEl.checked,
    criticalArea: criticalEl instanceof HTMLInputElement && criticalEl.checked,
    power,
    powerX,
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
    const rows = [`<li class="outcome-fail"><span>${escape(localize("BREADBOX.D100.Combat.Fire.Fail"))}</span><strong>${formatChance(detail.fail)}</strong></li>`];
    detail.steps.forEach((p, i) => {
      const ev = R.evaluateFire(block, { degree: block.spread[i]?.min ?? 0, x: fire.x, apChoice: fire.apChoice });
      rows.push(`<li class="outcome-step"><span>${escape(format("BREADBOX.D100.Combat.Fire.StepOdds", { step: i + 1, hits: ev.amount }))}</span><strong>${formatChance(p)}</strong></li>`);
    });
    parts.push(`<ul class="bb-odds" aria-label="${escape(localize("BREADBOX.Roll.Odds"))}">${rows.join("")}</ul>`);
    parts.push(`<p class="bb-small">${escape(format("BREADBOX.D100.Combat.Fire.Expected", { hits: detail.expectedHits.toFixed(2), damage: detail.expectedDamage.toFixed(1) }))}</p>`);
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
    parts.push(`<p class="bb-small bb-muted">${escape(format("BREADBOX.D100.Combat.Attack.OneHit", { name: target.name ?? "", damage: notation, adjustment: t.adjustmentText || "—" }))}</p>`);
    parts.push(oddsPanelHtml(odds, { labelKey: (k) => `BREADBOX.D100.Combat.Health.${k}` }));
  }
  if (rules.defence === "conflict") parts.push(`<p class="bb-small bb-muted">${escape(localize("BREADBOX.D100.Combat.Attack.BeforeDefence"))}</p>`);
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
      read: readAttackForm,
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

function attackFlagsOf(message: ChatMessage.Implementation): AttackFlags | null {
  const f = cardFlags(message);
  if (f.type !== "d100Attack" || typeof f.actorUuid !== "string" || typeof f.weaponId !== "string") return null;
  const num = (v: unknown, fallback: number | null) => (typeof v === "number" && Number.isSafeInteger(v) ? v : fallback);
  const ladder = R.DIFFICULTY_KEYS.find((k) => k === f.ladder);
  const modifier = num(f.modifier, null);
  if (!ladder || modifier === null || Math.abs(modifier) > ATTACK_DIFFICULTY_LIMIT) return null;
  return {
    type: "d100Attack",
    actorUuid: f.actorUuid,
    targetUuid: typeof f.targetUuid === "string" ? f.targetUuid : null,
    weaponId: f.weaponId,
    block: num(f.block, -1) ?? -1,
    x: num(f.x, null),
    apChoice: num(f.apChoice, null),
    ladder,
    modifier,
    difficulty: num(f.difficulty, 0) ?? 0,
    overflow: f.overflow === true,
    criticalArea: f.criticalArea === true,
    apCost: num(f.apCost, 0) ?? 0,
    power: typeof f.power === "string" ? f.power : "",
    powerX: Math.max(0, Math.min(MAX_POWER_X, num(f.powerX, 0) ?? 0)),
  };
}

/** Whether an attack card has been resolved: the ledger holds a resolution of it. */
export function isResolved(messageId: string | null | undefined): boolean {
  return Boolean(messageId) && ledgerDamages().some((d) => d.damage.attackMessageId === messageId);
}

/** The defence's skill options for a defender: every skill row, Athletic (ranged) or Close (close) first. */
export function defenceSkills(defender: Actor.Implementation, range: "close" | "ranged"): { id: string; label: string; total: number }[] {
  const first = range === "close" ? "close" : "athletic";
  const rows = sys(defender).skillRows.map((r) => ({ id: r.id, label: skillLabel(r), total: r.total }));
  return [...rows.filter((r) => r.id === first), ...rows.filter((r) => r.id !== first)];
}

/** Defend button: pick the skill that conflicts with the attack, see the odds, defend. */
export async function onDefend(message: ChatMessage.Implementation, _button: HTMLElement, event: Event): Promise<void> {
  const flags = attackFlagsOf(message);
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
  const attackEffort = attackEffortOf(message, attacker, flags);
  if (!skipDialog(event)) {
    const select = `<div class="form-group"><label for="bb-d100-defence">${escape(localize("BREADBOX.D100.Combat.Defence.Skill"))}</label><select id="bb-d100-defence" name="skill">${options
      .map((o) => `<option value="${escape(o.id)}">${escape(o.label)} (${o.total})</option>`)
      .join("")}</select></div><p class="bb-small">${escape(format("BREADBOX.D100.Combat.Defence.Against", { effort: attackEffort ?? "?" }))}</p><div class="bb-odds-panel" data-bb-odds aria-live="polite"></div>`;
    const result = await rollDialog<string>({
      title: format("BREADBOX.D100.Combat.Defence.Title", { attacker: attacker.name ?? "" }),
      content: select,
      read: (form) => String(field(form, "skill")?.value ?? skill),
      odds: (id) => {
        const o = options.find((x) => x.id === id);
        if (!o || attackEffort === null) return "";
        // The defence foils the attack when its effort reaches the attack's (a tie is a miss).
        const odds = R.checkOdds({ kind: "skill", score: Math.max(0, Math.min(R.MAX_CHECK_SCORE, o.total)), difficulty: attackEffort - 1 });
        const foil = odds.success;
        return `<ul class="bb-odds"><li class="outcome-success"><span>${escape(localize("BREADBOX.D100.Combat.Defence.Foils"))}</span><strong>${formatChance(foil)}</strong></li><li class="outcome-failure"><span>${escape(localize("BREADBOX.D100.Combat.Defence.Lands"))}</span><strong>${formatChance(1 - foil)}</strong></li></ul>`;
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
  const flags = attackFlagsOf(message);
  if (!flags?.targetUuid) return;
  if (isResolved(message.id)) {
    ui.notifications?.warn(localize("BREADBOX.D100.Combat.Attack.AlreadyResolved"));
    return;
  }
  await applyOrRelay("d100.resolve", { uuid: flags.targetUuid }, { messageId: message.id, defence: null, mode: currentMessageMode() });
}

/** The attack's effort from the card's own dice and the attacker's skill as it is now (null: the card does not fit). */
function attackEffortOf(message: ChatMessage.Implementation, attacker: Actor.Implementation, flags: AttackFlags): number | null {
  return attackCheckOf(message, attacker, flags)?.effort ?? null;
}

function attackCheckOf(message: ChatMessage.Implementation, attacker: Actor.Implementation, flags: AttackFlags): R.CheckResult | null {
  const weapon = attacker.items.get(flags.weaponId);
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
    // Rebuilt from the attacker as it is now and the card's choices (never the card's numbers).
    return R.resolveCheck(attackCheck(attacker, row.id, flags).options.input, faces);
  } catch {
    return null;
  }
}

function requesterOwns(requester: User.Implementation, ...docs: (Actor.Implementation | null | undefined)[]): boolean {
  return requester.isGM || docs.some((d) => Boolean(d?.testUserPermission(requester, "OWNER")));
}

/**
 * GM side of `d100.resolve` (target: the defender). Everything is read again here: the card must
 * be an attack card written by the GM or an owner of the attacker, not yet resolved, naming this
 * defender; the weapon must still be the attacker's; the attack check is re-classified from the
 * card's own dice against the attacker's skill now; the defence (a skill of the defender's, paid
 * as a reaction) and every damage die are rolled here with Foundry dice. The resolution goes to
 * the ledger in the same critical section, so a second request finds the attack resolved.
 */
export async function relayResolve(ctx: RelayContext): Promise<RelayResult> {
  const messageId = typeof ctx.payload.messageId === "string" ? ctx.payload.messageId : "";
  const message = messageId ? game.messages?.get(messageId) : undefined;
  const flags = message ? attackFlagsOf(message) : null;
  if (!message || !flags) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const defender = ctx.target;
  if (!(defender instanceof BreadboxActor) || !modelOf(defender, D100ActorModel) || flags.targetUuid !== defender.uuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  const attacker = lookupUuidSync(flags.actorUuid);
  if (!(attacker instanceof BreadboxActor) || !modelOf(attacker, D100ActorModel)) return { ok: false, error: "BREADBOX.D100.Combat.Attack.MissingActor" };
  const refusal = cardRefusal(message, attacker);
  if (refusal) return { ok: false, error: refusal };
  if (isResolved(message.id)) return { ok: false, error: "BREADBOX.D100.Combat.Attack.AlreadyResolved" };
  const rules = d100CombatRules();
  const defenceSkill = typeof ctx.payload.defence === "string" ? ctx.payload.defence : null;
  // Who may ask: defending or taking it is the defender's choice; with the defence rule off,
  // either side (or the GM) may have the attack resolved.
  const allowed = rules.defence === "none" && defenceSkill === null ? requesterOwns(ctx.requester, attacker, defender) : requesterOwns(ctx.requester, defender);
  if (!allowed) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const weapon = attacker.items.get(flags.weaponId);
  const w = modelOf(weapon, D100WeaponModel);
  if (!weapon || !w) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  const check = attackCheckOf(message, attacker, flags);
  if (!check) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  const mode = normaliseMessageMode(ctx.payload.mode) ?? "public";

  // The defence: a conflicting effort, paid as a reaction (rule on, a skill named).
  let defence: { label: string; score: number; check: R.CheckResult; rolls: Roll[] } | null = null;
  if (defenceSkill !== null) {
    if (rules.defence !== "conflict") return { ok: false, error: "BREADBOX.D100.Combat.Defence.Off" };
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
  const bar = defence ? Math.max(flags.difficulty, defence.check.effort) : flags.difficulty;
  const degree = check.effort - bar;
  let evaluation: R.FireEvaluation;
  let blockTitle = "";
  try {
    // The block the attack was made (and paid) with, even if the rule was turned off since.
    const block = flags.block >= 0 ? fireBlocks(weapon)[flags.block] : undefined;
    if (flags.block >= 0 && !block) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
    if (block) {
      blockTitle = block.title;
      evaluation = R.evaluateFire(block, { degree, x: block.apCost.kind === "perX" ? (flags.x ?? 1) : undefined, apChoice: block.apCost.kind === "choice" ? (flags.apChoice ?? 0) : undefined });
    } else {
      const hit = degree > 0;
      R.parseDamage(w.damage);
      evaluation = { block: "simple", apCost: w.attackAp, step: hit ? 0 : null, hit, amount: hit ? 1 : 0, shotsFired: null, damage: hit ? w.damage : null };
    }
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : "BREADBOX.Relay.Malformed" };
  }
  const overflow = damageOverflows(rules, degree, flags.criticalArea);
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
    difficulty: flags.difficulty,
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
  if (entry?.applied) {
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
 * never from the card; the requester must be the GM or own the attacker or the target; the
 * entry's `applied` is checked and set here, on the one client that applies.
 */
export async function relayApplyDamage(ctx: RelayContext): Promise<RelayResult> {
  const messageId = typeof ctx.payload.messageId === "string" ? ctx.payload.messageId : "";
  const message = messageId ? game.messages?.get(messageId) : undefined;
  if (!message) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const entry = ledgerEntry(messageId)?.damage;
  if (!entry || entry.ruleset !== "d100") return { ok: false, error: "BREADBOX.Relay.NotResolved" };
  const target = ctx.target;
  if (!(target instanceof BreadboxActor) || target.uuid !== entry.targetUuid || !modelOf(target, D100ActorModel)) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  const attacker = lookupUuidSync(entry.attackerUuid);
  if (!requesterOwns(ctx.requester, attacker instanceof BreadboxActor ? attacker : null, target)) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  if (entry.applied) return { ok: false, error: "BREADBOX.D100.Combat.Attack.AlreadyApplied" };
  if (!Number.isSafeInteger(entry.amount) || entry.amount < 0 || entry.amount > MAX_APPLIED_DAMAGE) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  await updateLedger(messageId, { damage: { ...entry, applied: true } });
  const current = sys(target).health.current;
  try {
    await target.update({ system: { health: { current: current - entry.amount } } });
  } catch (err) {
    await updateLedger(messageId, { damage: { ...entry, applied: false } });
    throw err;
  }
  // The statuses follow on this client's updateActor hook (statuses.ts).
  await message.update({ flags: { [SYSTEM_ID]: { applied: true } } });
  return { ok: true, data: { amount: entry.amount } };
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
  const content = `<div class="breadbox bb-card bb-d100-action"><p>${escape(format(key, { name: actor.name ?? "", action: label, cost }))}</p></div>`;
  await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, flags: { [SYSTEM_ID]: { type: "d100Action" } } }, audienceForMode(currentMessageMode()));
}

/** The actor's weapons (for the sheet and macros). */
export function weaponsOf(actor: Actor.Implementation): Item.Implementation[] {
  return itemsWithModel(actor, D100WeaponModel).map((x) => x.item);
}
