/**
 * The Dice Pool's attack on core's exchange engine (src/core/exchange/engine.ts; docs/rules/pool.md,
 * "Foundry side: combat"): only its rules are here. The attacker rolls a weapon's check (the
 * declaration); the target opposes it with a check of their own (direct opposition) or takes it; the
 * GM's client re-classifies the attack's dice with the check its choices rebuild, rolls the defence,
 * judges the hit (attackHit) and the wounds (resolveTrauma: armor, Muscle Power, the weapon's
 * modifier, Toughness, the threshold); Apply adds the wounds and the statuses follow. The
 * Storyguide's fields (extra dice, time factor, dice phobe...) count only from a GM.
 */
import * as R from "../rules";
import { templatePath } from "../../../core/ids";
import { requireModel, targetedActors } from "../../../core/foundry";
import { format, localize, modelOf } from "../../../core/game";
import { rollDialog, skipDialog } from "../../../core/rolls/dialog";
import { chanceOf, oddsPanelHtml, type HeadlineFigure } from "../../../core/rolls/odds-panel";
import { currentMessageMode, type MessageMode } from "../../../core/compat";
import { declareExchange } from "../../../core/exchange/engine";
import type { ExchangeDefinition, ExchangeOutcome } from "../../../core/exchange/types";
import type { Odds } from "../../../dice/contract";
import { PoolActorModel } from "../data/actor";
import { PoolWeaponModel } from "../data/items";
import { PoolCheckRoll, type PoolCheckOptions } from "../dice/pool-roll";
import { buildCheck, checkChoices, defaultChoices, dialogContent, oddsHtml, poolSummary, readAndBuild, storyguideFieldsSet, weaponPresetOrWarn, type BuiltCheck, type PoolCheckChoices } from "../checks";
import { poolRules } from "../settings";
import { syncPoolStatuses } from "./status-sync";
import { attackPhaseClaim, attackPhaseClaimFits, attackPhaseRefusal } from "./clock";
import { linesHtml } from "../../../core/rolls/lines";

/** An attack's declaration as the documents rebuild it from its posted choices (`weaponId`, `check`). */
export interface PoolAttackChoices {
  item: Item.Implementation;
  weapon: PoolWeaponModel;
  attacker: PoolActorModel;
  defender: PoolActorModel;
  /** The attack's check, built from the dialog's choices and the attacker's documents. */
  check: PoolCheckOptions;
}

/**
 * The check dialog of an attack or a defence (skipped with the skip key); null when cancelled, or
 * when a player set the Storyguide's fields (docs/rules/pool.md: a warning names them).
 */
async function askCheck(model: PoolActorModel, preset: Partial<PoolCheckChoices>, event: Event | null | undefined, title: string, note: string, odds: (built: BuiltCheck) => string): Promise<{ choices: PoolCheckChoices; mode: MessageMode } | null> {
  const rules = poolRules();
  let choices = defaultChoices(model, preset, rules);
  let mode = currentMessageMode();
  if (!skipDialog(event)) {
    const answer = await rollDialog<PoolCheckChoices>({
      title,
      content: linesHtml({ text: localize(note), cls: "bb-muted" }) + (await dialogContent(model, choices, rules)),
      read: (form) => readAndBuild(form, model, rules).choices,
      odds: (c) => odds(buildCheck(model, c)),
    });
    if (!answer) return null;
    ({ value: choices, mode } = answer);
  }
  const set = game.user?.isGM ? [] : storyguideFieldsSet(choices, model, rules);
  if (!set.length) return { choices, mode };
  ui.notifications?.warn(format("BREADBOX.Pool.Attack.StoryguideFields", { fields: set.join(", ") }));
  return null;
}

/**
 * Attack with a weapon against the user's target: the check dialog (the weapon's ability and
 * attribute preset, the Difficulty for an unopposed attack), a Foundry roll, the declaration with
 * the defender's responses. Returns null (nothing posted) without a Dice Pool target.
 */
