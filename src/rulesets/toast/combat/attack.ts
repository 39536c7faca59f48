/**
 * Toast's attack on core's exchange engine (src/core/exchange/engine.ts: the relay, records, marks
 * and buttons are core's; seed: "Combat", "Weapon Damage", "Wounds", "Armor").
 *  1. `toastAttack`: a dialog with the exact odds against the targeted defender (her best defence,
 *     and none), then her d10+, posted with the declaration (choices: weapon, situational).
 *  2. Defend: a weapon skill (any skill: the GM, or players where the world allows it) or none, and
 *     a situational modifier. The GM rolls the defence, the contest (or the undefended target
 *     number) and on a hit the damage dice: the outcome is the damage. The attacker's modifier is
 *     the one the GM recorded when her card appeared (`recordAttackModifier`), not her sheet now.
 *     A tie rolls the damage too and is the GM's to rule: only the GM's apply options, "a hit"
 *     (the damage) or "a miss" (nothing), show on its card.
 *  3. Apply: armor's wound reduction against her tally as it is now, the death and collapse checks
 *     the strike calls for, tally and state in one update; then the wound card.
 */
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { linesHtml } from "../../../core/rolls/lines";
import { targetedActors } from "../../../core/foundry";
import { format, localize } from "../../../core/game";
import { rollDialog, skipDialog } from "../../../core/rolls/dialog";
import { chanceOf, formatChance, oddsPanelHtml, type HeadlineFigure } from "../../../core/rolls/odds-panel";
import type { Odds } from "../../../dice/contract";
import { audienceOf, currentMessageMode, type MessageMode } from "../../../core/compat";
import { postCard } from "../../../core/chat/post";
import { DECLARATION, declareExchange, exchangeId } from "../../../core/exchange/engine";
import type { ApplyContext, ApplyOffers, CardParts, ExchangeDefinition, PostedRoll } from "../../../core/exchange/types";
import { isLedgerKeeper } from "../../../core/chat/ledger";
import { markValue } from "../../../core/chat/ledger-marks";
import { claimSealedMark, sealedMarkValue } from "../../../core/chat/sealed-marks";
import { cardFlags } from "../../../core/chat/trust";
import { actorFromUuidSync } from "../../../core/game";
import { defenceSkills, fighterOf, labelWithValue, modifierParts, signed, skillTask, strikeTarget, weaponDamageDice, weaponOf, weaponSkill, type Fighter, type FighterSkill } from "./fighter";
import { d10PlusFacesOf, rollD10Plus, rollDamageDice, rollStrikeChecks } from "./dice";
import { D10PlusDie } from "../dice/d10plus";
import { toastCombatRules, type ToastCombatRules } from "./settings";
import { defenceActionState, spendDefenceAction } from "./tracker";
import { SITUATIONAL, SITUATIONAL_LIMIT, readSituational, situationalInput, situationalOf } from "./situational";
import { choiceInput, inputsHtml, readInputs } from "../../../core/forms/inputs";
import { strikeStateUpdate, syncToastStatuses } from "./status-sync";
import { afterSkillAttempt } from "../checks";

export { SITUATIONAL_LIMIT };

/** Largest damage an outcome may carry (a larger number is not one the GM's client rolled). */
const MAX_DAMAGE = R.MAX_DAMAGE_DICE * R.DAMAGE_DIE_FACES;
const render = (name: string, data: Record<string, unknown>) => foundry.applications.handlebars.renderTemplate(templatePath(`toast/combat/${name}.hbs`), data);
const outcomeLabel = (key: string) => `BREADBOX.ToastCombat.Outcome.${key}`;

/** The attack's sides, weapon, skill and damage dice, rebuilt from the documents. */
type AttackSetup = ReturnType<typeof attackSetup>;

/** The declaration's choices, checked: the weapon (and all it rebuilds) and the situational modifier. */
export type AttackChoices = AttackSetup & { situational: number };

