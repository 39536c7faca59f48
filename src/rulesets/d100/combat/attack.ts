/**
 * D10/0 attacks (seed: "DAT", "The Threat Process", "Advanced Simulations"): the rules of the
 * attack exchange that core's engine runs (src/core/exchange/engine.ts: cards, relay, record,
 * trust). The attacker's dialog checks what the attack costs and rolls the check; the target
 * defends with a conflicting effort (world setting; the book has none) or takes it; the active GM
 * resolves under the attacker's (and a defender's) resource lock, where the attack is paid, once —
 * its AP (the power action's too), rounds and power points, read again and refused if short — and
 * rebuilds every number from the documents; Apply takes the recorded amount off Current health.
 */
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { requireModel, targetedActors } from "../../../core/foundry";
import { format, localize, modelOf } from "../../../core/game";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { rollDialog, skipDialog } from "../../../core/rolls/dialog";
import { formatChance, oddsPanelHtml } from "../../../core/rolls/odds-panel";
import { rollWithFoundryDice } from "../../../core/rolls/foundry-dice";
import { audienceForMode, currentMessageMode, type MessageMode } from "../../../core/compat";
import { postCard } from "../../../core/chat/post";
import { withResourceLocks } from "../../../core/chat/trust";
import { checkInputs, inputsHtml, keyInput, readInputs } from "../../../core/forms/inputs";
import { renderSync } from "../../../core/sync-template";
import ODDS_PANEL from "../../../../templates/shared/odds-panel.hbs?raw";
import ATTACK_ODDS from "../../../../templates/d100/combat/attack-odds.hbs?raw";
import { declareExchange, renderExchangeCard } from "../../../core/exchange/engine";
import type { ExchangeDefinition, PostedRoll } from "../../../core/exchange/types";
import { BreadboxActor } from "../../../core/documents/actor";
import { D100ActorModel } from "../data/actor";
import { D100WeaponModel } from "../data/weapons";
import { buildCheck, defaultChoices, degreeHeadline, powerKeys } from "../checks";
import { D100CheckRoll, D100OverflowRoll, bookFaces, d10Zero } from "../dice/check-roll";
import { d100PlayRules } from "../settings";
import { d100CombatRules, damageOverflows, type D100CombatRules } from "./settings";
import { attackStartable, refusalMessage, spendNow, startAttackOnGM, writeSpend } from "./ap";
import { linesHtml } from "../../../core/rolls/lines";
import { noteCardHtml } from "../../../core/chat/note-card";
import { shieldLabel, shieldOf, strikeShield, type ShieldStrike } from "./shield";
import { D100PowerModel } from "../data/items";
import { lanceIndex, weaponView, attackKey, pendingAttackOf, attackCost, attackInputs, checkAttackChoices, choiceOfInputs, shownAttackInputs, attackLabel, attackPayment, skillLabel, skillRow, sys, type Attack, type AttackChoice, type AttackCost } from "./attack-cost";

export type { AttackChoice } from "./attack-cost";

/** Largest damage one record may apply (far above any roll of the notation's caps). */
const MAX_APPLIED_DAMAGE = 1_000_000_000;

/** The response's choice: the defending skill (null: no defence). */
interface Defence {
  skill: string | null;
}

/**
 * The attack's choices (a card's: anything) checked against what the dialog could have offered this
 * attacker: one of their weapons, then the attack's one declaration (attack-cost.ts
 * `checkAttackChoices`: the ladder, the change, any of the weapon's fire blocks — the one the attack
 * was made with, even if the fire-block rule was turned off since — X, the AP choice, the ticks, one
 * of their power actions and its X). Throws a localized message naming the field that does not fit.
 */
