/**
 * The Dice Pool's attack sequence in chat (docs/rules/pool.md, "Foundry side: combat").
 *
 *  1. The attacker rolls a weapon's check from the sheet against the targeted character: an
 *     attack card (a PoolCheckRoll with the Difficulty that counts if nobody opposes it).
 *  2. The target's owner (or the GM) answers on the card: oppose it with a check of their own
 *     (direct opposition, "parrying a sword"), or take it unopposed.
 *  3. The active GM's client rolls the defence with Foundry's dice, judges the attack with the
 *     rules core (attackHit), reads armor, Muscle Power, the weapon's modifier, Toughness and the
 *     threshold (resolveTrauma) and posts a resolution card; what it resolved goes to the GM-only
 *     ledger.
 *  4. Apply adds the wounds to the target — through the GM, from the ledger only (never the card),
 *     exactly once — and the status effects follow.
 */
import { applyRecordOnce } from "../../../core/exchange/apply";
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { requireModel, targetedActors } from "../../../core/foundry";
import { format, localize, lookupUuidSync, modelOf } from "../../../core/game";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { rollDialog, skipDialog } from "../../../core/rolls/dialog";
import { oddsPanelHtml } from "../../../core/rolls/odds-panel";
import { audienceForMode, audienceOf, combineAudiences, currentMessageMode, normaliseMessageMode, type MessageMode } from "../../../core/compat";
import { claimMark, hasMark, isLedgerKeeper, ledgerEntry, releaseMark, updateLedger, type LedgerWound } from "../../../core/chat/ledger";
import { postCard } from "../../../core/chat/post";
import { cardFlags, cardRefusal } from "../../../core/chat/trust";
import { BreadboxActor } from "../../../core/documents/actor";
import { PoolActorModel } from "../data/actor";
import { PoolWeaponModel } from "../data/items";
import { PoolCheckRoll, poolFormula, rolledPool, type PoolCheckOptions } from "../dice/pool-roll";
import { buildCheck, checkChoices, defaultChoices, dialogContent, oddsHtml, readAndBuild, storyguideFieldsSet, type PoolCheckChoices } from "../checks";
import { poolRules, type PoolRules } from "../settings";
import { syncPoolStatuses } from "./statuses";
import { escapeHTML } from "../../../core/html";

export interface PoolAttackFlags {
  type: "poolAttack";
  actorUuid: string;
  targetUuid: string;
  weaponId: string;
  /**
   * The attack dialog's choices. The GM rebuilds the attack's pool from them and the attacker's
   * documents (and refuses the Storyguide's fields unless a GM wrote the card); never trusted as numbers.
   */
  choices?: Record<string, unknown>;
}

/** The defender's two answers on an attack card. */
export const DEFENCE_RESPONSES = ["oppose", "none"] as const;
export type DefenceResponse = (typeof DEFENCE_RESPONSES)[number];

function attackFlags(message: ChatMessage.Implementation): PoolAttackFlags | null {
  const f = cardFlags(message);
  if (f.type !== "poolAttack" || typeof f.actorUuid !== "string" || typeof f.targetUuid !== "string" || typeof f.weaponId !== "string") return null;
  const choices = f.choices && typeof f.choices === "object" && !Array.isArray(f.choices) ? { ...f.choices } : undefined;
  return { type: "poolAttack", actorUuid: f.actorUuid, targetUuid: f.targetUuid, weaponId: f.weaponId, ...(choices ? { choices } : {}) };
}

function actorOf(uuid: string): Actor.Implementation | null {
  const doc = lookupUuidSync(uuid);
  return doc instanceof BreadboxActor ? doc : null;
}

function poolModel(actor: Actor.Implementation | null | undefined): PoolActorModel | null {
  return modelOf(actor, PoolActorModel);
}