/** The defence, checked: her skill (null: she does not defend) and the situational modifier. */
export interface DefenceChoices {
  skill: FighterSkill | null;
  situational: number;
}

/** The attack rebuilt from the documents; a localized Error when it is not one she can make. */
function attackSetup(actor: Actor.Implementation, weaponId: unknown, target: Actor.Implementation | null) {
  const refuse = (key: string) => new Error(format(key, { name: target?.name ?? "" }));
  if (!target) throw refuse("BREADBOX.ToastCombat.Attack.NoTarget");
  const attacker = fighterOf(actor);
  const defender = fighterOf(target);
  if (!attacker) throw refuse("BREADBOX.ToastCombat.Attack.NotToast");
  if (!defender) throw refuse("BREADBOX.ToastCombat.Attack.WrongTarget");
  const weapon = weaponOf(attacker, weaponId);
  if (!weapon) throw refuse("BREADBOX.ToastCombat.Attack.NoWeapon");
  const skill = weaponSkill(attacker, weapon);
  if (!skill) throw refuse("BREADBOX.ToastCombat.Attack.NoSkill");
  return { attacker, defender, weapon, skill, damage: weaponDamageDice(attacker, weapon.model, skill) };
}

/** The d10+ target of the undefended attack (the world's rung of the ladder). */
export function undefendedTarget(rules: Pick<ToastCombatRules, "undefendedTarget">): number {
  const t = R.targetNumber(rules.undefendedTarget);
  if (typeof t !== "number") throw new Error(`Breadbox | ${rules.undefendedTarget} is not a numeric target`);
  return t;
}

/** The choices offered: weapon skills (all skills for the GM or where allowed); none when she is down. */
export function defenceChoices(defender: Fighter, rules: ToastCombatRules, isGM: boolean): FighterSkill[] {
  // A collapsed (or dead) character cannot act to defend herself: she can only be hit.
  if (defender.data.collapsed || defender.data.dead) return [];
  return defenceSkills(defender, isGM || rules.playersPickAnySkill);
}

/**
 * The mark on a Toast attack card's record (the GM's ledger) holding the attacker's modifier as it
 * was when the card appeared: what the defence is rolled against, whatever happens to her sheet
 * between the attack and the defence (a wound, a skill learned by this very attempt).
 */
export const ATTACK_MODIFIER_MARK = "toast.attackModifier";

/**
 * The active GM's client, when a Toast attack card appears (`createChatMessage`): her modifier
 * rebuilt from the documents as they are now — before anything she does after posting — recorded
 * once on the card's record. A card the rules cannot rebuild gets none (its defence is refused).
 */
export function recordAttackModifier(message: ChatMessage.Implementation): void {
  if (!isLedgerKeeper() || !message.id) return;
  const flags = cardFlags(message);
  if (flags.type !== DECLARATION || flags.exchange !== exchangeId(toastAttackExchange)) return;
  const attacker = typeof flags.attackerUuid === "string" ? actorFromUuidSync(flags.attackerUuid) : null;
  const target = typeof flags.targetUuid === "string" ? actorFromUuidSync(flags.targetUuid) : null;
  const raw = flags.choices;
  if (!attacker || !target || !raw || typeof raw !== "object") return;
  let modifier: number;
  try {
    const c = toastAttackExchange.checkChoices({ ...raw }, { attacker, target }, { writerIsGM: false });
    modifier = skillTask(c.attacker, c.skill, c.situational).total;
  } catch {
    return;
  }
  claimSealedMark(message, ATTACK_MODIFIER_MARK, modifier).catch((err: unknown) => console.error("Breadbox | Toast attack record", err));
}

/** The attacker's modifier the GM recorded for this card (undefined where this client cannot read the record). */
function recordedModifier(declaration: ChatMessage.Implementation | undefined): number | undefined {
  const v = sealedMarkValue(declaration, ATTACK_MODIFIER_MARK);
  return typeof v === "number" && Number.isSafeInteger(v) ? v : undefined;
}

