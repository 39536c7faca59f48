/**
 * Toaster's attack on core's exchange engine (src/core/exchange/engine.ts): only its rules.
 *
 *  1. Declare — the attacker's dialog (with the exact odds against the target); the attack roll (a
 *     ToasterCheckRoll) is rolled on the attacker's client and posted with the weapon and the
 *     dialog's choices. Its card is the check card, with the luck buttons (chat/luck.ts).
 *  2. Defend — the defender's owner picks dodge or a parry and its modifiers (no dialog when a
 *     stance gave the defence up).
 *  3. Resolve (active GM) — the posted attack re-classified from its faces with every number rebuilt
 *     from the documents; the defence rolled; the five steps; the resolution card.
 *  4. Apply — stun and wounds (and bleeding) to the target.
 */
import * as R from "../rules";
import { templatePath } from "../../../core/ids";
import { requireModel, targetedActors } from "../../../core/foundry";
import { format, localize, modelOf, notify } from "../../../core/game";
import { rollDialog, skipDialog } from "../../../core/rolls/dialog";
import { choiceInput, inputsHtml, readInputs } from "../../../core/forms/inputs";
import { linesHtml } from "../../../core/rolls/lines";
import { oddsRowsHtml, type HeadlineFigure } from "../../../core/rolls/odds-panel";
import type { Odds } from "../../../dice/contract";
import { rollWithFoundryDice, type KnownFace } from "../../../core/rolls/foundry-dice";
import { currentMessageMode, type MessageMode } from "../../../core/compat";
import { DECLARATION, declareExchange, renderExchangeCard, updateDeclaration, type CardButton } from "../../../core/exchange/engine";
import type { Declared, ExchangeDefinition, ExchangeSides } from "../../../core/exchange/types";
import { luckAfterSpent, rerolledHint, rollWasRerolled } from "./once";
import { ToasterCheckRoll, checkInputOf, type ToasterCheckOptions } from "../dice/check-roll";
import { toasterDie } from "../dice/foundry-die";
import { toasterRules, type ToasterRules } from "../settings";
import { afterDefence, owedPart, spendForgoneDefence, stanceDebt, stanceSelect } from "../stance";
import { cardRolls, checkOptions, choicesWithinLimits, configureCheck, dialogContent, oddsHtml, performCheck, readChoices, rollCheck, spendLuckBefore, DEFAULT_CHOICES, type CheckChoices, type CheckRequest } from "../checks";
import { attackRequest, defenceOptions, sys, type DefenceOption } from "../requests";
import { ToasterWeaponModel } from "../data/items";
import { ToasterActorModel } from "../data/actor";
import { criticalEffectText, criticalTable, hitLocationTable, hitLocationText, tableUsedLine, type UsedTable } from "./roll-tables";

export { toasterDie };

/** The attack's choices as the GM checked them: the attacker's weapon and the attack dialog's answers. */
export interface AttackChoices {
  item: Item.Implementation;
  weapon: ToasterWeaponModel;
  check: CheckChoices;
}

/** A defence's choices as the GM checked them (null: the defence was given up to a stance). */
export type DefenceChoices = { option: DefenceOption; check: CheckChoices } | null;

type AttackDeclared = Declared<AttackChoices>;

/** Hit-location areas (core table) → the armor coverage areas of the data model. */
const AREA_OF_LOCATION: Record<string, string> = { headNeck: "head", torso: "torso", leftArm: "leftArm", rightArm: "rightArm", leftLeg: "leftLeg", rightLeg: "rightLeg" };
/** Most luck a dialog could have offered (the data model's bound; the spend itself is the roller's). */
const MAX_LUCK = 99;
/** Largest stun or wounds one card may apply (far above any roll; a larger number is forged). */
const MAX_APPLIED = 10_000;
/**
 * Room below the actor's present standing parts for what stood against the attacker when it
 * rolled and has changed since: the stun/wound penalty (at worst −4) and what stances owed (at most −3).
 */
const STANDING_SLACK = -7;
const NOT_GENUINE = "BREADBOX.Relay.NotGenuine";