/** The first check roll of a card. */
function poolRollOf(message: ChatMessage.Implementation): PoolCheckRoll | undefined {
  return message.rolls.find((r): r is PoolCheckRoll => r instanceof PoolCheckRoll);
}

/** The "once" mark the active GM claims on an attack card before resolving it. */
export const RESOLVED_MARK = "resolved";

/** Whether an attack card has been resolved (its mark in the GM-only ledger). */
export function isResolved(messageId: string | null | undefined): boolean {
  return hasMark(messageId, RESOLVED_MARK);
}

/**
 * A player may not set the Storyguide's fields on an attack or a defence (docs/rules/pool.md):
 * warns naming them and returns false; true for a GM or when none is set.
 */
function playerMayUse(choices: PoolCheckChoices, model: PoolActorModel, rules: PoolRules): boolean {
  if (game.user?.isGM) return true;
  const set = storyguideFieldsSet(choices, model, rules);
  if (!set.length) return true;
  ui.notifications?.warn(format("BREADBOX.Pool.Attack.StoryguideFields", { fields: set.join(", ") }));
  return false;
}

/**
 * Attack with a weapon against the user's target: the check dialog (the weapon's ability and
 * attribute preset, the Difficulty for an unopposed attack), a Foundry roll, an attack card with
 * the defender's buttons. Returns null (nothing posted) without a Dice Pool target.
 */
export async function attackWithWeapon(actor: Actor.Implementation, item: Item.Implementation, event?: Event | null): Promise<PoolCheckRoll | null> {
  const weapon = requireModel(item, PoolWeaponModel);
  const model = requireModel(actor, PoolActorModel);
  const target = targetedActors()[0] ?? null;
  if (!target) return null;
  const targetModel = poolModel(target);
  if (!targetModel) {
    ui.notifications?.warn(format("BREADBOX.Pool.Attack.WrongRulesetTarget", { name: target.name ?? "" }));
    return null;
  }
  const rules = poolRules();
  const ability = model.abilityTree.rows.some((r) => r.traitId === weapon.ability) ? weapon.ability : "";
  const attribute = model.attributeTree.rows.some((r) => r.traitId === weapon.attribute) ? weapon.attribute : "";
  let choices: PoolCheckChoices | null = defaultChoices(model, { ability, attribute, activity: weapon.trauma }, rules);
  let mode: MessageMode = currentMessageMode();
  if (!skipDialog(event)) {
    const answer = await rollDialog<PoolCheckChoices>({
      title: format("BREADBOX.Pool.Attack.Title", { weapon: item.name ?? "", target: target.name ?? "" }),
      content: `<p class="bb-muted">${escapeHTML(localize("BREADBOX.Pool.Attack.DifficultyNote"))}</p>${await dialogContent(model, choices, rules)}`,
      read: (form) => readAndBuild(form, model, rules).choices,
      odds: (c) => {
        const built = buildCheck(model, c);
        return oddsHtml(built) + attackOddsHtml(built.options, model, targetModel, weapon, target.name ?? "");
      },
    });
    choices = answer?.value ?? null;
    if (answer) mode = answer.mode;
  }
  if (!choices || !playerMayUse(choices, model, rules)) return null;
  let roll: PoolCheckRoll;
  try {
    const built = buildCheck(model, choices, actor.uuid);
    built.options.title = format("BREADBOX.Pool.Attack.CardTitle", { weapon: item.name ?? "", title: built.options.title });
    roll = PoolCheckRoll.fromCheck(built.options);
  } catch (err) {
    ui.notifications?.error(err instanceof Error ? err.message : String(err));
    return null;
  }
  await roll.evaluate();
  const flags: PoolAttackFlags = { type: "poolAttack", actorUuid: actor.uuid, targetUuid: target.uuid, weaponId: item.id ?? "", choices: { ...choices } };
  const content = (await roll.render()) + (await foundry.applications.handlebars.renderTemplate(templatePath("pool/combat/attack-card.hbs"), {
    target: target.name ?? "",
    targetUuid: target.uuid,
    weapon: weaponSummary(item.name ?? "", weapon),
  }));
  await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, rolls: [roll], flags: { [SYSTEM_ID]: { ...flags } } }, audienceForMode(mode));
  return roll;
}