/**
 * The attacker's roll: the faces of the one `1dp` roll she posted, classified with the modifier the
 * GM recorded when her card appeared — or, where there is no record to read (a player's dialog, for
 * display), her modifier now.
 */
function attackSide(c: AttackChoices, rolls: readonly PostedRoll[], recorded?: number): R.ContestRoll | null {
  const faces = rolls.length === 1 && rolls[0]?.formula === `1d${D10PlusDie.DENOMINATION}` ? d10PlusFacesOf(rolls) : null;
  try {
    return faces && R.resolveContestSide({ modifier: recorded ?? skillTask(c.attacker, c.skill, c.situational).total }, faces);
  } catch {
    return null;
  }
}

/** The GM's rulings on a tied defended attack (apply options, GM only): a hit applies the damage rolled, a miss nothing. */
export const TIE_HIT = "tieHit";
export const TIE_MISS = "tieMiss";
const TIE_OFFERS: ApplyOffers = { plain: false, options: [TIE_HIT, TIE_MISS] };
const HIT_OFFERS: ApplyOffers = { plain: true, options: [] };

function diceText(d: R.DamageDice): string {
  return format("BREADBOX.ToastCombat.DamageDice", { total: d.total, base: d.base, attribute: d.attributeBonus, bonus: d.bonusDice });
}

const partsView = (task: R.TaskModifier, label: string) => modifierParts(task, label).map((p) => ({ label: p.label, value: signed(p.value) }));

/** How a card shows one d10+ roll with its modifier (an attack, a defence, a check). */
function rollView(side: Pick<R.ContestRoll, "faces" | "roll" | "modifier" | "total">): { faces: string; kind: R.D10PlusKind; label: string } {
  const { kind, degree, number } = side.roll;
  const label = kind === "number" ? `${number ?? 0} ${signed(side.modifier)} = ${side.total ?? 0}` : format(kind === "auto" ? "BREADBOX.ToastCombat.AutoDegree" : "BREADBOX.ToastCombat.FlubDegree", { degree: degree ?? 0 });
  return { faces: side.faces.join(", "), kind, label };
}

// ---------------------------------------------------------------------------------------------
// The dialogs' odds

/** The attack dialog's odds: a whole attack against her best defence, and against no defence. */
export function attackOddsHtml(setup: AttackSetup, modifier: number, rules: ToastCombatRules): string {
  const target = strikeTarget(setup.defender, rules);
  const panel = (title: string, defence: R.AttackDefence) => linesHtml({ text: title, heading: true }) + attackPanelHtml(R.fullAttackOdds({ attack: modifier, defence, damageDice: setup.damage.total, defender: target }));
  const best = defenceSkills(setup.defender, rules.playersPickAnySkill)
    .map((skill) => ({ skill, total: skillTask(setup.defender, skill).total }))
    .reduce<{ skill: FighterSkill; total: number } | null>((a, b) => (!a || b.total > a.total ? b : a), null);
  const tn = undefendedTarget(rules);
  return [
    best ? panel(format("BREADBOX.ToastCombat.Attack.OddsDefended", { skill: best.skill.label, modifier: signed(best.total) }), { kind: "contested", modifier: best.total }) : "",
    panel(format("BREADBOX.ToastCombat.Attack.OddsUndefended", { target: tn }), { kind: "target", target: tn }),
  ].join("");
}

/**
 * An attack's headline (issue 24.4): it misses, (ties,) hits without a wound, or wounds her —
 * figures that add up to 100 %. Collapsing or dying is part of the wounding hits, so it sits apart
 * with the Autos and Flubs; every outcome is folded below.
 */