function checkAttack(raw: Record<string, unknown>, attacker: Actor.Implementation): Attack {
  const weapon = typeof raw.weaponId === "string" ? attacker.items.get(raw.weaponId) : undefined;
  if (!modelOf(attacker, D100ActorModel) || !weapon || !(modelOf(weapon, D100WeaponModel) || modelOf(weapon, D100PowerModel))) throw new Error("BREADBOX.Relay.NotGenuine");
  const attack = { ...checkAttackChoices(raw, attacker, weapon), weapon };
  // A power attacks only as its Spirit Lance, with the power action it names (and X ≥ 1).
  if (!modelOf(weapon, D100WeaponModel)) weaponView(attack);
  return attack;
}

/** The choices a card carries (the weapon by id). */
function postedChoices({ weapon, ...rest }: Attack): Record<string, unknown> {
  return { weaponId: weapon.id ?? "", ...rest };
}

/**
 * The attack check from the posted dice (the GM's record, or a card on any client for display),
 * classified against the check rebuilt from the documents (`attackCost`): the skill, difficulty and
 * overflow never come from a card. Null when the dice are not the check's (another formula or roll
 * class, a face out of range).
 */
function attackCheckOf(rolls: readonly PostedRoll[], cost: AttackCost): R.CheckResult | null {
  const [main, ...overflow] = rolls;
  if (!(main instanceof D100CheckRoll) || main.formula !== "1d100" || overflow.some((r) => !(r instanceof D100OverflowRoll) || r.formula !== "1d100")) return null;
  const faces: number[] = [];
  for (const r of rolls) {
    const result = r.dice.length === 1 ? r.dice[0]?.results[0]?.result : undefined;
    if (typeof result !== "number" || r.dice[0]?.results.length !== 1 || !Number.isSafeInteger(result) || result < 1 || result > 100) return null;
    faces.push(...bookFaces("skill", result));
  }
  try {
    return R.resolveCheck(cost.built.options.input, faces);
  } catch {
    return null;
  }
}