const sumParts = (parts: readonly { value: number }[]): number => parts.reduce((s, p) => s + p.value, 0);
const diceRules = (rules: ToasterRules) => ({ rollingNines: rules.rollingNines, ninesLimit: rules.ninesLimit > 0 ? rules.ninesLimit : null });
const attackOptions = (rules: ToasterRules): R.AttackInput["options"] => ({ variableOutcomes: rules.variableOutcomes, sameDie: rules.wcacSameDie, criticalTable: rules.criticalTable, addMargin: rules.wcacAddMargin, rollTwice: rules.wcacRollTwice, halveMarginal: rules.wcacHalveMarginal });

/** The weapon's WC (the shotgun's at the range band chosen on the attack; point blank when none was). */
function attackWC(weapon: ToasterWeaponModel, range: string | undefined): number {
  return weapon.shotgun ? R.shotgunWC({ baseWC: weapon.wc, rangePenalty: range ? R.rangePenalty(range) : 0 }) : weapon.wc;
}

/** (Stance): a defender who went all out in an attack has given up this defence. */
function defenceForgone(defender: Actor.Implementation, rules: ToasterRules): boolean {
  return rules.stance && stanceDebt(defender).forgoneDefences > 0;
}

/** A defence roll's request: the chosen option's rank and parts, and what stances still owe. */
function defenceRequest(defender: Actor.Implementation, opt: DefenceOption, rules: ToasterRules): CheckRequest {
  return {
    actor: defender,
    kind: "defence",
    title: format("BREADBOX.Toaster.Defence.Title", { option: opt.label }),
    rank: opt.rank,
    rankLabel: opt.label,
    fixedParts: [...opt.parts, ...(rules.stance ? owedPart(stanceDebt(defender), "defence") : [])],
    specialties: opt.specialties,
    extraSelects: rules.stance ? [stanceSelect("defence")] : [],
  };
}

/** The rules core's input of the whole attack, but for the attack and defence checks. */
function attackInput(weapon: ToasterWeaponModel, range: string | undefined, defender: Actor.Implementation, ac: number, rules: ToasterRules): Omit<R.AttackInput, "attack" | "defence" | "defenceRank"> {
  const d = sys(defender);
  const dice = diceRules(rules);
  return { mode: weapon.mode, wc: attackWC(weapon, range), ac, unarmed: weapon.unarmed, woundThreshold: d.thresholds.wound, defenderPhysique: d.effective.physique ?? 0, damageDice: dice, protectionDice: dice, options: attackOptions(rules) };
}

/** Exact odds of the whole attack sequence against a defender who takes their best defence with no modifier (attack dialog). */
function attackOddsHtml(o: ToasterCheckOptions, weapon: ToasterWeaponModel, defender: Actor.Implementation, rules: ToasterRules): string {
  const options = defenceOptions(defender, weapon.mode, !weapon.unarmed);
  const best = options.reduce<DefenceOption | null>((b, x) => (!b || x.rank + sumParts(x.parts) > b.rank + sumParts(b.parts) ? x : b), null);
  const odds = R.attackDistribution({
    ...attackInput(weapon, o.choices?.range, defender, sys(defender).ac, rules),
    attack: { ...checkInputOf(o), target: undefined },
    defenceRank: best?.rank ?? 0,
    defence: best ? { rank: best.rank, modifier: sumParts(best.parts), rollingNines: rules.rollingNines, ninesLimit: diceRules(rules).ninesLimit, rollingZeros: rules.rollingZeros } : null,
  });
  const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
  const against = format("BREADBOX.Toaster.Attack.OddsAgainst", { name: defender.name ?? "", defence: best?.label ?? "—", rank: best?.rank ?? 0 });
  return (
    linesHtml({ text: against, cls: "bb-small bb-muted" }) +
    // Hit and miss add up to 100 %; a critical and a wound overlap them, so they sit apart (issue 24.4).
    oddsRowsHtml(
      [
        { cls: "band-success", label: localize("BREADBOX.Toaster.Attack.OddsHit"), chance: pct(odds.hit) },
        { cls: "band-failure", label: localize("BREADBOX.Toaster.Attack.OddsMiss"), chance: pct(1 - odds.hit) },
      ],
      [
        { cls: "band-critical", label: localize("BREADBOX.Toaster.Critical.Title"), chance: pct(odds.criticalTriggered) },
        { cls: "band-failure", label: localize("BREADBOX.Toaster.Attack.OddsWound"), chance: pct(1 - (odds.wounds.get(0) ?? 0)) },
      ],
    ) +
    linesHtml({ text: format("BREADBOX.Toaster.Attack.OddsDamageLine", { damage: odds.meanDamage.toFixed(1) }), cls: "bb-small toaster-mean-damage" })
  );
}