function weaponSummary(name: string, w: PoolWeaponModel): string {
  const bits = [name, localize(`BREADBOX.Pool.Wound.kind.${w.trauma}`)];
  if (w.trauma === "physical") bits.push(localize(`BREADBOX.Pool.Weapon.damageType.${w.damageType}`));
  if (w.damageModifier) bits.push(`${w.damageModifier > 0 ? "+" : ""}${w.damageModifier}`);
  if (w.musclePowered) bits.push(localize("BREADBOX.Pool.Weapon.MusclePowered"));
  return bits.join(" · ");
}

/** Oppose / take it on an attack card: the defender's owner answers; the active GM resolves. */
export async function onDefend(message: ChatMessage.Implementation, button: HTMLElement, event: Event): Promise<void> {
  const flags = attackFlags(message);
  if (!flags) return;
  const response = DEFENCE_RESPONSES.find((r) => r === button.dataset.response) ?? "oppose";
  if (isResolved(message.id)) {
    ui.notifications?.warn(localize("BREADBOX.Pool.Attack.AlreadyResolved"));
    return;
  }
  const defender = actorOf(flags.targetUuid);
  const model = poolModel(defender);
  if (!defender || !model) {
    ui.notifications?.warn(localize("BREADBOX.Pool.Attack.MissingActor"));
    return;
  }
  if (!defender.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.Pool.Attack.NotYourDefender"));
    return;
  }
  let mode: MessageMode = currentMessageMode();
  let choices: PoolCheckChoices | null = null;
  if (response === "oppose") {
    const rules = poolRules();
    // A convenience: an ability named Dodge (the default tree has one) is offered first.
    const dodge = model.abilityTree.rows.find((r) => r.traitId.toLowerCase() === "dodge")?.traitId ?? "";
    choices = defaultChoices(model, { ability: dodge }, rules);
    if (!skipDialog(event)) {
      const attacker = actorOf(flags.actorUuid);
      const attackerModel = poolModel(attacker);
      const item = attacker?.items.get(flags.weaponId);
      const weapon = modelOf(item, PoolWeaponModel);
      const rolled = poolRollOf(message);
      const attack = rolled?.computeResult() ?? null;
      const answer = await rollDialog<PoolCheckChoices>({
        title: format("BREADBOX.Pool.Attack.OpposeTitle", { attacker: attacker?.name ?? "" }),
        content: `<p class="bb-muted">${escapeHTML(localize("BREADBOX.Pool.Attack.OpposeNote"))}</p>${await dialogContent(model, choices, rules)}`,
        read: (form) => readAndBuild(form, model, rules).choices,
        odds: (c) => {
          const built = buildCheck(model, c);
          return attack && attackerModel && weapon ? defenceOddsHtml(attack, built.options, attackerModel, model, weapon) : oddsHtml(built);
        },
      });
      if (!answer) return;
      choices = answer.value;
      mode = answer.mode;
    }
    if (!playerMayUse(choices, model, rules)) return;
  }
  await applyOrRelay("pool.defend", { uuid: defender.uuid }, { messageId: message.id, response, choices: choices ? { ...choices } : null, mode });
}

/**
 * The attack card's result, classified again here from the faces Foundry rolled and the check
 * rebuilt from the attacker's documents (`built`, never the pool, Difficulty or result stored in the
 * card's options); null when the roll is not that check's evaluated roll.
 */