/** `attackCheckOf` for a declaration whose attack may no longer be buildable (display: null). */
function postedCheck(rolls: readonly PostedRoll[], attacker: Actor.Implementation, a: Attack): R.CheckResult | null {
  try {
    return attackCheckOf(rolls, attackCost(attacker, a));
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Declare


/** The dialog's odds (templates/d100/combat/attack-odds.hbs): the check (or the fire block's steps) and what one hit does to the target. */
function attackOddsHtml(actor: Actor.Implementation, a: Attack, target: Actor.Implementation | null, rules: D100CombatRules): string {
  const cost = attackCost(actor, a);
  const input = cost.built.options.input;
  let notation = weaponView(a).damage;
  const ctx: { check: string; expected?: string; oneHit?: string; damage?: string; beforeDefence?: string; shield?: string; shieldOdds?: string } = { check: "" };
  if (cost.fire) {
    const { block, x, apChoice } = cost.fire;
    const detail = R.fireOddsDetail({ block, check: input, x, apChoice }, { attributes: sys(actor).attributeScores });
    const steps = detail.steps.map((p, i) => ({ cls: "outcome-step", label: format("BREADBOX.D100.Combat.Fire.StepOdds", { step: i + 1, hits: R.evaluateFire(block, { degree: block.spread[i]?.min ?? 0, x, apChoice }).amount }), chance: formatChance(p) }));
    const rows = [{ cls: "outcome-fail", label: localize("BREADBOX.D100.Combat.Fire.Fail"), chance: formatChance(detail.fail) }, ...steps];
    ctx.check = renderSync(ODDS_PANEL, { label: localize("BREADBOX.Roll.Odds"), rows });
    ctx.expected = format("BREADBOX.D100.Combat.Fire.Expected", { hits: detail.expectedHits.toFixed(2), damage: detail.expectedDamage.toFixed(1) });
    notation = R.evaluateFire(block, { degree: block.spread[block.spread.length - 1]?.min ?? 0, x, apChoice }).damage ?? notation;
  } else ctx.check = oddsPanelHtml(R.checkOdds(input), { labelKey: (k) => `BREADBOX.D100.Combat.Degree.${k}`, headline: degreeHeadline });
  // A target behind a raised Barrier Shield: where a simple attack lands (a fire block's steps are placed with the 25 too).
  const shield = target ? shieldOf(target) : null;
  if (shield) {
    ctx.shield = format("BREADBOX.D100.Combat.Shield.Odds", { name: target?.name ?? "", difficulty: R.BARRIER_SHIELD.difficulty, remaining: shield.remaining });
    if (!cost.fire) ctx.shieldOdds = oddsPanelHtml(R.shieldedAttackOdds({ attack: input, shieldDifficulty: R.BARRIER_SHIELD.difficulty }), { labelKey: (k) => `BREADBOX.D100.Combat.Shield.${k}` });
  }
  if (target && notation.trim()) {
    const t = sys(target);
    // The degree is not known before the roll: the odds overflow only for a critical area.
    const overflow = damageOverflows(rules, Number.MIN_SAFE_INTEGER, a.criticalArea);
    const odds = R.damageOdds({ notation, attributes: sys(actor).attributeScores, overflow, adjustment: t.adjustment, target: { normal: t.healthNormal, current: t.health.current } });
    ctx.oneHit = format("BREADBOX.D100.Combat.Attack.OneHit", { name: target.name ?? "", damage: notation, adjustment: t.adjustmentText || "—" });
    ctx.damage = oddsPanelHtml(odds, { labelKey: (k) => `BREADBOX.D100.Combat.Health.${k}` });
  }
  if (rules.defence === "conflict") ctx.beforeDefence = localize("BREADBOX.D100.Combat.Attack.BeforeDefence");
  return renderSync(ATTACK_ODDS, ctx).trim();
}

/**
 * The attack dialog's odds for the choices its form holds (a weapon's or a power's Spirit Lance):
 * checked as the GM checks a posted attack, then shown. Also what the attack-dialog bench times.
 */
export function attackDialogOddsHtml(actor: Actor.Implementation, weapon: Item.Implementation, target: Actor.Implementation | null, choice: AttackChoice, rules: D100CombatRules): string {
  return attackOddsHtml(actor, checkAttack({ ...choice, weaponId: weapon.id }, actor), target, rules);
}

/** The defence dialog's input, declared once: one of the defender's conflicting skills (the form's read and the GM's check). */
function defenceInputs(options: readonly { id: string }[]) {
  const ids = options.map((o) => o.id);
  return { skill: keyInput("BREADBOX.D100.Combat.Defence.Skill", ids, (id) => id, ids[0] ?? "athletic") };
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
    const inputs = attackInputs(actor, weapon, { fireBlocks: rules.fireBlocks });
    const shown = shownAttackInputs(inputs, rules, d100PlayRules().overflow === "ask", powerKeys(actor).length > 0);
    const content = await foundry.applications.handlebars.renderTemplate(templatePath("d100/combat/attack-dialog.hbs"), {
      skillLine: format("BREADBOX.D100.Combat.Attack.Skill", { skill: skillLabel(row), score: row.total }),
      inputs: await inputsHtml(shown, {}, "bb-d100"),
    });
    const result = await rollDialog<AttackChoice>({
      title: format("BREADBOX.D100.Combat.Attack.Title", { weapon: weapon.name ?? "" }),
      content,
      read: (form) => choiceOfInputs(readInputs(form, inputs)),
      odds: (v) => attackDialogOddsHtml(actor, weapon, target, v, rules),
    });
    if (!result) return null;
    ({ value: choice, mode } = result);
  }
  return performAttack(actor, weapon, target, choice, mode);
}

/**
 * Roll and post an attack already configured (the dialog's or a test's choice): what it costs is
 * checked here and paid when the GM resolves it (an attack with no target, which nothing resolves,
 * is paid at once through the GM).
 */
export async function performAttack(actor: Actor.Implementation, weapon: Item.Implementation, target: Actor.Implementation | null, choice: AttackChoice, mode: MessageMode): Promise<ChatMessage.Implementation | null> {
  let attack: Attack;
  let cost: AttackCost;
  try {
    attack = checkAttack({ ...choice, weaponId: weapon.id }, actor);
    cost = attackCost(actor, attack);
    // More AP than are left this initiative: the attack may be started and paid over the next ones.
    const ap = pendingAttackOf(actor, attack, cost) ? null : spendNow(actor, cost.ap);
    if (ap && !ap.ok && attackStartable(actor, ap)) {
      await startAttack(actor, attack, cost, ap.available);
      return null;
    }
    attackPayment(actor, attack, cost);
  } catch (err) {
    ui.notifications?.warn(localize(err instanceof Error ? err.message : String(err)));
    return null;
  }
  // The play part's check roll: Foundry's d100 read as the book's two d10s, overflow dice as rolls.
  const roll = D100CheckRoll.fromCheck({ ...cost.built.options, title: cost.title });
  await roll.evaluate();
  const rolls: Roll[] = [roll, ...roll.overflowRolls];
  // Display only: the GM rebuilds both from the documents.
  const flags = { difficulty: cost.built.options.input.difficulty ?? 0, apCost: cost.ap };
  if (target) return (await declareExchange(d100Attack, actor, target, postedChoices(attack), { mode, rolls, flags })) ?? null;
  if (!(await applyOrRelay("d100.payAttack", actor, { choices: postedChoices(attack) })).ok) return null;
  const content = await renderExchangeCard(await attackCard(actor, null, attack, rolls), [], "d100Attack");
  return (await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, rolls, flags: { [SYSTEM_ID]: { ...flags, type: "d100Attack" } } }, audienceForMode(mode))) ?? null;
}