export async function attackWithWeapon(actor: Actor.Implementation, item: Item.Implementation, event?: Event | null): Promise<PoolCheckRoll | null> {
  const weapon = requireModel(item, PoolWeaponModel);
  const model = requireModel(actor, PoolActorModel);
  const target = targetedActors()[0] ?? null;
  if (!target) return null;
  const targetModel = modelOf(target, PoolActorModel);
  if (!targetModel) {
    ui.notifications?.warn(format("BREADBOX.Pool.Attack.WrongRulesetTarget", { name: target.name ?? "" }));
    return null;
  }
  // An attack is an action: on the phase clock, only on the attacker's turn (issue 19.15). The
  // Storyguide may rule otherwise (an interrupt, an ambush): a GM is told, not refused.
  const outOfPhase = attackPhaseRefusal(actor);
  if (outOfPhase && !game.user?.isGM) {
    ui.notifications?.warn(outOfPhase.message);
    return null;
  }
  if (outOfPhase) ui.notifications?.info(outOfPhase.gm);
  // A weapon's ability the character does not have is refused with the reason (issue 19.13).
  const preset = weaponPresetOrWarn(model, weapon, { actor: actor.name ?? "", weapon: item.name ?? "" });
  if (!preset) return null;
  const title = format("BREADBOX.Pool.Attack.Title", { weapon: item.name ?? "", target: target.name ?? "" });
  const answer = await askCheck(model, preset, event, title, "BREADBOX.Pool.Attack.DifficultyNote", (built) => oddsHtml(built) + attackOddsHtml(built.options, model, targetModel, weapon, target.name ?? ""));
  if (!answer) return null;
  let roll: PoolCheckRoll;
  try {
    const built = buildCheck(model, answer.choices, actor.uuid);
    built.options.title = format("BREADBOX.Pool.Attack.CardTitle", { weapon: item.name ?? "", title: built.options.title });
    roll = PoolCheckRoll.fromCheck(built.options);
  } catch (err) {
    ui.notifications?.error(err instanceof Error ? err.message : String(err));
    return null;
  }
  await roll.evaluate();
  try {
    // The phase it is declared in goes with it: the GM checks it against the clock (checkChoices).
    await declareExchange(poolAttack, actor, target, { weaponId: item.id ?? "", check: { ...answer.choices }, phase: attackPhaseClaim(actor) }, { mode: answer.mode, rolls: [roll] });
  } catch (err) {
    // The clock moved on while the dialog was open, say.
    ui.notifications?.warn(localize(err instanceof Error ? err.message : String(err)));
    return null;
  }
  return roll;
}

function weaponSummary(name: string, w: PoolWeaponModel): string {
  const bits = [name, localize(`BREADBOX.Pool.Wound.kind.${w.trauma}`)];
  if (w.trauma === "physical") bits.push(localize(`BREADBOX.Pool.Weapon.damageType.${w.damageType}`));
  if (w.damageModifier) bits.push(`${w.damageModifier > 0 ? "+" : ""}${w.damageModifier}`);
  if (w.musclePowered) bits.push(localize("BREADBOX.Pool.Weapon.MusclePowered"));
  return bits.join(" · ");
}

/** What the trauma rules read about this weapon, attacker and defender (everything but the degree). */
export function traumaInputs(attacker: PoolActorModel, defender: PoolActorModel, weapon: PoolWeaponModel): Omit<R.AttackInput, "degree"> {
  // Worn armor (the strongest) meets physical attacks; the seed's mental trauma (torture, psychic
  // attack, fatigue) is not something armor affects (docs/rules/pool.md).
  const armor = weapon.trauma === "physical" ? defender.armor[0] : undefined;
  const musclePower = weapon.trauma === "physical" && weapon.musclePowered ? R.attributeScore(attacker.character, "musclePower") : 0;
  const weaponModifier = weapon.trauma === "physical" ? weapon.damageModifier : 0;
  return { trauma: weapon.trauma, damageType: weapon.damageType, musclePower, weaponModifier, ...(armor ? { armor } : {}) };
}