export function attackHeadline(odds: Odds): HeadlineFigure[] {
  const figures: HeadlineFigure[] = [{ label: localize("BREADBOX.ToastCombat.Headline.Miss"), p: chanceOf(odds, ["miss"]), cls: "band-failure" }];
  if (odds.outcomes.some((o) => o.key === "tie")) figures.push({ label: localize("BREADBOX.ToastCombat.Headline.Tie"), p: chanceOf(odds, ["tie"]), cls: "band-marginal" });
  figures.push({ label: localize("BREADBOX.ToastCombat.Headline.NoWound"), p: chanceOf(odds, ["noWound"]), cls: "band-marginal" });
  figures.push({ label: localize("BREADBOX.ToastCombat.Headline.Wounds"), p: chanceOf(odds, ["wounded", "collapsed", "killed"]), cls: "band-success" });
  return figures;
}

function attackPanelHtml(odds: Odds): string {
  const downed = { key: "downed", p: chanceOf(odds, ["collapsed", "killed"]) };
  return oddsPanelHtml({ ...odds, extras: [...(downed.p > 0 ? [downed] : []), ...odds.extras] }, { labelKey: outcomeLabel, headline: attackHeadline });
}

/** The defence dialog's odds: of beating the roll already on the card (or of the attack failing undefended). */
function defenceOddsHtml(defender: Fighter, choices: FighterSkill[], v: { choice: string; situational: number }, attack: R.ContestRoll | null, tn: number): string {
  if (!attack) return "";
  if (v.choice === "none") {
    const hit = attack.roll.kind === "auto" || (attack.roll.kind === "number" && (attack.total ?? 0) >= tn);
    return linesHtml({ text: localize(hit ? "BREADBOX.ToastCombat.Defend.NoneHits" : "BREADBOX.ToastCombat.Defend.NoneMisses"), cls: "bb-small" });
  }
  const skill = choices.find((c) => c.id === v.choice);
  if (!skill) return "";
  // The attacker's rank is known: the defender's roll is "initiative-like" against it.
  const odds = R.initiativeOdds({ modifier: skillTask(defender, skill, v.situational).total, against: attack.rank });
  const p = (k: string) => odds.outcomes.find((o) => o.key === k)?.p ?? 0;
  return oddsPanelHtml(
    { success: p("ahead"), outcomes: [{ key: "defenceLoses", p: p("behind") }, { key: "tie", p: p("level") }, { key: "defenceWins", p: p("ahead") }], extras: odds.extras.map((e) => ({ key: `defender${e.key === "auto" ? "Auto" : "Flub"}`, p: e.p })), error: odds.error },
    { labelKey: outcomeLabel },
  );
}

// ---------------------------------------------------------------------------------------------
// 1. The attack (the attacker's client)

/**
 * Attack with a weapon against the user's targeted token: dialog (odds, situational modifier, roll
 * mode; the skip key rolls at once), then the declaration with her d10+. Returns the card, or null.
 */
export async function toastAttack(actor: Actor.Implementation, weaponItem: Item.Implementation, event?: Event | null): Promise<ChatMessage.Implementation | null> {
  const target = targetedActors()[0] ?? null;
  let setup: AttackSetup;
  try {
    setup = attackSetup(actor, weaponItem.id, target);
  } catch (err) {
    ui.notifications?.warn(err instanceof Error ? err.message : String(err));
    return null;
  }
  let situational = 0;
  let mode: MessageMode = currentMessageMode();
  if (!skipDialog(event)) {
    const rules = toastCombatRules();
    const content = await render("attack-dialog", {
      defender: target.name ?? "",
      skill: setup.skill.label,
      untrained: setup.skill.untrained,
      parts: partsView(skillTask(setup.attacker, setup.skill), setup.skill.label),
      dice: diceText(setup.damage),
      situational: await situationalInput("toast-attack"),
    });
    const chosen = await rollDialog<{ situational: number }>({
      title: format("BREADBOX.ToastCombat.Attack.Title", { weapon: weaponItem.name ?? "", target: target.name ?? "" }),
      content,
      read: (form) => ({ situational: readSituational(form) }),
      odds: (v) => attackOddsHtml(setup, skillTask(setup.attacker, setup.skill, v.situational).total, rules),
    });
    if (!chosen) return null;
    situational = chosen.value.situational;
    mode = chosen.mode;
  }
  const { roll } = await rollD10Plus();
  const message = await declareExchange(toastAttackExchange, actor, target, { weaponId: weaponItem.id ?? "", situational }, { mode, rolls: [roll] });
  // A rolled skill is marked used this session (and a first attempt, untrained too, teaches level 1).
  await afterSkillAttempt(actor, setup.skill);
  return message ?? null;
}