/**
 * An attack costing more than the points left (seed: "A character is not limited to the action
 * points from a single round and can allot following rounds towards actions with high costs"): the
 * player confirms, then the GM starts it (relay `d100.startAttack`) with every point left; the
 * next initiatives pay the rest (the tracker shows it) and, paid in full, the same attack is made
 * without paying its AP again.
 */
async function startAttack(actor: Actor.Implementation, attack: Attack, cost: AttackCost, available: number): Promise<void> {
  const ok = await foundry.applications.api.DialogV2.confirm({
    window: { title: cost.title },
    content: linesHtml({ text: format("BREADBOX.D100.Combat.Attack.StartConfirm", { action: cost.title, cost: cost.ap, available }) }),
  });
  if (!ok) return;
  const result = await applyOrRelay("d100.startAttack", actor, { choices: postedChoices(attack) });
  if (!result.ok) return;
  const content = await noteCardHtml({ kind: "bb-d100-action", lines: [{ text: format("BREADBOX.D100.Combat.Attack.Started", { name: actor.name ?? "", action: cost.title, paid: available, cost: cost.ap }) }] });
  await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, flags: { [SYSTEM_ID]: { type: "d100Action" } } }, audienceForMode(currentMessageMode()));
}

/** GM side of `d100.startAttack`: the requester owns the attacker; the attack and its cost are rebuilt from the documents. */
export function relayStartAttack(ctx: RelayContext): Promise<RelayResult> {
  return onRelayedAttack(ctx, (attacker, attack) => {
    const cost = attackCost(attacker, attack);
    return startAttackOnGM(attacker, attackKey(attack, cost), cost.title, cost.ap);
  });
}

/**
 * What the GM checks of a relayed attack before `work` (the attacker's owner asks; the attack is
 * rebuilt from the documents and the posted choices); an error thrown is the refusal.
 */