/** The rules core's answer for an attack, from the two characters and the weapon as they stand. */
export function resolveAttack(input: { attack: R.CheckResult; defence: R.RolledSide | null; attacker: PoolActorModel; defender: PoolActorModel; weapon: PoolWeaponModel }) {
  const hit = R.attackHit({ attack: input.attack, defence: input.defence });
  const weapon = traumaInputs(input.attacker, input.defender, input.weapon);
  const trauma = hit.hit ? R.resolveTrauma({ ...weapon, degree: hit.degree }, input.defender.defender) : null;
  return { hit, trauma, weapon, defender: input.defender.defender };
}

/** Wound severities from "severe" on: the overlapping figure under an attack's headline. */
const SEVERE_OR_WORSE = R.WOUND_SEVERITIES.slice(R.WOUND_SEVERITIES.indexOf("severe"));

/**
 * An attack's headline (issue 24.4): it misses, hits without a wound, or wounds — three figures
 * that add up to 100 %. A severe wound or worse is one of the wounding hits: apart, as overlapping.
 */
export function attackHeadline(odds: Odds): HeadlineFigure[] {
  const wounds = odds.outcomes.map((o) => o.key).filter((k) => !R.ATTACK_MISS_KEYS.some((m) => m === k));
  return [
    { label: localize("BREADBOX.Pool.Headline.Miss"), p: chanceOf(odds, ["miss"]), cls: "band-failure" },
    { label: localize("BREADBOX.Pool.Headline.NoWound"), p: chanceOf(odds, ["stopped", "noWound"]), cls: "band-marginal" },
    { label: localize("BREADBOX.Pool.Headline.Wounds"), p: chanceOf(odds, wounds), cls: "band-success" },
  ];
}

/** An attack's odds panel: the headline, then (folded) only the results that can happen, each with its chance. */
function attackOutcomesHtml(title: string, odds: Odds): string {
  const labelKey = (k: string) =>
    k === "severeOverlap" ? "BREADBOX.Pool.Headline.severeOverlap" : R.ATTACK_MISS_KEYS.some((m) => m === k) ? `BREADBOX.Pool.AttackOdds.${k}` : `BREADBOX.Pool.Wound.severity.${k}`;
  const overlap = { key: "severeOverlap", p: chanceOf(odds, SEVERE_OR_WORSE) };
  return linesHtml({ text: title, cls: "bb-small bb-muted pool-attack-odds-title" }) + oddsPanelHtml({ ...odds, outcomes: odds.outcomes.filter((o) => o.p > 0), extras: [...odds.extras, ...(overlap.p > 0 ? [overlap] : [])] }, { labelKey, headline: attackHeadline });
}

/**
 * The Oppose dialog's panel: with the attack already rolled, the exact chance of each result for
 * the defence as configured (a dice-phobe defence is a certain result).
 */
export function defenceOddsHtml(attack: R.CheckResult, options: { pool: R.PoolSpec; resolution: string }, attacker: PoolActorModel, defender: PoolActorModel, weapon: PoolWeaponModel): string {
  const odds = R.defenceOdds({ attack, defence: options.pool, phobe: options.resolution === "dicePhobe", weapon: traumaInputs(attacker, defender, weapon), defender: defender.defender });
  return linesHtml(poolSummary(options.pool, false)) + attackOutcomesHtml(format("BREADBOX.Pool.AttackOdds.AgainstRolled", { total: attack.total }), odds);
}