function attackResult(roll: PoolCheckRoll, built: PoolCheckOptions): R.CheckResult | null {
  if (!roll.evaluated) return null;
  const formula = built.resolution === "dicePhobe" ? String(R.dicePhobeTotal(built.pool)) : poolFormula(built.pool);
  if (roll.formula !== formula) return null;
  const against = { pool: built.pool, difficulty: built.difficulty, requiredDegree: built.requiredDegree };
  const offset = R.getDieType(built.pool.die).offset;
  const faces = roll.dice[0]?.results.map((r) => r.result - offset) ?? [];
  try {
    return built.resolution === "dicePhobe" ? R.dicePhobeCheck(against) : R.resolveCheck({ ...against, pool: rolledPool(built.pool) }, faces);
  } catch {
    return null;
  }
}

/** The attack's check as its card's choices rebuild it from the attacker's documents, or an error key. */
function rebuildAttack(message: ChatMessage.Implementation, flags: PoolAttackFlags, attacker: Actor.Implementation, model: PoolActorModel, roll: PoolCheckRoll): R.CheckResult | string {
  const rules = poolRules();
  let choices: PoolCheckChoices;
  let built: PoolCheckOptions;
  try {
    choices = checkChoices(flags.choices, model, rules);
    built = buildCheck(model, choices, attacker.uuid).options;
  } catch {
    return "BREADBOX.Relay.NotGenuine";
  }
  // The Storyguide's fields count only on a card a GM wrote (the ledger's record of its writer).
  const writer = ledgerEntry(message.id)?.writer;
  if (!(writer && game.users?.get(writer)?.isGM) && storyguideFieldsSet(choices, model, rules).length) return "BREADBOX.Pool.Attack.StoryguideOnly";
  return attackResult(roll, built) ?? "BREADBOX.Relay.NotGenuine";
}

/**
 * GM side of the defender's answer. The requester must be the GM or an owner of the defender (the
 * card's target); the card must be an attack card written by the GM or an owner of the attacker,
 * whose roll names the attacker and whose weapon is still the attacker's, whose dice are the roll of
 * the check its choices rebuild from the attacker's documents; not yet resolved. The defence's
 * choices must fit the dialog's limits and the defender's traits; the Storyguide's fields are taken
 * from a GM only (a player's request carrying any is refused). The "resolved" mark is claimed on
 * this client before anything is rolled or posted (released if posting fails); then the defence is
 * rolled, the attack resolved, the resolution posted and recorded in the ledger.
 */