/** A defence's headline: reaching the attack's total stops it (a tie stops it too), anything less lets it through. */
export function defenceHeadline(odds: Odds, attackTotal: number): HeadlineFigure[] {
  return [
    { label: format("BREADBOX.Toaster.Defence.OddsStop", { total: attackTotal }), p: odds.success, cls: "band-success" },
    { label: localize("BREADBOX.Toaster.Defence.OddsThrough"), p: 1 - odds.success, cls: "band-failure" },
  ];
}

/** Roll an attack with a weapon against the user's target (without one: a plain attack check card). */
export async function attackWithWeapon(actor: Actor.Implementation, weapon: Item.Implementation, event?: Event | null): Promise<ToasterCheckRoll | null> {
  const rules = toasterRules();
  const w = requireModel(weapon, ToasterWeaponModel);
  const target = targetedActors()[0] ?? null;
  const req = attackRequest(actor, weapon, rules);
  if (!target) {
    notify("info", "BREADBOX.Toaster.Attack.NoTarget");
    return performCheck(req, event);
  }
  if (!modelOf(target, ToasterActorModel)) {
    notify("warn", "BREADBOX.Toaster.Attack.WrongRulesetTarget", { name: target.name ?? "" });
    return null;
  }
  req.rollOptions = { ...req.rollOptions, targetUuid: target.uuid, targetName: target.name ?? "" };
  req.odds = (o) => attackOddsHtml(o, w, target, rules);
  const configured = await configureCheck(req, event);
  if (!configured) return null;
  const roll = await rollCheck(req, configured.choices);
  await declareAttack(actor, target, { weaponId: weapon.id, ...configured.choices }, roll, configured.mode);
  await spendLuckBefore(actor, roll);
  await req.after?.(roll, configured.choices);
  return roll;
}

/** Post an attack declaration: the attack roll's card with the Defend button (also the GM's luck re-roll of one). */
export async function declareAttack(attacker: Actor.Implementation, target: Actor.Implementation, choices: Record<string, unknown>, roll: ToasterCheckRoll, mode: MessageMode, flags: Record<string, unknown> = {}): Promise<ChatMessage.Implementation | undefined> {
  return declareExchange(toasterAttack, attacker, target, choices, { mode, rolls: cardRolls(roll), flags: { kind: "attack", actorUuid: attacker.uuid, ...flags } });
}

const RESPONSES = [{ id: "defend", label: "BREADBOX.Toaster.Defence.Button" }];

/**
 * Show a declaration's attack roll as it now stands (luck spent on it after the roll, GM side):
 * the card's body and its Defend button, as the engine renders them.
 */
export async function showDeclaration(message: ChatMessage.Implementation, target: Actor.Implementation, rolls: Roll[]): Promise<void> {
  const roll = rolls[0];
  if (!(roll instanceof ToasterCheckRoll)) return;
  const buttons: CardButton[] = RESPONSES.map((r) => ({ action: "core.respond", label: localize(r.label), visible: `owner:${target.uuid}`, data: { response: r.id } }));
  await updateDeclaration(message, await renderExchangeCard({ html: await roll.render() }, buttons, DECLARATION), rolls);
}

/**
 * The posted attack roll, checked against what the posted choices rebuild from the documents as
 * they are: the attacker's, of this kind, its luck and called 4 as chosen, its classification the
 * dice's own faces; its modifier the rebuilt one but for the standing parts (penalty, what stances
 * owed), which may have changed since and are allowed between STANDING_SLACK and 0. Returns the
 * attack check's input (rank and dice rules the world's, luck added after the roll from the GM's
 * record) and the posted result.
 */