/** The attack dialog's second panel: the exact odds of each result if the target takes it unopposed. */
export function attackOddsHtml(options: { pool: R.PoolSpec; difficulty: number; resolution: string }, attacker: PoolActorModel, defender: PoolActorModel, weapon: PoolWeaponModel, targetName: string): string {
  if (options.resolution !== "roll") return "";
  const odds = R.attackOdds({ attack: { pool: options.pool, difficulty: options.difficulty }, weapon: traumaInputs(attacker, defender, weapon), defender: defender.defender });
  return attackOutcomesHtml(format("BREADBOX.Pool.AttackOdds.Title", { name: targetName }), odds);
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

/** The resolution card's body (templates/pool/combat/resolution.hbs), from degree to wounds. */
async function resolutionHtml(attacker: Actor.Implementation, defender: Actor.Implementation, c: PoolAttackChoices, attack: R.CheckResult, defence: R.CheckResult | null, r: ReturnType<typeof resolveAttack>): Promise<string> {
  const t = r.trauma;
  const wounds = t?.wounds ?? [];
  const physical = c.weapon.trauma === "physical";
  const steps: { label: string; value: string }[] = [];
  if (t) {
    steps.push({ label: localize("BREADBOX.Pool.Attack.Step.Degree"), value: String(r.hit.degree) });
    const { armor, musclePower, weaponModifier } = r.weapon;
    if (armor) steps.push({ label: format("BREADBOX.Pool.Attack.Step.Armor", { rating: armor.rating }), value: `${signed(-armor.rating)} → ${t.degreeAfterArmor}` });
    if (physical && !t.stoppedByArmor) {
      if (musclePower) steps.push({ label: localize("BREADBOX.Pool.Attack.Step.MusclePower"), value: signed(musclePower) });
      if (weaponModifier) steps.push({ label: localize("BREADBOX.Pool.Attack.Step.Weapon"), value: signed(weaponModifier) });
      if (r.defender.toughness) steps.push({ label: localize("BREADBOX.Pool.Defender.Toughness"), value: signed(-r.defender.toughness) });
      steps.push({ label: localize("BREADBOX.Pool.Defender.PhysicalThreshold"), value: signed(-r.defender.physicalThreshold) });
    } else if (!physical && !t.stoppedByArmor) {
      steps.push({ label: localize("BREADBOX.Pool.Defender.MentalThreshold"), value: signed(-r.defender.mentalThreshold) });
    }
    if (!t.stoppedByArmor) steps.push({ label: localize("BREADBOX.Pool.Attack.Step.Final"), value: String(t.finalDegree) });
    if (t.split) steps.push({ label: localize("BREADBOX.Pool.Attack.Step.Split"), value: format("BREADBOX.Pool.Attack.SplitValue", { physical: t.split.physical, mental: t.split.mental }) });
  }
  const healing = { physical: R.attributeScore(c.defender.character, R.HEALING_ATTRIBUTE.physical), mental: R.attributeScore(c.defender.character, R.HEALING_ATTRIBUTE.mental) };
  const woundLines = wounds.map((w) => {
    const hours = R.healingHours(w, { governingAttribute: healing[w.kind] });
    const row = R.woundRow(w.kind, w.degree);
    return format("BREADBOX.Pool.Attack.WoundLine", {
      penalty: row?.penaltyDice ?? 0,
      cross: row?.crossPenaltyDice ?? 0,
      kind: localize(`BREADBOX.Pool.Wound.kind.${w.kind}`),
      severity: localize(`BREADBOX.Pool.Wound.severity.${w.severity}`),
      degree: w.degree,
      nonlethal: w.nonlethal ? localize("BREADBOX.Pool.Wound.Nonlethal") : localize("BREADBOX.Pool.Weapon.damageType.lethal"),
      healing: hours === null ? localize("BREADBOX.Pool.Wound.NoHealing") : format("BREADBOX.Pool.Wound.HealingHours", { hours: Math.round(hours * 10) / 10 }),
    });
  });
  const outcome = !r.hit.hit ? (r.hit.contest === "tie" ? "Tie" : "Miss") : t?.stoppedByArmor ? "Stopped" : wounds.length ? "Wounds" : "NoWound";
  // Nonlethal wounds add up to a knockout (docs/rules/pool.md, "Nonlethal damage"): say so when
  // these wounds, applied to the defender as they stand, would knock them out.
  const after = wounds.length ? R.woundState([...c.defender.character.wounds, ...wounds], R.DEFAULT_WOUND_CHART, { knockoutPenalty: poolRules().knockoutPenalty }) : null;
  const knocksOut = after?.knockedOut && !c.defender.status.incapacitated ? format("BREADBOX.Pool.Knockout.OnApply", { name: defender.name ?? "" }) : "";
  const against = r.hit.against === "opposed"
    ? format("BREADBOX.Pool.Attack.AgainstDefence", { total: defence?.total ?? 0, outcome: localize(`BREADBOX.Pool.Outcome.${defence?.outcome ?? "failure"}`) })
    : r.hit.against === "phobe" ? format("BREADBOX.Pool.Attack.AgainstPhobe", { total: defence?.total ?? 0 }) : format("BREADBOX.Pool.Attack.AgainstDifficulty", { difficulty: attack.difficulty });
  return foundry.applications.handlebars.renderTemplate(templatePath("pool/combat/resolution.hbs"), {
    attacker: attacker.name ?? "",
    defender: defender.name ?? "",
    weapon: weaponSummary(c.item.name ?? "", c.weapon),
    attackTotal: attack.total,
    attackOutcome: localize(`BREADBOX.Pool.Outcome.${attack.outcome}`),
    against,
    hit: r.hit.hit,
    outcome: localize(`BREADBOX.Pool.Attack.${outcome}`),
    steps,
    damageType: t?.damageType ? localize(`BREADBOX.Pool.Weapon.damageType.${t.damageType}`) : "",
    converted: Boolean(t && r.weapon.armor?.convertsLethal && c.weapon.damageType === "lethal" && t.damageType === "nonlethal"),
    wounds: woundLines,
    wounded: wounds.length > 0,
    knocksOut,
  });
}

/** The most wounds one resolution may carry (nonlethal damage deals two; more is forged). */
const MAX_WOUNDS_APPLIED = 2;

function validWounds(list: unknown): { kind: R.TraumaKind; degree: number; nonlethal: boolean }[] | null {
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_WOUNDS_APPLIED) return null;
  const out: { kind: R.TraumaKind; degree: number; nonlethal: boolean }[] = [];
  for (const w of list) {
    if (!w || typeof w !== "object") return null;
    const x: Record<string, unknown> = { ...w };
    const kind = R.TRAUMA_KINDS.find((k) => k === x.kind);
    if (!kind || typeof x.degree !== "number" || !Number.isSafeInteger(x.degree) || x.degree < 0 || x.degree > R.MAX_TRAUMA_VALUE || typeof x.nonlethal !== "boolean") return null;
    out.push({ kind, degree: x.degree, nonlethal: x.nonlethal });
  }
  return out;
}