export async function relayDefend(ctx: RelayContext): Promise<RelayResult> {
  const messageId = typeof ctx.payload.messageId === "string" ? ctx.payload.messageId : "";
  const message = messageId ? game.messages?.get(messageId) : undefined;
  const flags = message ? attackFlags(message) : null;
  const roll = message ? poolRollOf(message) : undefined;
  if (!message || !flags || !roll) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const defender = ctx.target;
  if (!(defender instanceof BreadboxActor) || defender.uuid !== flags.targetUuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  const defModel = poolModel(defender);
  if (!defModel) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (!ctx.requester.isGM && !defender.testUserPermission(ctx.requester, "OWNER")) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const attacker = actorOf(flags.actorUuid);
  const atkModel = poolModel(attacker);
  if (!attacker || !atkModel) return { ok: false, error: "BREADBOX.Pool.Attack.MissingActor" };
  const refusal = cardRefusal(message, attacker);
  if (refusal) return { ok: false, error: refusal };
  const item = attacker.items.get(flags.weaponId);
  const weapon = modelOf(item, PoolWeaponModel);
  if (!item || !weapon || roll.check?.actorUuid !== attacker.uuid) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  if (isResolved(messageId)) return { ok: false, error: "BREADBOX.Pool.Attack.AlreadyResolved" };
  const attack = rebuildAttack(message, flags, attacker, atkModel, roll);
  if (typeof attack === "string") return { ok: false, error: attack };
  const response = DEFENCE_RESPONSES.find((r) => r === ctx.payload.response);
  if (!response) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  let defenceRoll: PoolCheckRoll | null = null;
  if (response === "oppose") {
    const rules = poolRules();
    let choices: PoolCheckChoices;
    try {
      choices = checkChoices(ctx.payload.choices, defModel, rules);
    } catch {
      return { ok: false, error: "BREADBOX.Relay.Malformed" };
    }
    // GM-only inputs from a GM only: a player's defence carrying any is refused (not ignored).
    if (!ctx.requester.isGM && storyguideFieldsSet(choices, defModel, rules).length) return { ok: false, error: "BREADBOX.Pool.Attack.StoryguideOnly" };
    try {
      const built = buildCheck(defModel, choices, defender.uuid);
      built.options.title = format("BREADBOX.Pool.Attack.DefenceTitle", { title: built.options.title });
      defenceRoll = PoolCheckRoll.fromCheck(built.options);
    } catch {
      return { ok: false, error: "BREADBOX.Relay.Malformed" };
    }
  }
  const mode = normaliseMessageMode(ctx.payload.mode) ?? "public";
  // Once: claimed atomically on this (the active GM's) client, before any await of the resolution.
  if (!(await claimMark(messageId, RESOLVED_MARK))) return { ok: false, error: "BREADBOX.Pool.Attack.AlreadyResolved" };
  let posted: ChatMessage.Implementation | undefined;
  try {
    if (defenceRoll) await defenceRoll.evaluate();
    posted = await resolveAndPost({ message, attack, defenceRoll, attacker, defender, item, weapon, mode });
  } catch (err) {
    await releaseMark(messageId, RESOLVED_MARK);
    throw err;
  }
  if (!posted) {
    await releaseMark(messageId, RESOLVED_MARK);
    return { ok: false, error: "BREADBOX.Relay.Failed" };
  }
  return { ok: true };
}

/** Everything a resolution shows, step by step. */
export interface AttackResolution {
  hit: R.AttackHit;
  trauma: R.TraumaResult | null;
  armor: R.ArmorSpec | null;
  musclePower: number;
  weaponModifier: number;
  defender: R.DefenderInput;
}

/** The rules core's answer for an attack, from the two characters and the weapon as they stand. */
/** What the trauma rules read about this weapon, attacker and defender (everything but the degree). */
export function traumaInputs(attacker: PoolActorModel, defender: PoolActorModel, weapon: PoolWeaponModel): { weapon: Omit<R.AttackInput, "degree">; armor: R.ArmorSpec | null; musclePower: number; weaponModifier: number } {
  // Worn armor (the strongest) meets physical attacks; the seed's mental trauma (torture, psychic
  // attack, fatigue) is not something armor affects (docs/rules/pool.md).
  const armor = weapon.trauma === "physical" ? (defender.armor[0] ?? null) : null;
  const musclePower = weapon.trauma === "physical" && weapon.musclePowered ? R.attributeScore(attacker.character, "musclePower") : 0;
  const weaponModifier = weapon.trauma === "physical" ? weapon.damageModifier : 0;
  return { weapon: { trauma: weapon.trauma, damageType: weapon.damageType, musclePower, weaponModifier, ...(armor ? { armor } : {}) }, armor, musclePower, weaponModifier };
}

export function resolveAttack(input: { attack: R.CheckResult; defence: R.CheckResult | null; attacker: PoolActorModel; defender: PoolActorModel; weapon: PoolWeaponModel }): AttackResolution {
  const hit = R.attackHit({ attack: input.attack, defence: input.defence });
  const t = traumaInputs(input.attacker, input.defender, input.weapon);
  const trauma = hit.hit ? R.resolveTrauma({ ...t.weapon, degree: hit.degree }, input.defender.defender) : null;
  return { hit, trauma, armor: t.armor, musclePower: t.musclePower, weaponModifier: t.weaponModifier, defender: input.defender.defender };
}

/**
 * The Oppose dialog's panel: with the attack already rolled, the exact chance of each result for
 * the defence as configured (a dice-phobe defence is a certain result).
 */
export function defenceOddsHtml(attack: R.CheckResult, options: { pool: R.PoolSpec; resolution: string }, attacker: PoolActorModel, defender: PoolActorModel, weapon: PoolWeaponModel): string {
  const t = traumaInputs(attacker, defender, weapon);
  let odds: ReturnType<typeof R.attackOdds>;
  if (options.resolution === "dicePhobe") {
    const total = R.dicePhobeTotal(options.pool);
    const hit = R.attackHit({ attack, defence: { total, outcome: "success", mode: "dicePhobe" } });
    const tr = hit.hit ? R.resolveTrauma({ ...t.weapon, degree: hit.degree }, defender.defender) : null;
    const kind = weapon.trauma;
    const wound = tr?.wounds.find((w) => w.kind === kind) ?? tr?.wounds[0];
    const key = !hit.hit ? "miss" : tr?.stoppedByArmor ? "stopped" : wound ? wound.severity : "noWound";
    const keys = R.attackOddsKeys(kind);
    odds = { success: keys.indexOf(key) >= R.ATTACK_MISS_KEYS.length ? 1 : 0, outcomes: keys.map((k) => ({ key: k, p: k === key ? 1 : 0 })), extras: [], error: 0 };
  } else {
    odds = R.defenceOdds({ attack, defence: options.pool, weapon: t.weapon, defender: defender.defender });
  }
  const shown = { ...odds, outcomes: odds.outcomes.filter((o) => o.p > 0) };
  const labelKey = (k: string) => (R.ATTACK_MISS_KEYS.some((m) => m === k) ? `BREADBOX.Pool.AttackOdds.${k}` : `BREADBOX.Pool.Wound.severity.${k}`);
  const p = options.pool;
  const pool = `<p class="bb-pool-summary">${localize("BREADBOX.Pool.Dice.Pool")}: ${p.addDice} ${localize("BREADBOX.Pool.Dice.Add")} · ${p.bonusDice} ${localize("BREADBOX.Pool.Dice.Bonus")} · ${p.penaltyDice} ${localize("BREADBOX.Pool.Dice.Penalty")}</p>`;
  return `${pool}<p class="bb-small bb-muted pool-attack-odds-title">${escapeHTML(format("BREADBOX.Pool.AttackOdds.AgainstRolled", { total: attack.total }))}</p>${oddsPanelHtml(shown, { labelKey })}`;
}

/** The attack dialog's second panel: the exact odds of each result if the target takes it unopposed. */
export function attackOddsHtml(options: { pool: R.PoolSpec; difficulty: number; resolution: string }, attacker: PoolActorModel, defender: PoolActorModel, weapon: PoolWeaponModel, targetName: string): string {
  if (options.resolution !== "roll") return "";
  const t = traumaInputs(attacker, defender, weapon);
  const odds = R.attackOdds({ attack: { pool: options.pool, difficulty: options.difficulty }, weapon: t.weapon, defender: defender.defender });
  const shown = { ...odds, outcomes: odds.outcomes.filter((o) => o.p > 0) };
  const labelKey = (k: string) => (R.ATTACK_MISS_KEYS.some((m) => m === k) ? `BREADBOX.Pool.AttackOdds.${k}` : `BREADBOX.Pool.Wound.severity.${k}`);
  return `<p class="bb-small bb-muted pool-attack-odds-title">${escapeHTML(format("BREADBOX.Pool.AttackOdds.Title", { name: targetName }))}</p>${oddsPanelHtml(shown, { labelKey })}`;
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

async function resolveAndPost(args: {
  message: ChatMessage.Implementation;
  attack: R.CheckResult;
  defenceRoll: PoolCheckRoll | null;
  attacker: Actor.Implementation;
  defender: Actor.Implementation;
  item: Item.Implementation;
  weapon: PoolWeaponModel;
  mode: MessageMode;
}): Promise<ChatMessage.Implementation | undefined> {
  if (!isLedgerKeeper()) throw new Error("Breadbox | only the active GM's client resolves attacks");
  const { message, attack, defenceRoll, attacker, defender, weapon } = args;
  const atk = requireModel(attacker, PoolActorModel);
  const def = requireModel(defender, PoolActorModel);
  const defence = defenceRoll?.checkResult ?? null;
  const r = resolveAttack({ attack, defence, attacker: atk, defender: def, weapon });
  const wounds = r.trauma?.wounds ?? [];
  const t = r.trauma;
  const physical = weapon.trauma === "physical";
  const steps: { label: string; value: string }[] = [];
  if (t) {
    steps.push({ label: localize("BREADBOX.Pool.Attack.Step.Degree"), value: String(r.hit.degree) });
    if (r.armor) steps.push({ label: format("BREADBOX.Pool.Attack.Step.Armor", { rating: r.armor.rating }), value: `${signed(-r.armor.rating)} → ${t.degreeAfterArmor}` });
    if (physical && !t.stoppedByArmor) {
      if (r.musclePower) steps.push({ label: localize("BREADBOX.Pool.Attack.Step.MusclePower"), value: signed(r.musclePower) });
      if (r.weaponModifier) steps.push({ label: localize("BREADBOX.Pool.Attack.Step.Weapon"), value: signed(r.weaponModifier) });
      if (r.defender.toughness) steps.push({ label: localize("BREADBOX.Pool.Defender.Toughness"), value: signed(-r.defender.toughness) });
      steps.push({ label: localize("BREADBOX.Pool.Defender.PhysicalThreshold"), value: signed(-r.defender.physicalThreshold) });
    } else if (!physical && !t.stoppedByArmor) {
      steps.push({ label: localize("BREADBOX.Pool.Defender.MentalThreshold"), value: signed(-r.defender.mentalThreshold) });
    }
    if (!t.stoppedByArmor) steps.push({ label: localize("BREADBOX.Pool.Attack.Step.Final"), value: String(t.finalDegree) });
    if (t.split) steps.push({ label: localize("BREADBOX.Pool.Attack.Step.Split"), value: format("BREADBOX.Pool.Attack.SplitValue", { physical: t.split.physical, mental: t.split.mental }) });
  }
  const immune = R.attributeScore(def.character, R.HEALING_ATTRIBUTE.physical);
  const stamina = R.attributeScore(def.character, R.HEALING_ATTRIBUTE.mental);
  const woundLines = wounds.map((w) => {
    const hours = R.healingHours(w, { governingAttribute: w.kind === "physical" ? immune : stamina });
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
  const outcome = !r.hit.hit
    ? localize(r.hit.contest === "tie" ? "BREADBOX.Pool.Attack.Tie" : "BREADBOX.Pool.Attack.Miss")
    : t?.stoppedByArmor ? localize("BREADBOX.Pool.Attack.Stopped") : wounds.length ? localize("BREADBOX.Pool.Attack.Wounds") : localize("BREADBOX.Pool.Attack.NoWound");
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("pool/combat/resolution.hbs"), {
    attacker: attacker.name ?? "",
    defender: defender.name ?? "",
    weapon: weaponSummary(args.item.name ?? "", weapon),
    attackTotal: attack.total,
    attackOutcome: localize(`BREADBOX.Pool.Outcome.${attack.outcome}`),
    against: r.hit.against === "opposed"
      ? format("BREADBOX.Pool.Attack.AgainstDefence", { total: defence?.total ?? 0, outcome: localize(`BREADBOX.Pool.Outcome.${defence?.outcome ?? "failure"}`) })
      : r.hit.against === "phobe"
        ? format("BREADBOX.Pool.Attack.AgainstPhobe", { total: defence?.total ?? 0 })
        : format("BREADBOX.Pool.Attack.AgainstDifficulty", { difficulty: attack.difficulty }),
    hit: r.hit.hit,
    degree: r.hit.degree,
    outcome,
    steps,
    damageType: t?.damageType ? localize(`BREADBOX.Pool.Weapon.damageType.${t.damageType}`) : "",
    converted: Boolean(t && r.armor?.convertsLethal && weapon.damageType === "lethal" && t.damageType === "nonlethal"),
    wounds: woundLines,
    canApply: wounds.length > 0,
    visibility: `owner:${attacker.uuid},${defender.uuid}`,
  });
  const rolls = defenceRoll ? [defenceRoll] : [];
  const posted = await postCard(
    { speaker: ChatMessage.getSpeaker({ actor: defender }), content, rolls, flags: { [SYSTEM_ID]: { type: "poolResolution", attackMessageId: message.id ?? "", attackerUuid: attacker.uuid, targetUuid: defender.uuid } } },
    combineAudiences(audienceOf(message), audienceForMode(args.mode)),
  );
  if (posted?.id) {
    const woundList: LedgerWound[] = wounds.map((w) => ({ kind: w.kind, degree: w.degree, nonlethal: w.nonlethal }));
    await updateLedger(posted.id, { resolution: { ruleset: "pool", kind: "attack", attackMessageId: message.id ?? "", attackerUuid: attacker.uuid, targetUuid: defender.uuid, stun: 0, wounds: woundList.length, applied: false, woundList } });
  }
  return posted;
}

/** Apply on a resolution card: the active GM adds the wounds the ledger records. */
export async function onApplyWounds(message: ChatMessage.Implementation): Promise<void> {
  const entry = ledgerEntry(message.id)?.resolution;
  if (entry?.applied) {
    ui.notifications?.warn(localize("BREADBOX.Pool.Attack.AlreadyApplied"));
    return;
  }
  const flags = cardFlags(message);
  const targetUuid = entry?.targetUuid ?? (typeof flags.targetUuid === "string" ? flags.targetUuid : "");
  const target = actorOf(targetUuid);
  if (!target) {
    ui.notifications?.warn(localize("BREADBOX.Pool.Attack.MissingActor"));
    return;
  }
  const result = await applyOrRelay("pool.applyWounds", { uuid: target.uuid }, { messageId: message.id });
  if (result.ok) ui.notifications?.info(format("BREADBOX.Pool.Attack.Applied", { name: target.name ?? "", count: Number(result.data?.count ?? 0) }));
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

/**
 * GM side of Apply. Everything comes from the GM-only ledger, nothing from the card: a resolution
 * card not in the ledger counts for nothing. The requester must be the GM or own the attacker or
 * the target; the ledger's `applied` is checked and set here, under the relay's lock on the card
 * and the target, so the wounds are added exactly once (reset if the update fails).
 */
export async function relayApplyWounds(ctx: RelayContext): Promise<RelayResult> {
  return applyRecordOnce(ctx, {
    ruleset: "pool",
    field: "resolution",
    model: poolModel,
    valid: (record) => validWounds(record.woundList) !== null,
    alreadyApplied: "BREADBOX.Pool.Attack.AlreadyApplied",
    async write(target, model, record) {
      const wounds = validWounds(record.woundList) ?? [];
      const existing = model.wounds.map((w) => ({ kind: w.kind, degree: w.degree, nonlethal: w.nonlethal }));
      await target.update({ system: { wounds: [...existing, ...wounds] } });
      return { count: wounds.length };
    },
    after: (target) => syncPoolStatuses(target),
  });
}

export const POOL_ATTACK_CHAT_ACTIONS = {
  defend: onDefend,
  applyWounds: (m: ChatMessage.Implementation) => onApplyWounds(m),
};

export const POOL_ATTACK_RELAY_ACTIONS = {
  defend: relayDefend,
  applyWounds: relayApplyWounds,
};