async function onRelayedAttack({ requester, target: attacker, payload }: RelayContext, work: (attacker: Actor.Implementation, attack: ReturnType<typeof checkAttack>) => Promise<RelayResult>): Promise<RelayResult> {
  if (!(attacker instanceof BreadboxActor) || !modelOf(attacker, D100ActorModel)) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (!requester.isGM && !attacker.testUserPermission(requester, "OWNER")) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const raw = payload.choices && typeof payload.choices === "object" ? { ...(payload.choices as Record<string, unknown>) } : {};
  try {
    return await work(attacker, checkAttack(raw, attacker));
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : "BREADBOX.Relay.Malformed" };
  }
}

/**
 * Spirit Lance after its check (GM's client, under the attacker's lock, after the attack was paid:
 * its Need 1 and Hold X): a hit drains the X held points, a miss releases them (`settleSpiritLance`).
 * Returns the card's line.
 */
async function settleLance(a: Attack, hit: boolean): Promise<string> {
  const power = modelOf(a.weapon, D100PowerModel);
  if (!power) return "";
  const x = Math.min(a.powerX, power.held);
  if (x >= 1) {
    const next = R.settleSpiritLance({ normal: Math.max(0, power.normal), current: power.current, held: power.held }, x, hit);
    await a.weapon.update({ system: { current: next.current, held: next.held } });
  }
  return format(hit ? "BREADBOX.D100.Combat.Lance.Drained" : "BREADBOX.D100.Combat.Lance.Released", { x: a.powerX });
}

/**
 * Attack with a power's Spirit Lance (the sheet's button on that action) against the user's first
 * target: the attack dialog without a weapon's actions, X the points invested (the dice), the
 * power action fixed. Returns the attack card, or null.
 */
export async function attackWithLance(actor: Actor.Implementation, item: Item.Implementation, index: number, event?: Event | null): Promise<ChatMessage.Implementation | null> {
  const power = `${item.id ?? ""}:${index}`;
  if (lanceIndex(item, power) === null) return null;
  const target = targetedActors()[0] ?? null;
  if (target && !modelOf(target, D100ActorModel)) {
    ui.notifications?.warn(format("BREADBOX.D100.Combat.Attack.WrongRulesetTarget", { name: target.name ?? "" }));
    return null;
  }
  if (!target) ui.notifications?.info(localize("BREADBOX.D100.Combat.Attack.NoTarget"));
  let choice: AttackChoice = { ladder: "average", modifier: 0, block: -1, x: 1, apChoice: null, overflow: false, criticalArea: false, power, powerX: 1 };
  let mode: MessageMode = currentMessageMode();
  if (!skipDialog(event)) {
    const rules = d100CombatRules();
    const inputs = attackInputs(actor, item, { fireBlocks: false });
    const { block: _block, x: _x, power: _power, ...shown } = shownAttackInputs(inputs, rules, d100PlayRules().overflow === "ask", true);
    const row = skillRow(actor, weaponView({ weapon: item, power, powerX: 1 }).skill);
    if (!row) {
      ui.notifications?.warn(format("BREADBOX.D100.Combat.Attack.NoSkill", { skill: weaponView({ weapon: item, power, powerX: 1 }).skill, weapon: item.name ?? "" }));
      return null;
    }
    const content = await foundry.applications.handlebars.renderTemplate(templatePath("d100/combat/attack-dialog.hbs"), {
      skillLine: format("BREADBOX.D100.Combat.Attack.Skill", { skill: skillLabel(row), score: row.total }),
      // X starts at 1: a lance needs one point invested.
      inputs: await inputsHtml(shown, { powerX: "1" }, "bb-d100"),
    });
    const result = await rollDialog<AttackChoice>({
      title: format("BREADBOX.D100.Combat.Attack.Title", { weapon: item.name ?? "" }),
      content,
      read: (form) => ({ ...choiceOfInputs(readInputs(form, inputs)), power, powerX: Math.max(1, readInputs(form, inputs).powerX) }),
      odds: (v) => attackDialogOddsHtml(actor, item, target, v, rules),
    });
    if (!result) return null;
    ({ value: choice, mode } = result);
  }
  return performAttack(actor, item, target, choice, mode);
}