function postedAttack({ attacker, choices, rolls, declaration }: AttackDeclared, rules: ToasterRules): { input: R.CheckInput; result: R.CheckResult; total: number } {
  const roll = rolls[0];
  const result = roll instanceof ToasterCheckRoll ? roll.checkResult : undefined;
  if (!(roll instanceof ToasterCheckRoll) || !result) throw new Error(NOT_GENUINE);
  const posted = roll.check;
  const rebuilt = checkOptions(attackRequest(attacker, choices.item, rules), choices.check, rules);
  const sameFaces = posted.callFour || JSON.stringify(result.faces.die) === JSON.stringify(roll.starFaces);
  if (posted.kind !== "attack" || posted.actorUuid !== attacker.uuid || posted.callFour !== rebuilt.callFour || posted.luckBefore !== rebuilt.luckBefore || (posted.helpers ?? 0) !== 0 || !sameFaces) throw new Error(NOT_GENUINE);
  const standingNow = Math.min(0, sys(attacker).penalty) + (rules.stance ? stanceDebt(attacker).attack : 0);
  const modifier = roll.checkInput.modifier;
  const standingThen = modifier - (sumParts(rebuilt.parts) - standingNow);
  if (!Number.isSafeInteger(standingThen) || standingThen < STANDING_SLACK || standingThen > 0) throw new Error(NOT_GENUINE);
  const luckAfter = luckAfterSpent(declaration.id);
  return { input: { ...checkInputOf(rebuilt), modifier: modifier + R.LUCK_AFTER_BONUS * luckAfter, target: undefined }, result, total: result.total + R.LUCK_AFTER_BONUS * (luckAfter - result.luckAfter) };
}

function facesQueue(result: R.CheckResult | undefined): KnownFace[] {
  if (!result || result.calledFour) return [];
  return [...result.faces.die, ...(result.fumbleCheck?.faces ?? [])].map((f) => ({ face: f + 1, faces: 10 }));
}

/** The defender's roll (GM side, under the defender's resource lock): luck read and spent here, the stance paid. */
async function rollDefence(defender: Actor.Implementation, choices: NonNullable<DefenceChoices>, attackTotal: number, rules: ToasterRules): Promise<ToasterCheckRoll> {
  const luck = rules.luckPoints ? sys(defender).luck.value : 0;
  if (choices.check.luckBefore > luck) throw new Error("BREADBOX.Toaster.Luck.NoneLeft");
  const roll = ToasterCheckRoll.fromCheck(checkOptions({ ...defenceRequest(defender, choices.option, rules), target: attackTotal }, choices.check, rules));
  await roll.evaluate();
  if (roll.check.luckBefore > 0) await defender.update({ system: { luck: { value: luck - roll.check.luckBefore } } });
  if (rules.stance) await afterDefence(defender, Number(choices.check.extras.stance ?? 0) || 0);
  return roll;
}

/** The resolution card's body (templates/toaster/chat/resolution.hbs). */
async function resolutionCard(outcome: R.AttackOutcome, { attacker, target }: ExchangeSides, defenceRoll: ToasterCheckRoll | null, location: { text: string; used: string }, rules: ToasterRules, critTable: UsedTable<R.CriticalEntry> | null): Promise<string> {
  const { critical, damageRoll: dmg, protectionRoll: prot } = outcome;
  return foundry.applications.handlebars.renderTemplate(templatePath("toaster/chat/resolution.hbs"), {
    attacker: attacker.name,
    defender: target.name,
    attackTotal: outcome.attack.total,
    threshold: outcome.threshold,
    defenceTotal: outcome.defence?.total ?? null,
    defenceLabel: defenceRoll?.check.rankLabel ?? "",
    hit: outcome.hit,
    missReason: outcome.missReason ? localize(`BREADBOX.Toaster.Attack.Miss.${outcome.missReason}`) : "",
    bandLabel: outcome.band && rules.variableOutcomes ? localize(`BREADBOX.Toaster.Band.${outcome.band}`) : "",
    // Whose result it is: the attacker's (issue 24.5).
    resultOf: format("BREADBOX.Toaster.Attack.ResultOf", { name: attacker.name ?? "" }),
    critical: critical && critTable ? { dice: format("BREADBOX.Toaster.Tables.Dice", { d10: critical.d10, d6: critical.d6 }), effects: critical.effects.map((e) => criticalEffectText(e, critTable)), used: tableUsedLine(critTable) } : null,
    damageRoll: dmg ? { faces: dmg.faces.join(", "), wc: dmg.wc, criticalBonus: dmg.criticalBonus, marginBonus: dmg.marginBonus, halved: dmg.halved, total: dmg.total } : null,
    protectionRoll: prot ? { faces: prot.faces.join(", "), ac: prot.ac, total: prot.total } : null,
    damage: outcome.damage,
    stun: outcome.stun,
    wounds: outcome.wounds,
    location: location.text,
    locationUsed: location.used,
    // Where a blow that did no damage landed does not matter: no "Hit location" button then (issue 24.6).
    hitLocation: rules.hitLocation && outcome.damage > 0,
  });
}