/** The attack exchange: a weapon's check, opposed by the defender's check or taken; wounds applied once. */
export const poolAttack: ExchangeDefinition<PoolAttackChoices, PoolCheckOptions | null> = {
  ruleset: "pool",
  kind: "attack",
  applyLabel: "BREADBOX.Pool.Attack.Apply",
  checkChoices(raw, { attacker, target }, { writerIsGM, display }) {
    const atk = modelOf(attacker, PoolActorModel);
    const defender = modelOf(target, PoolActorModel);
    if (!atk || !defender) throw new Error("BREADBOX.Pool.Attack.MissingActor");
    const item = typeof raw.weaponId === "string" ? attacker.items.get(raw.weaponId) : undefined;
    const weapon = modelOf(item, PoolWeaponModel);
    if (!item || !weapon) throw new Error("BREADBOX.Relay.NotGenuine");
    const rules = poolRules();
    let choices: PoolCheckChoices;
    let check: PoolCheckOptions;
    try {
      choices = checkChoices(raw.check, atk, rules);
      check = buildCheck(atk, choices, attacker.uuid).options;
    } catch {
      throw new Error("BREADBOX.Relay.NotGenuine");
    }
    // The Storyguide's fields count only on a declaration a GM wrote. Only a GM's client knows its
    // writer (the GM's record); a player's client reads the card for its dialog's odds only.
    if (!writerIsGM && game.user?.isGM && storyguideFieldsSet(choices, atk, rules).length) throw new Error("BREADBOX.Pool.Attack.StoryguideOnly");
    // A player's attack on the phase clock was declared on the attacker's turn (issue 19.15): the
    // phase it claims must be one in which the attacker acts (now, or its last turn).
    if (!writerIsGM && !display && !attackPhaseClaimFits(attacker, raw.phase)) throw new Error("BREADBOX.Pool.Attack.NotInPhase");
    return { item, weapon, attacker: atk, defender, check };
  },
  async declarationCard({ target, choices, rolls }) {
    const roll = rolls[0] ? await rolls[0].render() : "";
    return { html: await foundry.applications.handlebars.renderTemplate(templatePath("pool/combat/attack-card.hbs"), { roll, target: target.name ?? "", weapon: weaponSummary(choices.item.name ?? "", choices.weapon) }) };
  },
  responses() {
    return [{ id: "oppose", label: "BREADBOX.Pool.Attack.Oppose" }, { id: "none", label: "BREADBOX.Pool.Attack.TakeIt" }];
  },
  async respondDialog({ attacker, choices, rolls }, response, event) {
    if (response !== "oppose") return { choices: {}, mode: currentMessageMode() };
    // A convenience: an ability named Dodge (the default tree has one) is offered first.
    const dodge = choices.defender.abilityTree.rows.find((r) => r.traitId.toLowerCase() === "dodge")?.traitId ?? "";
    const attack = rolls.find((r): r is PoolCheckRoll => r instanceof PoolCheckRoll)?.computeResult() ?? null;
    const title = format("BREADBOX.Pool.Attack.OpposeTitle", { attacker: attacker.name ?? "" });
    const answer = await askCheck(choices.defender, { ability: dodge }, event, title, "BREADBOX.Pool.Attack.OpposeNote", (built) => (attack ? defenceOddsHtml(attack, built.options, choices.attacker, choices.defender, choices.weapon) : oddsHtml(built)));
    return answer && { choices: { ...answer.choices }, mode: answer.mode };
  },
  checkResponse(raw, { target, choices }, response, requester) {
    if (response !== "oppose") return null;
    const rules = poolRules();
    let check: PoolCheckChoices;
    try {
      check = checkChoices(raw, choices.defender, rules);
    } catch {
      throw new Error("BREADBOX.Relay.Malformed");
    }
    // GM-only inputs from a GM only: a player's defence carrying any is refused (not ignored), before
    // anything else is judged of it.
    if (!requester.isGM && storyguideFieldsSet(check, choices.defender, rules).length) throw new Error("BREADBOX.Pool.Attack.StoryguideOnly");
    let options: PoolCheckOptions;
    try {
      options = buildCheck(choices.defender, check, target.uuid).options;
    } catch {
      throw new Error("BREADBOX.Relay.Malformed");
    }
    return { ...options, title: format("BREADBOX.Pool.Attack.DefenceTitle", { title: options.title }) };
  },
  async resolve({ attacker, target, choices, rolls }, response) {
    // The attack's dice as posted, classified with the check its choices rebuild.
    const roll = rolls[0];
    const attack = roll instanceof PoolCheckRoll && roll.check?.actorUuid === attacker.uuid ? roll.resultFor(choices.check) : null;
    if (!attack) throw new Error("BREADBOX.Relay.NotGenuine");
    const defenceRoll = response.choices ? PoolCheckRoll.fromCheck(response.choices) : null;
    if (defenceRoll) await defenceRoll.evaluate();
    const defence = defenceRoll?.checkResult ?? null;
    const r = resolveAttack({ attack, defence, attacker: choices.attacker, defender: choices.defender, weapon: choices.weapon });
    const wounds = (r.trauma?.wounds ?? []).map((w) => ({ kind: w.kind, degree: w.degree, nonlethal: w.nonlethal }));
    return { rolls: defenceRoll ? [defenceRoll] : [], card: { html: await resolutionHtml(attacker, target, choices, attack, defence, r) }, outcome: wounds.length ? { wounds } : null };
  },
  checkOutcome(outcome: ExchangeOutcome) {
    return validWounds(outcome.wounds) !== null;
  },
  async apply(target, outcome) {
    const model = modelOf(target, PoolActorModel);
    if (!model) throw new Error("BREADBOX.Relay.TargetMismatch");
    const wounds = validWounds(outcome.wounds) ?? [];
    const existing = model.wounds.map((w) => ({ kind: w.kind, degree: w.degree, nonlethal: w.nonlethal }));
    await target.update({ system: { wounds: [...existing, ...wounds] } });
    return { count: wounds.length };
  },
  async follow(target) {
    await syncPoolStatuses(target);
  },
};