// ---------------------------------------------------------------------------------------------
// 2. Defend and resolve; 3. Apply

/** What Apply rolled and wrote, for the wound card that follows it (same Apply, same context). */
const struck = new WeakMap<ApplyContext, { strike: R.StrikeResult; rolls: Roll[]; fighter: Fighter }>();

const checkView = (check: R.CheckResult | null, title: string) => check && { ...rollView(check), title, target: check.target, success: check.success, outcome: localize(`BREADBOX.ToastCombat.Check.${check.outcome}`) };

export const toastAttackExchange: ExchangeDefinition<AttackChoices, DefenceChoices> = {
  ruleset: "toast",
  kind: "attack",

  checkChoices(raw, { attacker, target }) {
    const setup = attackSetup(attacker, raw.weaponId, target);
    const situational = situationalOf(raw.situational);
    if (situational === null) throw new Error("BREADBOX.Relay.Malformed");
    return { ...setup, situational };
  },

  async declarationCard({ attacker, target, choices: c, rolls }) {
    const side = attackSide(c, rolls);
    if (!side) throw new Error("BREADBOX.Relay.NotGenuine");
    const task = skillTask(c.attacker, c.skill, c.situational);
    return {
      html: await render("attack", { attacker: attacker.name ?? "", defender: target.name ?? "", weapon: c.weapon.item.name ?? "", parts: partsView(task, c.skill.label), roll: rollView(side), dice: diceText(c.damage) }),
    };
  },

  responses: () => [{ id: "defend", label: "BREADBOX.ToastCombat.Defend.Button" }],

  async respondDialog({ target, choices: c, rolls, declaration }, _response, event) {
    const rules = toastCombatRules();
    const choices = defenceChoices(c.defender, rules, game.user?.isGM ?? false);
    if (skipDialog(event)) return { choices: { choice: choices[0]?.id ?? "none", situational: 0 }, mode: currentMessageMode() };
    const tn = undefendedTarget(rules);
    const untrained = ` (${localize("BREADBOX.ToastCombat.Untrained")})`;
    const labels = choices.map((s) => [s.id, labelWithValue(s.label, skillTask(c.defender, s).total) + (s.untrained ? untrained : "")]);
    const inputs = {
      choice: choiceInput("BREADBOX.ToastCombat.Defend.Choose", Object.fromEntries([...labels, ["none", format("BREADBOX.ToastCombat.Defend.None", { target: tn })]]), choices[0]?.id ?? "none"),
      ...SITUATIONAL,
    };
    const content = await render("defend-dialog", { inputs: await inputsHtml(inputs, {}, "toast-defend") });
    const attack = attackSide(c, rolls, recordedModifier(declaration));
    const chosen = await rollDialog<{ choice: string; situational: number }>({
      title: format("BREADBOX.ToastCombat.Defend.Title", { name: target.name ?? "" }),
      content,
      rollLabel: "BREADBOX.ToastCombat.Defend.Roll",
      read: (form) => readInputs(form, inputs),
      odds: (v) => defenceOddsHtml(c.defender, choices, v, attack, tn),
    });
    return chosen && { choices: chosen.value, mode: chosen.mode };
  },

  checkResponse(raw, { choices: c }, _response, requester) {
    const situational = situationalOf(raw.situational);
    if (situational === null) throw new Error("BREADBOX.Relay.Malformed");
    if (raw.choice === "none") return { skill: null, situational };
    // Another skill than a weapon skill: a GM's choice (or the world allows players it).
    const skill = defenceChoices(c.defender, toastCombatRules(), requester.isGM).find((s) => s.id === raw.choice);
    if (!skill) throw new Error("BREADBOX.ToastCombat.Defend.BadChoice");
    return { skill, situational };
  },

  // (Setting) Defending uses her action this round: read again and spent under her lock.
  spends: ({ target }) => [target],

  async resolve({ attacker: attackerActor, target: defenderActor, choices: c, rolls, declaration }, { choices: d }) {
    const rules = toastCombatRules();
    const recorded = recordedModifier(declaration);
    // A record whose kept value no longer matches its seal (a hidden card edited after posting) is refused.
    if (recorded === undefined && markValue(declaration.id, ATTACK_MODIFIER_MARK) !== undefined) throw new Error("BREADBOX.Relay.NotGenuine");
    const attackRoll = attackSide(c, rolls, recorded);
    if (!attackRoll) throw new Error("BREADBOX.Relay.NotGenuine");
    if (d.skill && rules.defenceUsesAction) {
      const state = defenceActionState(defenderActor);
      if (state && (state.status === "acted" || state.status === "lost")) throw new Error("BREADBOX.ToastCombat.Defend.NoActionLeft");
      if (state) await spendDefenceAction(state);
    }
    const defenceTask = d.skill ? skillTask(c.defender, d.skill, d.situational) : null;
    const tn = undefendedTarget(rules);
    // The attacker's faces are the posted ones; the defender's d10+ is rolled now.
    const defenceRoll = defenceTask ? await rollD10Plus() : null;
    const input: R.AttackInput = { attack: attackRoll.modifier, defence: defenceTask ? { kind: "contested", modifier: defenceTask.total } : { kind: "target", target: tn } };
    const attack = R.resolveAttack(input, { attack: attackRoll.faces, defence: defenceRoll?.faces ?? [] });
    if (d.skill) await afterSkillAttempt(defenderActor, d.skill);
    // A tie rolls the damage too: the GM may rule it a hit.
    const tie = attack.outcome === "tie";
    const damage = attack.outcome === "hit" || tie ? await rollDamageDice(c.damage.total) : null;
    // What Apply would do to her as she is now (the checks are rolled when Apply is clicked).
    let preview = "";
    if (damage) {
      try {
        const o = R.strikeOutcomeOdds({ target: strikeTarget(c.defender, rules), damage: damage.damage.total });
        preview = o.noWound === 1 ? localize("BREADBOX.ToastCombat.Preview.NoWound") : format("BREADBOX.ToastCombat.Preview.Odds", { wounded: formatChance(o.wounded), collapsed: formatChance(o.collapsed), killed: formatChance(o.killed) });
      } catch {
        preview = "";
      }
    }
    const html = await render("resolution", {
      attacker: attackerActor.name ?? "",
      defender: defenderActor.name ?? "",
      attackRoll: rollView(attack.attack),
      defenceParts: defenceTask && d.skill ? partsView(defenceTask, d.skill.label) : [],
      defenceRoll: attack.defence ? rollView(attack.defence) : null,
      target: tn,
      outcome: attack.outcome,
      outcomeLabel: localize(`BREADBOX.ToastCombat.Outcome.${attack.outcome}`),
      // Whose result it is: the attacker's (issue 24.5).
      resultOf: format("BREADBOX.ToastCombat.ResultOf", { name: attackerActor.name ?? "" }),
      dice: diceText(c.damage),
      damage: damage && { faces: damage.damage.faces.join(", "), total: damage.damage.total },
      tie,
      preview,
    });
    return {
      rolls: [...(defenceRoll ? [defenceRoll.roll] : []), ...(damage?.roll ? [damage.roll] : [])],
      card: { html },
      outcome: damage ? { damage: damage.damage.total, ...(tie ? { tie: true } : {}) } : null,
      // A tie: only the GM's rulings; a hit: only the plain Apply.
      offers: tie ? TIE_OFFERS : HIT_OFFERS,
      // Display only: the GM's record is what Apply reads.
      flags: { outcome: attack.outcome, damage: damage?.damage.total ?? null },
    };
  },

  checkOutcome(outcome) {
    const { damage, tie, ...rest } = outcome;
    return Object.keys(rest).length === 0 && (tie === undefined || tie === true) && typeof damage === "number" && Number.isSafeInteger(damage) && damage >= 0 && damage <= MAX_DAMAGE;
  },

  applyLabel: "BREADBOX.ToastCombat.Apply",
  applyOptions: [
    { id: TIE_HIT, label: "BREADBOX.ToastCombat.Tie.RuleHit", icon: "fa-solid fa-gavel", gmOnly: true },
    { id: TIE_MISS, label: "BREADBOX.ToastCombat.Tie.RuleMiss", icon: "fa-solid fa-shield", gmOnly: true },
  ],

  appliedMessage(_applied, target, option) {
    if (option === TIE_MISS) return format("BREADBOX.ToastCombat.Tie.RuledMiss", { name: target.name ?? "" });
    return format("BREADBOX.Exchange.Applied", { name: target.name ?? "" });
  },

  /**
   * Armor, tally, and the death and collapse checks against her as she is now, written in one
   * update. A tie (the recorded outcome says so) only as the GM rules it — a hit applies the damage,
   * a miss nothing; a hit's outcome only with the plain Apply. (The engine lets only a GM choose
   * either ruling.)
   */
  async apply(target, outcome, context) {
    const tie = outcome.tie === true;
    if (tie && context.option !== TIE_HIT && context.option !== TIE_MISS) throw new Error("BREADBOX.ToastCombat.Tie.GMDecides");
    if (!tie && context.option !== null) throw new Error("BREADBOX.Exchange.OptionNotAllowed");
    if (context.option === TIE_MISS) return { ruled: "miss" };
    const fighter = fighterOf(target);
    if (!fighter) throw new Error("BREADBOX.ToastCombat.Attack.MissingActor");
    // Throws before anything is written when the strike is not one the rules can work out on her.
    const { strike, rolls } = await rollStrikeChecks({ target: strikeTarget(fighter, toastCombatRules()), damage: Number(outcome.damage) });
    // One update: the tally and the state the checks left (a failed death check kills, a failed
    // collapse check fells her; a wound that gets through changes neither otherwise).
    await target.update({ system: { wounds: { value: strike.woundLevels }, ...strikeStateUpdate(strike.state) } });
    struck.set(context, { strike, rolls, fighter });
    return { wounds: strike.strikeWounds, state: strike.state };
  },

  /** The wound card, with every number and the checks' dice (a tie ruled a miss: a card saying so). */
  async follow(target, _outcome, context): Promise<CardParts[] | void> {
    if (context.option === TIE_MISS) return [{ title: localize("BREADBOX.ToastCombat.Tie.Title"), steps: [], summary: format("BREADBOX.ToastCombat.Tie.RuledMiss", { name: target.name ?? "" }) }];
    const s = struck.get(context);
    if (!s) return;
    const { strike, rolls, fighter } = s;
    await syncToastStatuses(target);
    const content = await render("wound", {
      name: target.name ?? "",
      strike,
      armored: Boolean(fighter.armor),
      category: localize(`BREADBOX.ToastCombat.Wound.${strike.status.category}`),
      penalty: signed(strike.status.penalty),
      death: checkView(strike.deathCheck, localize("BREADBOX.ToastCombat.DeathCheck")),
      collapse: checkView(strike.collapseCheck, localize("BREADBOX.ToastCombat.CollapseCheck")),
      stateLabel: localize(`BREADBOX.ToastCombat.State.${strike.state}`),
      ruledHit: context.option === TIE_HIT,
    });
    await postCard({ speaker: ChatMessage.getSpeaker({ actor: target }), content, rolls, flags: { [SYSTEM_ID]: { type: "toastWound", resolutionMessageId: context.resolution.id ?? "", state: strike.state } } }, audienceOf(context.resolution));
  },
};