/** GM side of `d100.payAttack` (an attack with no target): its cost paid at once under the attacker's resource lock. */
export function relayPayAttack(ctx: RelayContext): Promise<RelayResult> {
  return onRelayedAttack(ctx, async (attacker, attack) => {
    await withResourceLocks([attacker], () => attackPayment(attacker, attack, attackCost(attacker, attack))());
    return { ok: true };
  });
}

/** The attack card's body (templates/d100/combat/attack.hbs), from the posted dice. */
async function attackCard(attacker: Actor.Implementation, target: Actor.Implementation | null, a: Attack, rolls: readonly PostedRoll[]): Promise<{ html: string }> {
  const cost = attackCost(attacker, a);
  const check = attackCheckOf(rolls, cost);
  if (!check) throw new Error("BREADBOX.Relay.NotGenuine");
  const ev = cost.fire ? R.evaluateFire(cost.fire.block, { degree: check.degree, x: cost.fire.x, apChoice: cost.fire.apChoice }) : null;
  const html = await foundry.applications.handlebars.renderTemplate(templatePath("d100/combat/attack.hbs"), {
    weapon: a.weapon.name,
    attacker: attacker.name,
    target: target?.name ?? "",
    skill: skillLabel(cost.skill),
    score: cost.skill.total,
    faces: check.faces.join(" "),
    roll: check.roll,
    effort: check.effort,
    difficulty: cost.built.options.input.difficulty,
    parts: cost.built.options.parts.map((p) => `${p.label} ${p.value >= 0 ? "+" : ""}${p.value}`).join(", "),
    degree: check.degree,
    degreeLabel: localize(`BREADBOX.D100.Combat.Degree.${check.degreeKey}`),
    outcomeClass: check.outcome,
    ap: cost.ap,
    rounds: weaponView(a).capacity > 0 ? cost.rounds : null,
    block: cost.fire?.block.title ?? "",
    fire: ev ? (ev.hit ? format("BREADBOX.D100.Combat.Fire.Placed", { step: (ev.step ?? 0) + 1, hits: ev.amount }) : localize("BREADBOX.D100.Combat.Fire.Fail")) : "",
  });
  return { html };
}

// ---------------------------------------------------------------------------------------------
// 2–4. Respond, resolve, apply

/** The defence's skill options for a defender: every skill row, Athletic (ranged) or Close (close) first. */
function defenceSkills(defender: Actor.Implementation, range: "close" | "ranged"): { id: string; label: string; total: number }[] {
  const first = range === "close" ? "close" : "athletic";
  const rows = sys(defender).skillRows.map((r) => ({ id: r.id, label: skillLabel(r), total: r.total }));
  return [...rows.filter((r) => r.id === first), ...rows.filter((r) => r.id !== first)];
}

const defenceOptions = (defender: Actor.Implementation, a: Attack) => defenceSkills(defender, weaponView(a).range);