export const toasterAttack: ExchangeDefinition<AttackChoices, DefenceChoices> = {
  ruleset: "toaster",
  kind: "attack",
  applyLabel: "BREADBOX.Toaster.Attack.Apply",

  checkChoices(raw, { attacker, target }) {
    const item = typeof raw.weaponId === "string" ? attacker.items.get(raw.weaponId) : undefined;
    const weapon = modelOf(item, ToasterWeaponModel);
    if (!item || !weapon || !modelOf(attacker, ToasterActorModel) || !modelOf(target, ToasterActorModel)) throw new Error(NOT_GENUINE);
    // The attack dialog offers no helpers.
    const check = choicesWithinLimits(raw, attackRequest(attacker, item, toasterRules()), MAX_LUCK);
    if (!check || check.helpers !== 0) throw new Error("BREADBOX.Relay.Malformed");
    return { item, weapon, check };
  },

  async declarationCard({ rolls }) {
    const roll = rolls[0];
    if (!(roll instanceof ToasterCheckRoll)) throw new Error(NOT_GENUINE);
    return { html: await roll.render() };
  },

  responses: () => RESPONSES,

  async respondDialog({ attacker, target: defender, choices, declaration, rolls }, _response, event) {
    if (rerolledHint(declaration)) {
      notify("warn", "BREADBOX.Toaster.Luck.WasRerolled");
      return null;
    }
    const rules = toasterRules();
    if (defenceForgone(defender, rules)) return { choices: {}, mode: currentMessageMode() };
    const options = defenceOptions(defender, choices.weapon.mode, !choices.weapon.unarmed);
    if (skipDialog(event)) return { choices: { ...DEFAULT_CHOICES, option: options[0]!.key }, mode: currentMessageMode() };
    const luckAvailable = rules.luckPoints ? sys(defender).luck.value : 0;
    const attackTotal = rolls[0] instanceof ToasterCheckRoll ? (rolls[0].checkResult?.total ?? R.UNOPPOSED_TARGET) : R.UNOPPOSED_TARGET;
    const inputs = { defence: choiceInput("BREADBOX.Toaster.Defence.Choose", Object.fromEntries(options.map((o, i) => [String(i), `${o.label} (${o.rank})`])), "0") };
    const pick = (form: HTMLFormElement) => options[Number(readInputs(form, inputs).defence)] ?? options[0]!;
    const result = await rollDialog<{ choices: CheckChoices; option: DefenceOption }>({
      title: format("BREADBOX.Toaster.Defence.DialogTitle", { attacker: attacker.name ?? "" }),
      content: (await inputsHtml(inputs, {}, "bb")) + (await dialogContent(defenceRequest(defender, options[0]!, rules), rules, luckAvailable)),
      read: (form) => {
        const option = pick(form);
        return { choices: readChoices(form, defenceRequest(defender, option, rules), luckAvailable), option };
      },
      odds: (v) => oddsHtml({ ...checkInputOf(checkOptions(defenceRequest(defender, v.option, rules), v.choices, rules)), target: attackTotal }, rules.variableOutcomes, 0, false, (o) => defenceHeadline(o, attackTotal)),
    });
    return result ? { choices: { ...result.value.choices, option: result.value.option.key }, mode: result.mode } : null;
  },

  checkResponse(raw, { target: defender, choices }) {
    const rules = toasterRules();
    if (defenceForgone(defender, rules)) return null;
    const option = defenceOptions(defender, choices.weapon.mode, !choices.weapon.unarmed).find((o) => o.key === raw.option);
    const check = option ? choicesWithinLimits(raw, defenceRequest(defender, option, rules), rules.luckPoints ? sys(defender).luck.value : 0) : null;
    if (!option || !check) throw new Error("BREADBOX.Relay.Malformed");
    return { option, check };
  },

  spends: ({ target }) => [target],

  async resolve(declared, response) {
    const { attacker, target: defender, choices, declaration, rolls } = declared;
    if (rollWasRerolled(declaration.id, rolls[0])) throw new Error("BREADBOX.Toaster.Luck.WasRerolled");
    const rules = toasterRules();
    const attack = postedAttack(declared, rules);
    let defenceRoll: ToasterCheckRoll | null = null;
    if (defenceForgone(defender, rules)) {
      await spendForgoneDefence(defender);
      notify("info", "BREADBOX.Toaster.Stance.NoDefence", { name: defender.name ?? "" });
    } else if (response.choices) defenceRoll = await rollDefence(defender, response.choices, attack.total, rules);
    else throw new Error("BREADBOX.Relay.Malformed");
    // (Partial Armor): where the blow lands decides which armor counts.
    const d = sys(defender);
    const locTable = rules.partialArmor ? await hitLocationTable() : null;
    const loc = locTable ? await rollWithFoundryDice((rng) => R.rollHitLocation(rng, locTable.entries), { die: toasterDie, batch: true, flavor: localize("BREADBOX.Toaster.HitLocation.Title") }) : null;
    // (Attack Critical or Defend Fumble): the table is looked up only when the option can trigger it.
    const critTable = rules.criticalTable && rules.variableOutcomes ? await criticalTable() : null;
    const ac = loc ? (d.acByArea[AREA_OF_LOCATION[loc.value.area] ?? "torso"] ?? d.ac) : d.ac;
    const input: R.AttackInput = {
      ...attackInput(choices.weapon, choices.check.extras.range, defender, ac, rules),
      attack: { ...attack.input, luckBefore: choices.check.luckBefore },
      defenceRank: response.choices?.option.rank ?? 0,
      defence: defenceRoll ? { ...defenceRoll.checkInput, target: undefined } : null,
      ...(critTable && critTable.source !== "builtin" ? { criticalEntries: critTable.entries } : {}),
    };
    const prefix = [...facesQueue(attack.result), ...facesQueue(defenceRoll?.checkResult)];
    const { value: outcome, rolls: dice } = await rollWithFoundryDice((rng) => R.rollAttack(input, rng), { prefix, die: toasterDie, batch: true });
    const location = loc && locTable && outcome.hit ? { text: hitLocationText(loc.value.entry, locTable), used: tableUsedLine(locTable) } : { text: "", used: "" };
    return {
      rolls: [...(defenceRoll ? cardRolls(defenceRoll) : []), ...dice, ...(loc && outcome.hit ? loc.rolls : [])],
      card: { html: await resolutionCard(outcome, declared, defenceRoll, location, rules, critTable) },
      outcome: outcome.hit && outcome.damage > 0 ? { stun: outcome.stun, wounds: outcome.wounds } : null,
      flags: { hit: outcome.hit, damage: outcome.damage, stun: outcome.stun, wounds: outcome.wounds },
    };
  },

  checkOutcome({ stun, wounds }) {
    const bounded = (v: unknown) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0 && v <= MAX_APPLIED;
    return bounded(stun) && bounded(wounds);
  },

  async apply(target, outcome) {
    // The target must be a Toaster character (its data model is what the update writes).
    const data = modelOf(target, ToasterActorModel);
    if (!data) throw new Error("BREADBOX.Relay.TargetMismatch");
    const stun = Number(outcome.stun);
    const wounds = Number(outcome.wounds);
    const update: Record<string, number> = { "system.stun.value": data.stun.value + stun, "system.wounds.value": data.wounds.value + wounds };
    // (Bleeding): every wound bleeds 1 stun a round; new wounds from an attack set the rate anew.
    if (toasterRules().bleeding && wounds > 0) update["system.bleeding.rate"] = data.wounds.value + wounds;
    await target.update(update);
    return { stun, wounds };
  },
};