export const d100Attack: ExchangeDefinition<Attack, Defence> = {
  ruleset: "d100",
  kind: "attack",
  applyLabel: "BREADBOX.D100.Combat.Attack.Apply",

  checkChoices(raw, { attacker, target }) {
    if (!modelOf(target, D100ActorModel)) throw new Error(format("BREADBOX.D100.Combat.Attack.WrongRulesetTarget", { name: target.name ?? "" }));
    return checkAttack(raw, attacker);
  },

  declarationCard: ({ attacker, target, choices, rolls }) => attackCard(attacker, target, choices, rolls),

  /** Conflicting effort: defend (not against a simple attack that already fails, nor one's own) or take it; no defence: resolve (either side's owners may). */
  responses({ attacker, target, choices, rolls }) {
    if (d100CombatRules().defence === "none") return [{ id: "take", label: "BREADBOX.D100.Combat.Attack.Resolve", either: true }];
    const defend = target.uuid !== attacker.uuid && (choices.block >= 0 || (postedCheck(rolls, attacker, choices)?.degree ?? 0) > 0);
    return [...(defend ? [{ id: "defend", label: "BREADBOX.D100.Combat.Defence.Defend" }] : []), { id: "take", label: "BREADBOX.D100.Combat.Defence.TakeIt" }];
  },

  /** Defend: pick the skill that conflicts with the attack and see the chance to foil it. */
  async respondDialog({ attacker, target, choices, rolls }, response, event) {
    const options = defenceOptions(target, choices);
    if (response !== "defend" || skipDialog(event)) return { choices: response === "defend" ? { skill: options[0]?.id ?? "athletic" } : {}, mode: currentMessageMode() };
    const effort = postedCheck(rolls, attacker, choices)?.effort ?? null;
    const result = await rollDialog<string>({
      title: format("BREADBOX.D100.Combat.Defence.Title", { attacker: attacker.name ?? "" }),
      content: await foundry.applications.handlebars.renderTemplate(templatePath("d100/combat/defence-dialog.hbs"), { options, against: format("BREADBOX.D100.Combat.Defence.Against", { effort: effort ?? "?" }) }),
      read: (form) => readInputs(form, defenceInputs(options)).skill,
      odds: (id) => {
        const o = options.find((x) => x.id === id);
        if (!o || effort === null) return "";
        // The defence foils the attack when its effort reaches the attack's (a tie is a miss).
        const foil = R.checkOdds({ kind: "skill", score: Math.max(0, Math.min(R.MAX_CHECK_SCORE, o.total)), difficulty: effort - 1 }).success;
        const odds = { success: foil, outcomes: [{ key: "success", p: foil }, { key: "failure", p: 1 - foil }], extras: [], error: 0 };
        return oddsPanelHtml(odds, { labelKey: (k) => `BREADBOX.D100.Combat.Defence.${k === "success" ? "Foils" : "Lands"}` });
      },
    });
    return result && { choices: { skill: result.value }, mode: result.mode };
  },

  checkResponse(raw, { target, choices }, response) {
    if (response !== "defend") return { skill: null };
    return { skill: checkInputs(raw, defenceInputs(defenceOptions(target, choices)), { complete: true }).skill };
  },

  // A shielded defender's shield and power points may change in the resolution: lock them too.
  spends: ({ attacker, target }, response) => (response === "defend" || shieldOf(target) ? [attacker, target] : [attacker]),

  async resolve({ attacker, target: defender, choices: a, rolls }, response) {
    const rules = d100CombatRules();
    // Everything that may refuse comes before anything is written: the check, the attack's cost, the defence's.
    const cost = attackCost(attacker, a);
    const check = attackCheckOf(rolls, cost);
    if (!check) throw new Error("BREADBOX.Relay.NotGenuine");
    const pay = attackPayment(attacker, a, cost);
    const row = response.choices.skill === null ? null : skillRow(defender, response.choices.skill);
    if (response.choices.skill !== null && !row) throw new Error("BREADBOX.Relay.Malformed");
    const defenceTitle = localize("BREADBOX.D100.Combat.Defence.Action");
    const reaction = row ? spendNow(defender, rules.defenceAp) : null;
    if (reaction && !reaction.ok) throw new Error(refusalMessage(reaction, defenceTitle));
    await pay();
    if (reaction?.ok) await writeSpend(defender, reaction);

    // The defence: the defender's check as every check is built (a dying defender's difficulty
    // counts against the effort: the effort is what the book compares, so the difficulty lowers it).
    let defence: { label: string; score: number; check: R.CheckResult; rolls: Roll[] } | null = null;
    if (row) {
      const roll = D100CheckRoll.fromCheck({ ...buildCheck(defender, defaultChoices({ target: `skill:${row.id}`, ladder: "average", modifier: 0, overflow: false })).options, title: defenceTitle });
      await roll.evaluate();
      const value = roll.checkResult;
      if (!value) throw new Error("BREADBOX.Relay.Failed");
      defence = { label: skillLabel(row), score: row.total, check: { ...value, effort: value.degree }, rolls: [roll, ...roll.overflowRolls] };
    }

    // The threat: the degree against the difficulty, raised to the defender's effort when higher.
    const difficulty = check.difficulty;
    const degree = check.effort - (defence ? Math.max(difficulty, defence.check.effort) : difficulty);
    const w = weaponView(a);
    const evaluate = (d: number): R.FireEvaluation => {
      const hit = d > 0;
      return cost.fire
        ? R.evaluateFire(cost.fire.block, { degree: d, x: cost.fire.x, apChoice: cost.fire.apChoice })
        : { block: "simple", apCost: w.attackAp, step: hit ? 0 : null, hit, amount: hit ? 1 : 0, shotsFired: null, damage: hit ? w.damage : null };
    };
    // A raised Barrier Shield adds its 25 to the difficulty; an attack it stops strikes the shield
    // (a fire block's spread is placed with the shield's 25 too: hits that still land are through).
    const shield = shieldOf(defender);
    let evaluation = evaluate(degree);
    let shieldResult: "through" | "shield" | "missed" | null = null;
    if (shield) {
      const through = evaluate(degree - R.BARRIER_SHIELD.difficulty);
      shieldResult = through.hit ? "through" : evaluation.hit ? "shield" : "missed";
      if (shieldResult !== "shield") evaluation = through;
    }
    const overflow = damageOverflows(rules, shieldResult === "through" ? degree - R.BARRIER_SHIELD.difficulty : degree, a.criticalArea);
    const t = sys(defender);
    // Damage on the shield is the shield's (the shaman's own adjustments protect the shaman).
    const { value: damage, rolls: damageRolls } = await rollWithFoundryDice(
      (rng) => R.rollFireDamage({ evaluation, adjustment: shieldResult === "shield" ? "" : t.adjustment, attributes: sys(attacker).attributeScores, overflow, eachShot: rules.fireEachShot }, rng),
      { die: d10Zero, batch: true },
    );
    // Spirit Lance: the X points held for it are drained on a hit, released to the shaman on a miss.
    const lance = w.lance === null ? null : await settleLance(a, evaluation.hit);
    let strike: ShieldStrike | null = null;
    if (shield && shieldResult === "shield") strike = await strikeShield(defender, shield, damage.total, localize("BREADBOX.D100.Combat.Shield.FocusCheck"));
    const amount = strike ? 0 : damage.total;
    const health = { normal: t.healthNormal, current: t.health.current - amount };
    const state = R.healthState(health);
    const html = await foundry.applications.handlebars.renderTemplate(templatePath("d100/combat/resolution.hbs"), {
      attacker: attacker.name,
      defender: defender.name,
      effort: check.effort,
      difficulty,
      defence: defence ? { label: defence.label, score: defence.score, faces: defence.check.faces.join(" "), effort: defence.check.effort } : null,
      degree,
      lance,
      shield: shieldResult ? { result: shieldLabel(shieldResult), difficulty: R.BARRIER_SHIELD.difficulty, strike } : null,
      block: cost.fire?.block.title ?? "",
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
      dying: state === "dying",
      targetVisibility: `owner:${defender.uuid}`,
    });
    return { rolls: [...(defence?.rolls ?? []), ...damageRolls, ...(strike?.rolls ?? [])], card: { html }, outcome: amount > 0 ? { amount } : null, speaker: attacker };
  },

  checkOutcome: ({ amount }) => typeof amount === "number" && Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_APPLIED_DAMAGE,

  /** Current health drops; the statuses follow on this client's updateActor hook (statuses.ts). */
  async apply(target, { amount }) {
    await target.update({ system: { health: { current: sys(target).health.current - Number(amount) } } });
    return { amount: Number(amount) };
  },
};
