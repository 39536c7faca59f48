/**
 * Toaster's attack automation in chat.
 *
 *  1. The attacker rolls from the sheet: an attack card (ToasterCheckRoll) names the target.
 *  2. The target's owner (or the GM) clicks Defend, picks dodge or a parry, and rolls.
 *  3. The rules core resolves the five steps with the dice already shown on the two cards
 *     (replayed), then rolls the critical table, damage and protection; a resolution card shows
 *     every step.
 *  4. "Apply" writes stun and wounds to the target — directly when the clicker owns it, else
 *     through the GM relay, which re-reads the amounts from the resolution card itself.
 * Luck can be spent on the attack card after the roll (+1 a point, or 4 points to re-roll).
 */
import { applyRecordOnce } from "../../../core/exchange/apply";
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { escapeHTML } from "../../../core/html";
import { requireModel, targetedActors, updateRolls } from "../../../core/foundry";
import { format, localize, lookupUuid, lookupUuidSync, currentUser, modelOf } from "../../../core/game";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { rollDialog, skipDialog } from "../../../core/rolls/dialog";
import { readString } from "../../../core/forms/read";
import { rollWithFoundryDice, type DieFormula, type KnownFace } from "../../../core/rolls/foundry-dice";
import { audienceForMode, audienceOf, combineAudiences, currentMessageMode, normaliseMessageMode, type Audience, type MessageMode } from "../../../core/compat";
import { claimMark, hasMark, isLedgerKeeper, ledgerEntry, ledgerResolutions, releaseMark, updateLedger, type LedgerResolution } from "../../../core/chat/ledger";
import { postCard } from "../../../core/chat/post";
import { cardFlags, cardRefusal, withResourceLocks, writtenByGMOrOwner } from "../../../core/chat/trust";
import { REROLL_SCOPE, rollFingerprint } from "./once";
import { claimRoll, releaseRoll, rollUsed } from "../../../core/chat/once";
import { ToasterCheckRoll, checkInputOf, type ModifierPart, type ToasterCheckOptions } from "../dice/check-roll";
import { toasterDie } from "../dice/foundry-die";
import { toasterRules, type ToasterRules } from "../settings";
import { afterDefence, owedPart, spendForgoneDefence, stanceDebt, stanceSelect } from "../stance";
import { applyCheckEffect } from "../effects";
import { CHOICE_LIMITS, checkOptions, choicesWithinLimits, DEFAULT_CHOICES, dialogContent, oddsHtml, readChoices, type CheckChoices, type CheckRequest } from "../checks";
import { attackRequest, defenceOptions, sys, weaponRank, type DefenceOption } from "../requests";
import { ToasterWeaponModel } from "../data/items";
import { ToasterActorModel } from "../data/actor";
import { BreadboxActor } from "../../../core/documents/actor";
import { performCheck } from "../checks";

export interface AttackFlags {
  type: "toasterCheck";
  kind: "attack";
  actorUuid: string;
  targetUuid: string | null;
  weaponId: string;
  mode: "melee" | "ranged";
  wc: number;
  unarmed: boolean;
  shotgun: boolean;
}

export interface ResolutionFlags {
  type: "toasterResolution";
  attackMessageId: string;
  attackerUuid: string;
  targetUuid: string;
  damage: number;
  stun: number;
  wounds: number;
  hit: boolean;
  applied: boolean;
}

/** Hit-location areas (core table) → the armor coverage areas of the data model. */
const AREA_OF_LOCATION: Record<string, string> = { headNeck: "head", torso: "torso", leftArm: "leftArm", rightArm: "rightArm", leftLeg: "leftLeg", rightLeg: "rightLeg" };

function flagsOf<T>(message: ChatMessage.Implementation): T | undefined {
  return cardFlags(message) as T | undefined;
}

export { toasterDie };

/** The first check roll of a card (other rolls on it are its follow-up dice). */
export function checkRollOf(message: ChatMessage.Implementation): ToasterCheckRoll | undefined {
  return message.rolls.find((r): r is ToasterCheckRoll => r instanceof ToasterCheckRoll);
}

/** A Toaster check card (not a resolution or table card that happens to carry a check roll). */
function isCheckCard(message: ChatMessage.Implementation): boolean {
  return flagsOf<{ type?: unknown }>(message)?.type === "toasterCheck";
}

/** An attack card written by the GM or an owner of its attacker. */
function genuineAttackCard(message: ChatMessage.Implementation | undefined, attacker: Actor.Implementation | null): message is ChatMessage.Implementation {
  if (!message || !attacker) return false;
  const f = flagsOf<AttackFlags>(message);
  return Boolean(f && f.type === "toasterCheck" && f.kind === "attack" && f.actorUuid === attacker.uuid && writtenByGMOrOwner(message, attacker));
}

/** The weapon an attack card names, read from the attacker's own items (never from the card). */
function attackWeapon(attacker: Actor.Implementation, flags: AttackFlags): ToasterWeaponModel | null {
  const item = typeof flags.weaponId === "string" ? attacker.items.get(flags.weaponId) : undefined;
  return modelOf(item, ToasterWeaponModel);
}

/** The actor behind the user's first targeted token, if any. */
function userTargetActor(): Actor.Implementation | null {
  return targetedActors()[0] ?? null;
}

/** Roll an attack with a weapon against the user's target. */
export async function attackWithWeapon(actor: Actor.Implementation, weapon: Item.Implementation, event?: Event | null): Promise<ToasterCheckRoll | null> {
  const rules = toasterRules();
  const w = requireModel(weapon, ToasterWeaponModel);
  const target = userTargetActor();
  if (!target) ui.notifications?.info(localize("BREADBOX.Toaster.Attack.NoTarget"));
  else if ((target.type as string) !== "toaster") {
    ui.notifications?.warn(format("BREADBOX.Toaster.Attack.WrongRulesetTarget", { name: target.name ?? "" }));
    return null;
  }
  const req = attackRequest(actor, weapon, rules);
  req.flags = {
    ...req.flags,
    targetUuid: target?.uuid ?? null,
    wc: w.wc,
    unarmed: w.unarmed,
    shotgun: w.shotgun,
  };
  req.rollOptions = { ...req.rollOptions, targetUuid: target?.uuid ?? null, targetName: target?.name ?? "" };
  if (target) req.odds = (o) => attackOddsHtml(o, w, target, rules);
  return performCheck(req, event);
}

/** The attack's rules-core input against a defender who takes their best defence with no modifier. */
function attackInputAgainst(o: ToasterCheckOptions, weapon: ToasterWeaponModel, defender: Actor.Implementation, rules: ToasterRules): { input: R.AttackInput; defence: DefenceOption | null } {
  const d = sys(defender);
  const options = defenceOptions(defender, weapon.mode, !weapon.unarmed);
  const best = options.reduce<DefenceOption | null>((b, x) => (!b || x.rank + sumParts(x.parts) > b.rank + sumParts(b.parts) ? x : b), null);
  const dice = { rollingNines: rules.rollingNines, ninesLimit: rules.ninesLimit > 0 ? rules.ninesLimit : null };
  const input: R.AttackInput = {
    mode: weapon.mode,
    attack: { ...checkInputOf(o), target: undefined },
    defenceRank: best?.rank ?? 0,
    defence: best ? { rank: best.rank, modifier: sumParts(best.parts), rollingNines: rules.rollingNines, ninesLimit: dice.ninesLimit, rollingZeros: rules.rollingZeros } : null,
    wc: weapon.shotgun ? R.shotgunWC({ baseWC: weapon.wc, rangePenalty: chosenRangePenalty(o) }) : weapon.wc,
    ac: d.ac,
    unarmed: weapon.unarmed,
    woundThreshold: d.thresholds.wound,
    defenderPhysique: d.effective.physique ?? 0,
    damageDice: dice,
    protectionDice: dice,
    options: { variableOutcomes: rules.variableOutcomes, sameDie: rules.wcacSameDie, criticalTable: rules.criticalTable, addMargin: rules.wcacAddMargin, rollTwice: rules.wcacRollTwice, halveMarginal: rules.wcacHalveMarginal },
  };
  return { input, defence: best };
}

function sumParts(parts: readonly { value: number }[]): number {
  return parts.reduce((s, p) => s + p.value, 0);
}

/** Exact odds of the whole attack sequence against the targeted defender (attack dialog). */
function attackOddsHtml(o: ToasterCheckOptions, weapon: ToasterWeaponModel, defender: Actor.Implementation, rules: ToasterRules): string {
  const { input, defence } = attackInputAgainst(o, weapon, defender, rules);
  const odds = R.attackDistribution(input);
  const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
  const woundOdds = 1 - (odds.wounds.get(0) ?? 0);
  const against = format("BREADBOX.Toaster.Attack.OddsAgainst", { name: defender.name ?? "", defence: defence?.label ?? "—", rank: defence?.rank ?? 0 });
  return `<p class="bb-small bb-muted">${escapeHTML(against)}</p><ul class="bb-odds" aria-label="${localize("BREADBOX.Roll.Odds")}">
<li class="band-success"><span>${localize("BREADBOX.Toaster.Attack.OddsHit")}</span><strong>${pct(odds.hit)}</strong></li>
<li class="band-critical"><span>${localize("BREADBOX.Toaster.Critical.Title")}</span><strong>${pct(odds.criticalTriggered)}</strong></li>
<li class="band-failure"><span>${localize("BREADBOX.Toaster.Attack.OddsWound")}</span><strong>${pct(woundOdds)}</strong></li>
<li class="band-marginal"><span>${localize("BREADBOX.Toaster.Attack.OddsDamage")}</span><strong>${odds.meanDamage.toFixed(1)}</strong></li>
</ul>`;
}

/** The weapon's WC (the shotgun's at the range band chosen on the attack). */
function attackWC(weapon: ToasterWeaponModel, roll: ToasterCheckRoll): number {
  return weapon.shotgun ? R.shotgunWC({ baseWC: weapon.wc, rangePenalty: chosenRangePenalty(roll.check) }) : weapon.wc;
}

/** The range penalty of the band chosen in the attack dialog (point blank when none was). */
function chosenRangePenalty(o: ToasterCheckOptions): number {
  const key = o.choices?.range;
  return key ? R.rangePenalty(key) : 0;
}

function facesQueue(result: R.CheckResult | undefined): KnownFace[] {
  if (!result || result.calledFour) return [];
  const q = result.faces.die.map((f) => ({ face: f + 1, faces: 10 }));
  if (result.fumbleCheck) q.push(...result.fumbleCheck.faces.map((f) => ({ face: f + 1, faces: 10 })));
  return q;
}

/** The ledger's record kind of a Toaster attack resolution. */
const RESOLUTION_KIND = "attack";

/** A ledger resolution that is Toaster's own (another ruleset's, or an untagged one, is not). */
function isToasterResolution(resolution: LedgerResolution | undefined): resolution is LedgerResolution {
  return Boolean(resolution) && resolution?.ruleset === "toaster" && (resolution.kind === undefined || resolution.kind === RESOLUTION_KIND);
}

/** The ledger's Toaster resolution recorded for a resolution card, if any. */
function toasterResolution(messageId: string | null | undefined): LedgerResolution | undefined {
  const resolution = ledgerEntry(messageId)?.resolution;
  return isToasterResolution(resolution) ? resolution : undefined;
}

/** The ledger's "once" mark of an attack card that has its resolution. */
const RESOLVED_MARK = "resolved";

/**
 * An attack card whose attack has been resolved: its record carries the "resolved" mark, or the
 * GM-only ledger holds a Toaster resolution of it (records of other rulesets do not count).
 */
function isResolved(message: ChatMessage.Implementation): boolean {
  if (!message.id) return false;
  return hasMark(message.id, RESOLVED_MARK) || ledgerResolutions().some((r) => isToasterResolution(r.resolution) && r.resolution.attackMessageId === message.id);
}

/** The ledger's "once" mark of a check card re-rolled with luck (its value: the roll's fingerprint, or true). */
const REROLL_MARK = "rerolled";
/** The mark on the re-roll card the GM posted: the fingerprint of the roll it replaced. */
const REROLL_OF_MARK = "rerollOf";

/**
 * Whether this roll has already been re-rolled with luck, from the ledger only (never the card's
 * flags): the card carries the "rerolled" mark, or another card's record holds the same roll's
 * fingerprint (a copy of a re-rolled card, or the original of a re-rolled copy; the GM-written
 * re-roll card keeps it when the original is deleted).
 */
function rollWasRerolled(message: ChatMessage.Implementation): boolean {
  if (hasMark(message.id, REROLL_MARK)) return true;
  const roll = checkRollOf(message);
  const fingerprint = roll ? rollFingerprint(roll) : null;
  return Boolean(fingerprint && rollUsed(REROLL_SCOPE, fingerprint));
}

/**
 * A check card whose roll was cancelled by the 4-point luck re-roll. The ledger decides (above);
 * on a player's client, which may not read the ledger, the card's own `rerolled` flag (display
 * only, written by the GM) gives an early warning — the GM's client refuses regardless.
 */
function isRerolled(message: ChatMessage.Implementation): boolean {
  if (rollWasRerolled(message)) return true;
  return !isLedgerKeeper() && flagsOf<{ rerolled?: unknown }>(message)?.rerolled === true;
}

/** Defend button: choose dodge or parry, roll, resolve, post the resolution. */
export async function onDefend(message: ChatMessage.Implementation, _button: HTMLElement, event: Event): Promise<void> {
  const flags = flagsOf<AttackFlags>(message);
  const attackRoll = checkRollOf(message);
  if (!flags || flags.kind !== "attack" || !flags.targetUuid || !(attackRoll instanceof ToasterCheckRoll)) return;
  if (isResolved(message)) {
    ui.notifications?.warn(localize("BREADBOX.Toaster.Attack.AlreadyResolved"));
    return;
  }
  if (isRerolled(message)) {
    ui.notifications?.warn(localize("BREADBOX.Toaster.Luck.WasRerolled"));
    return;
  }
  const defender = (await lookupUuid(flags.targetUuid)) as Actor.Implementation | null;
  const attacker = (await lookupUuid(flags.actorUuid)) as Actor.Implementation | null;
  if (!defender || !attacker) {
    ui.notifications?.warn(localize("BREADBOX.Toaster.Attack.MissingActor"));
    return;
  }
  if (!defender.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.Toaster.Attack.NotYourDefender"));
    return;
  }
  // Only an attack written by the GM or an owner of the attacker can be defended (and so resolved
  // and applied); its weapon must still be the attacker's.
  const weapon = genuineAttackCard(message, attacker) ? attackWeapon(attacker, flags) : null;
  if (!weapon) {
    ui.notifications?.warn(localize("BREADBOX.Relay.NotGenuine"));
    return;
  }
  const rules = toasterRules();
  // (Stance): a defender who went all out in an attack has given up this defence: no dialog; the
  // GM's client spends the forgone defence and resolves the attack without one.
  const forgone = rules.stance && stanceDebt(defender).forgoneDefences > 0;
  const options = defenceOptions(defender, weapon.mode, !weapon.unarmed);
  const luckAvailable = rules.luckPoints ? sys(defender).luck.value : 0;
  const owed = rules.stance ? owedPart(stanceDebt(defender), "defence") : [];
  const baseReq = (opt: DefenceOption): CheckRequest => defenceRequest(defender, opt, owed, rules);
  let chosen = options[0]!;
  let choices: CheckChoices = { ...DEFAULT_CHOICES, extras: rules.stance ? { stance: stanceSelect("defence").options[0]?.value ?? "" } : {} };
  let mode: MessageMode = currentMessageMode();
  if (!forgone && !skipDialog(event)) {
    const selectHtml = `<div class="form-group"><label for="bb-defence">${localize("BREADBOX.Toaster.Defence.Choose")}</label><select id="bb-defence" name="defence">${options
      .map((o, i) => `<option value="${i}">${escapeHTML(o.label)} (${o.rank})</option>`)
      .join("")}</select></div>`;
    const content = selectHtml + (await dialogContent(baseReq(chosen), rules, luckAvailable));
    const pick = (form: HTMLFormElement) => options[Number(readString(form, "defence"))] ?? options[0]!;
    const result = await rollDialog<{ choices: CheckChoices; option: number }>({
      title: format("BREADBOX.Toaster.Defence.DialogTitle", { attacker: attacker.name ?? "" }),
      content,
      read: (form) => {
        const opt = pick(form);
        return { choices: readChoices(form, baseReq(opt), luckAvailable), option: options.indexOf(opt) };
      },
      odds: (v) => {
        const opt = options[v.option]!;
        return oddsHtml({ ...checkInputOf(checkOptions(baseReq(opt), v.choices, rules)), target: attackRoll.checkResult?.total ?? 10 }, rules.variableOutcomes);
      },
    });
    if (!result) return;
    choices = result.value.choices;
    chosen = options[result.value.option]!;
    mode = result.mode;
  }
  // Only the active GM's client rolls the defence and writes the resolution: the request carries
  // only the defender's choices, which the GM checks against the allowed defences and limits.
  await applyOrRelay("toaster.defend", { uuid: defender.uuid }, { messageId: message.id, option: chosen.key, choices: { ...choices }, mode });
}

/** A defence roll's request: the chosen option's rank and parts, and what stances still owe. */
function defenceRequest(defender: Actor.Implementation, opt: DefenceOption, owed: ModifierPart[], rules: ToasterRules): CheckRequest {
  return {
    actor: defender,
    kind: "defence",
    title: format("BREADBOX.Toaster.Defence.Title", { option: opt.label }),
    rank: opt.rank,
    rankLabel: opt.label,
    fixedParts: [...opt.parts, ...owed],
    specialties: opt.specialties,
    extraSelects: rules.stance ? [stanceSelect("defence")] : [],
  };
}

/**
 * GM side of Defend. The requester must be the GM or an owner of the defender (the card's
 * target); the attack card must be a genuine attack card (its writer recorded in the ledger and
 * entitled to the attacker) that is neither resolved nor re-rolled; the defence must be one the
 * defender is allowed against this weapon and the choices within the dialog's limits. The GM's
 * client rolls the defence, spends what it costs, resolves, posts the resolution card and records
 * it in the ledger — the only record Apply reads.
 */
export async function relayDefend(ctx: RelayContext): Promise<RelayResult> {
  const messageId = typeof ctx.payload.messageId === "string" ? ctx.payload.messageId : "";
  const message = messageId ? game.messages?.get(messageId) : undefined;
  const flags = message ? flagsOf<AttackFlags>(message) : undefined;
  const attackRoll = message ? checkRollOf(message) : undefined;
  if (!message || !flags || flags.type !== "toasterCheck" || flags.kind !== "attack" || !flags.targetUuid || !attackRoll?.checkResult) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const defender = ctx.target;
  if (!(defender instanceof BreadboxActor) || defender.uuid !== flags.targetUuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (!requesterOwns(ctx.requester, defender)) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const attacker = typeof flags.actorUuid === "string" ? (lookupUuidSync(flags.actorUuid) as Actor.Implementation | null) : null;
  if (!attacker) return { ok: false, error: "BREADBOX.Toaster.Attack.MissingActor" };
  const refusal = cardRefusal(message, attacker);
  if (refusal) return { ok: false, error: refusal };
  const weapon = genuineAttackCard(message, attacker) ? attackWeapon(attacker, flags) : null;
  if (!weapon) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  if (isResolved(message)) return { ok: false, error: "BREADBOX.Toaster.Attack.AlreadyResolved" };
  if (rollWasRerolled(message)) return { ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" };
  const mode = normaliseMessageMode(ctx.payload.mode) ?? "public";
  const rules = toasterRules();
  if (rules.stance && stanceDebt(defender).forgoneDefences > 0) {
    return resolveOnce(messageId, async () => {
      await spendForgoneDefence(defender);
      ui.notifications?.info(format("BREADBOX.Toaster.Stance.NoDefence", { name: defender.name ?? "" }));
      return resolveAndPost(message, flags, attackRoll, null, 0, attacker, defender, mode);
    });
  }
  const options = defenceOptions(defender, weapon.mode, !weapon.unarmed);
  const chosen = options.find((o) => o.key === ctx.payload.option);
  if (!chosen) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const owed = rules.stance ? owedPart(stanceDebt(defender), "defence") : [];
  const base = defenceRequest(defender, chosen, owed, rules);
  // Luck spent before the defence roll: read, checked and spent under the defender's resource lock.
  const spent = await withResourceLocks([defender], async () => {
    const luckAvailable = rules.luckPoints ? sys(defender).luck.value : 0;
    const choices = choicesWithinLimits(ctx.payload.choices, base, luckAvailable);
    if (!choices) return null;
    return resolveOnce(messageId, async () => {
      const req = { ...base, target: attackRoll.checkResult?.total ?? R.UNOPPOSED_TARGET };
      const defenceOptionsData = checkOptions(req, choices, rules);
      const defenceRoll = ToasterCheckRoll.fromCheck(defenceOptionsData);
      await defenceRoll.evaluate();
      if (defenceOptionsData.luckBefore > 0) await defender.update({ system: { luck: { value: luckAvailable - defenceOptionsData.luckBefore } } });
      if (rules.stance) await afterDefence(defender, Number(choices.extras.stance ?? 0) || 0);
      return resolveAndPost(message, flags, attackRoll, defenceRoll, chosen.rank, attacker, defender, mode);
    });
  });
  return spent ?? { ok: false, error: "BREADBOX.Relay.Malformed" };
}

/**
 * Resolve an attack card once: claim its "resolved" mark in the ledger (every check has passed),
 * run the resolution, and take the mark back when no resolution card came of it.
 */
async function resolveOnce(messageId: string, resolve: () => Promise<ChatMessage.Implementation | undefined>): Promise<RelayResult> {
  if (!(await claimMark(messageId, RESOLVED_MARK))) return { ok: false, error: "BREADBOX.Toaster.Attack.AlreadyResolved" };
  let posted: ChatMessage.Implementation | undefined;
  try {
    posted = await resolve();
  } finally {
    if (!posted) await releaseMark(messageId, RESOLVED_MARK);
  }
  return posted ? { ok: true } : { ok: false, error: "BREADBOX.Relay.NotGenuine" };
}

/**
 * Run the five steps with the dice already rolled on the two cards; every further die (critical
 * table, damage, protection, hit location) is a Foundry roll placed in the resolution card's
 * rolls. The weapon's numbers come from the attacker's weapon, not from the attack card. The card
 * is shown to the audience of the attack card combined with the defence roll's chosen mode.
 */
export async function resolveAndPost(
  attackMessage: ChatMessage.Implementation,
  flags: AttackFlags,
  attackRoll: ToasterCheckRoll,
  defenceRoll: ToasterCheckRoll | null,
  defenceRank: number,
  attacker: Actor.Implementation,
  defender: Actor.Implementation,
  mode: MessageMode = currentMessageMode(),
): Promise<ChatMessage.Implementation | undefined> {
  // Only the ledger's keeper (the active GM's client) resolves: what it resolves is recorded there.
  if (!isLedgerKeeper()) throw new Error("Breadbox | only the active GM's client resolves attacks");
  const rules = toasterRules();
  const item = typeof flags.weaponId === "string" ? attacker.items.get(flags.weaponId) : undefined;
  const weapon = modelOf(item, ToasterWeaponModel);
  if (!item || !weapon) {
    ui.notifications?.warn(localize("BREADBOX.Relay.NotGenuine"));
    return undefined;
  }
  const defSys = sys(defender);
  // The attacker's rank is the attacker's own (the weapon's skill, or unskilled), and the dice
  // rules are the world's: never numbers from the card. The card's modifier must be one the
  // attack dialog could have produced.
  const cardInput = attackRoll.checkInput;
  const rank = weaponRank(attacker, item).rank;
  if (!attackModifierPossible(attacker, item, rules, cardInput.modifier)) {
    ui.notifications?.warn(localize("BREADBOX.Relay.NotGenuine"));
    return undefined;
  }
  const attackInput: R.CheckInput = {
    ...cardInput,
    rank,
    target: undefined,
    rollingNines: rules.rollingNines,
    ninesLimit: rules.ninesLimit > 0 ? rules.ninesLimit : null,
    rollingZeros: rules.rollingZeros,
  };
  const prefix = [...facesQueue(attackRoll.checkResult), ...facesQueue(defenceRoll?.checkResult)];
  // (Partial Armor): where the blow lands decides which armor counts.
  let location: { area: string; location: string } | null = null;
  let locationRolls: Roll[] = [];
  let ac = defSys.ac;
  if (rules.partialArmor) {
    const loc = await rollWithFoundryDice((rng) => R.rollHitLocation(rng), { die: toasterDie, flavor: localize("BREADBOX.Toaster.HitLocation.Title") });
    location = loc.value;
    locationRolls = loc.rolls;
    ac = defSys.acByArea[AREA_OF_LOCATION[location.area] ?? "torso"] ?? defSys.ac;
  }
  const dice = { rollingNines: rules.rollingNines, ninesLimit: rules.ninesLimit > 0 ? rules.ninesLimit : null };
  const input: R.AttackInput = {
    mode: weapon.mode,
    // Luck added on the card after the roll (+1 a point) is part of the attack total.
    attack: { ...attackInput, modifier: attackInput.modifier + R.LUCK_AFTER_BONUS * (attackRoll.checkResult?.luckAfter ?? 0), luckBefore: attackRoll.checkResult?.luckBefore ?? 0 },
    defenceRank,
    defence: defenceRoll ? { ...defenceRoll.checkInput, target: undefined } : null,
    wc: attackWC(weapon, attackRoll),
    ac,
    unarmed: weapon.unarmed,
    woundThreshold: defSys.thresholds.wound,
    defenderPhysique: defSys.effective.physique ?? 0,
    damageDice: dice,
    protectionDice: dice,
    options: {
      variableOutcomes: rules.variableOutcomes,
      sameDie: rules.wcacSameDie,
      criticalTable: rules.criticalTable,
      addMargin: rules.wcacAddMargin,
      rollTwice: rules.wcacRollTwice,
      halveMarginal: rules.wcacHalveMarginal,
    },
  };
  const { value: outcome, rolls: attackDice } = await rollWithFoundryDice((rng) => R.rollAttack(input, rng), { prefix, die: toasterDie });

  const resolution: ResolutionFlags = {
    type: "toasterResolution",
    attackMessageId: attackMessage.id ?? "",
    attackerUuid: attacker.uuid,
    targetUuid: defender.uuid,
    damage: outcome.damage,
    stun: outcome.stun,
    wounds: outcome.wounds,
    hit: outcome.hit,
    applied: false,
  };
  const context = {
    ...resolutionContext(outcome, attacker, defender, resolution, defenceRoll),
    location: location && outcome.hit ? `${localize(`BREADBOX.Toaster.HitLocation.${location.area}`)}: ${localize(`BREADBOX.Toaster.HitLocation.${location.location}`)}` : "",
  };
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toaster/chat/resolution.hbs"), context);
  const rolls: Roll[] = [...(defenceRoll ? [defenceRoll, ...(defenceRoll.fumbleRoll ? [defenceRoll.fumbleRoll] : [])] : []), ...attackDice, ...(outcome.hit ? locationRolls : [])];
  const posted = await postCard(
    { speaker: ChatMessage.getSpeaker({ actor: defender }), content, rolls, flags: { [SYSTEM_ID]: { ...resolution } } },
    combineAudiences(audienceOf(attackMessage), audienceForMode(mode)),
  );
  if (posted?.id) {
    await updateLedger(posted.id, {
      resolution: { ruleset: "toaster", kind: RESOLUTION_KIND, attackMessageId: resolution.attackMessageId, attackerUuid: attacker.uuid, targetUuid: defender.uuid, stun: outcome.stun, wounds: outcome.wounds, applied: false },
    });
  }
  return posted;
}

/**
 * Room below the actor's present fixed parts for what stood against the attacker when it rolled
 * and has changed since: the stun/wound penalty (at worst −4) and what stances owed (at most −3).
 */
const STANDING_SLACK = -7;

/**
 * Whether the attack card's modifier is one the attack dialog could have produced for this
 * attacker and weapon: the fixed parts as the actor stands (or none of the standing penalty, which
 * may have changed since), the extra selects' options, and the dialog's limits on the rest.
 */
function attackModifierPossible(attacker: Actor.Implementation, item: Item.Implementation, rules: ToasterRules, modifier: number): boolean {
  if (!Number.isSafeInteger(modifier)) return false;
  const req = attackRequest(attacker, item, rules);
  const fixed = req.fixedParts.reduce((s, p) => s + p.value, 0);
  const ladder = R.DIFFICULTY_LADDER.map((d) => d.modifier);
  const specialties = rules.specialization ? (req.specialties ?? []).map((sp) => sp.bonus) : [];
  const extrasMin = (req.extraSelects ?? []).reduce((s, sel) => s + Math.min(0, ...sel.options.map((o) => o.modifier)), 0);
  const extrasMax = (req.extraSelects ?? []).reduce((s, sel) => s + Math.max(0, ...sel.options.map((o) => o.modifier)), 0);
  const low = Math.min(fixed, 0) + Math.min(...ladder) + CHOICE_LIMITS.situational[0] + Math.min(0, ...specialties) + extrasMin + STANDING_SLACK;
  const high = Math.max(fixed, 0) + Math.max(...ladder) + CHOICE_LIMITS.situational[1] + Math.max(0, ...specialties) + (rules.complementarySkills ? CHOICE_LIMITS.complementary[1] : 0) + extrasMax;
  return modifier >= low && modifier <= high;
}

function resolutionContext(outcome: R.AttackOutcome, attacker: Actor.Implementation, defender: Actor.Implementation, flags: ResolutionFlags, defenceRoll: ToasterCheckRoll | null) {
  const missReason = outcome.missReason ? localize(`BREADBOX.Toaster.Attack.Miss.${outcome.missReason}`) : "";
  return {
    attacker: attacker.name,
    defender: defender.name,
    attackTotal: outcome.attack.total,
    threshold: outcome.threshold,
    defenceTotal: outcome.defence?.total ?? null,
    defenceLabel: defenceRoll?.check.rankLabel ?? "",
    hit: outcome.hit,
    missReason,
    band: outcome.band,
    bandLabel: outcome.band && toasterRules().variableOutcomes ? localize(`BREADBOX.Toaster.Band.${outcome.band}`) : "",
    critical: outcome.critical
      ? {
          dice: `${outcome.critical.d10} / ${outcome.critical.d6}`,
          effects: outcome.critical.effects.map((e) => localize(`BREADBOX.Toaster.Critical.${e.key}`)),
        }
      : null,
    damageRoll: outcome.damageRoll
      ? { faces: outcome.damageRoll.faces.join(", "), wc: outcome.damageRoll.wc, criticalBonus: outcome.damageRoll.criticalBonus, marginBonus: outcome.damageRoll.marginBonus, halved: outcome.damageRoll.halved, total: outcome.damageRoll.total }
      : null,
    protectionRoll: outcome.protectionRoll ? { faces: outcome.protectionRoll.faces.join(", "), ac: outcome.protectionRoll.ac, total: outcome.protectionRoll.total } : null,
    damage: outcome.damage,
    stun: outcome.stun,
    wounds: outcome.wounds,
    canApply: outcome.hit && outcome.damage > 0,
    visibility: `owner:${flags.attackerUuid},${flags.targetUuid}`,
    hitLocation: toasterRules().hitLocation,
  };
}

/** Apply button on a resolution card: the active GM applies it (src/core/relay.ts). */
export async function onApplyDamage(message: ChatMessage.Implementation): Promise<void> {
  const flags = flagsOf<ResolutionFlags>(message);
  if (!flags || flags.type !== "toasterResolution") return;
  const entry = toasterResolution(message.id);
  if (entry?.applied) {
    ui.notifications?.warn(localize("BREADBOX.Toaster.Attack.AlreadyApplied"));
    return;
  }
  const target = entry ? (lookupUuidSync(entry.targetUuid) as Actor.Implementation | null) : null;
  if (!target) {
    ui.notifications?.warn(localize(entry ? "BREADBOX.Toaster.Attack.MissingActor" : "BREADBOX.Relay.NotResolved"));
    return;
  }
  const result = await applyOrRelay("toaster.applyDamage", { uuid: target.uuid }, { messageId: message.id });
  if (result.ok) ui.notifications?.info(format("BREADBOX.Toaster.Attack.Applied", { name: target.name ?? "", stun: Number(result.data?.stun ?? 0), wounds: Number(result.data?.wounds ?? 0) }));
}

/** Whether the requester is a GM or an owner of any of the documents. */
function requesterOwns(requester: User.Implementation, ...docs: (Actor.Implementation | null | undefined)[]): boolean {
  return requester.isGM || docs.some((d) => Boolean(d?.testUserPermission(requester, "OWNER")));
}

/**
 * GM-side handler. Everything comes from the GM-only ledger, nothing from the card: a resolution
 * card that is not in the ledger counts for nothing; the attacker, target, stun and wounds are what
 * the GM's client resolved. Only Toaster's own records count (every record names its ruleset; an
 * untagged or another ruleset's record is refused). The requester must be the GM or own the
 * attacker or the target, and the target must be the Toaster character the record names. The
 * ledger entry's `applied` state is the guard: checked here, and set only once every check has
 * passed, on the one client that applies, while no other request on this card or target runs
 * (src/core/relay.ts); it is taken back when the target's update fails.
 */
export async function relayApplyDamage(ctx: RelayContext): Promise<RelayResult> {
  return applyRecordOnce(ctx, {
    ruleset: "toaster",
    field: "resolution",
    // The target must be a Toaster character (its data model is what the update below writes).
    model: (target) => modelOf(target, ToasterActorModel),
    // Only Toaster's attack resolutions (a record of another kind is not this Apply's).
    refuse: (_request, record) => (record.kind === undefined || record.kind === "attack" ? null : "BREADBOX.Relay.NotResolved"),
    valid: (r) => Number.isSafeInteger(r.stun) && Number.isSafeInteger(r.wounds) && r.stun >= 0 && r.wounds >= 0 && r.stun <= MAX_APPLIED && r.wounds <= MAX_APPLIED,
    alreadyApplied: "BREADBOX.Toaster.Attack.AlreadyApplied",
    async write(target, data, entry) {
      const wounds = data.wounds.value + entry.wounds;
      const update: Record<string, number> = { "system.stun.value": data.stun.value + entry.stun, "system.wounds.value": wounds };
      // (Bleeding): every wound bleeds 1 stun a round; new wounds from an attack set the rate anew.
      if (toasterRules().bleeding && entry.wounds > 0) update["system.bleeding.rate"] = wounds;
      await target.update(update);
      return { stun: entry.stun, wounds: entry.wounds };
    },
  });
}

/** Largest stun or wounds one card may apply (far above any roll; a larger number is forged). */
const MAX_APPLIED = 10_000;

/** The check card's actor, when the current user owns it and luck can be spent on the card. */
function luckCardActor(message: ChatMessage.Implementation): Actor.Implementation | null {
  const roll = checkRollOf(message);
  if (!isCheckCard(message) || !roll?.checkResult) return null;
  const actor = roll.check.actorUuid ? (lookupUuidSync(roll.check.actorUuid) as Actor.Implementation | null) : null;
  if (!actor?.isOwner) return null;
  if (!toasterRules().luckPoints) {
    ui.notifications?.warn(localize("BREADBOX.Relay.LuckOff"));
    return null;
  }
  if (isResolved(message) || isRerolled(message)) {
    ui.notifications?.warn(localize(isResolved(message) ? "BREADBOX.Toaster.Attack.AlreadyResolved" : "BREADBOX.Toaster.Luck.WasRerolled"));
    return null;
  }
  return actor;
}

/** +1 per luck point after the roll, on any Toaster check card; the active GM makes the change. */
export async function onLuckAfter(message: ChatMessage.Implementation): Promise<void> {
  const actor = luckCardActor(message);
  if (!actor) return;
  if (sys(actor).luck.value < 1) {
    ui.notifications?.warn(localize("BREADBOX.Toaster.Luck.NoneLeft"));
    return;
  }
  await applyOrRelay("toaster.luckAfter", { uuid: actor.uuid }, { messageId: message.id });
}

/**
 * What every luck spend checks on the GM's client, inside the critical section: the luck rule is
 * on; the card is a check card (not a resolution card carrying a defence roll) written by the GM or
 * an owner of its roller; the target is that roller; the requester is a GM or owns the roller; the
 * card is neither resolved nor re-rolled (the ledger's marks, never the card's flags).
 */
function luckSpendCard(ctx: RelayContext): { message: ChatMessage.Implementation; messageId: string; roll: ToasterCheckRoll; actor: Actor.Implementation } | RelayResult {
  if (!toasterRules().luckPoints) return { ok: false, error: "BREADBOX.Relay.LuckOff" };
  const messageId = typeof ctx.payload.messageId === "string" ? ctx.payload.messageId : "";
  const message = messageId ? game.messages?.get(messageId) : undefined;
  const roll = message ? checkRollOf(message) : undefined;
  if (!message || !isCheckCard(message) || !roll?.checkResult) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const actor = ctx.target;
  if (!(actor instanceof BreadboxActor) || !modelOf(actor, ToasterActorModel) || roll.check.actorUuid !== actor.uuid || flagsOf<{ actorUuid?: unknown }>(message)?.actorUuid !== actor.uuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (!requesterOwns(ctx.requester, actor)) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const refusal = cardRefusal(message, actor);
  if (refusal) return { ok: false, error: refusal };
  if (isResolved(message)) return { ok: false, error: "BREADBOX.Toaster.Attack.AlreadyResolved" };
  if (rollWasRerolled(message)) return { ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" };
  return { message, messageId, roll, actor };
}

/** Spend one luck point on a check card (GM side): the balance is read and spent under the actor's resource lock. */
export async function relayLuckAfter(ctx: RelayContext): Promise<RelayResult> {
  const card = luckSpendCard(ctx);
  if ("ok" in card) return card;
  const { message, roll, actor } = card;
  return withResourceLocks([actor], async () => {
    const luck = sys(actor).luck.value;
    if (luck < 1) return { ok: false, error: "BREADBOX.Toaster.Luck.NoneLeft" };
    const before = roll.snapshot();
    roll.setResult(R.applyLuckAfter(roll.checkResult!, 1));
    await actor.update({ system: { luck: { value: luck - 1 } } });
    await applyCheckEffect(actor, roll, before, audienceOf(message));
    await updateRolls(message, message.rolls);
    return { ok: true };
  });
}

/** Spend four luck points to re-roll the die of a check card; the active GM makes the change. */
export async function onLuckReroll(message: ChatMessage.Implementation): Promise<void> {
  const actor = luckCardActor(message);
  if (!actor) return;
  if (sys(actor).luck.value < R.LUCK_REROLL_COST) {
    ui.notifications?.warn(format("BREADBOX.Toaster.Luck.NotEnough", { cost: R.LUCK_REROLL_COST }));
    return;
  }
  await applyOrRelay("toaster.luckReroll", { uuid: actor.uuid }, { messageId: message.id });
}

/**
 * Re-roll a check card for four luck points (GM side), once per roll: under the actor's resource
 * lock the luck is read and checked, then the card's "rerolled" mark is claimed in the ledger
 * (its value: the roll's fingerprint, so a copy of the card is refused too), then the luck is
 * spent. The mark is taken back when the spend fails. The new card goes to the old card's
 * audience and records the fingerprint it replaced; the old card's `rerolled` flag is display only.
 */
export async function relayLuckReroll(ctx: RelayContext): Promise<RelayResult> {
  const card = luckSpendCard(ctx);
  if ("ok" in card) return card;
  const { message, messageId, roll, actor } = card;
  const fingerprint = rollFingerprint(roll);
  const spent = await withResourceLocks([actor], async (): Promise<RelayResult> => {
    const luck = sys(actor).luck.value;
    if (luck < R.LUCK_REROLL_COST) return { ok: false, error: "BREADBOX.Toaster.Luck.NotEnough" };
    if (rollWasRerolled(message)) return { ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" };
    // Once per roll (a copy of the card is the same roll), then once per card.
    if (fingerprint && !(await claimRoll(REROLL_SCOPE, fingerprint, messageId))) return { ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" };
    if (!(await claimMark(messageId, REROLL_MARK, fingerprint ?? true))) {
      if (fingerprint) await releaseRoll(REROLL_SCOPE, fingerprint);
      return { ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" };
    }
    try {
      await actor.update({ system: { luck: { value: luck - R.LUCK_REROLL_COST } } });
    } catch (err) {
      await releaseMark(messageId, REROLL_MARK);
      if (fingerprint) await releaseRoll(REROLL_SCOPE, fingerprint);
      throw err;
    }
    return { ok: true };
  });
  if (!spent.ok) return spent;
  await message.update({ flags: { [SYSTEM_ID]: { rerolled: true } } });
  const fresh = ToasterCheckRoll.fromCheck({ ...roll.check, result: undefined, fumbleFaces: undefined, effect: undefined, rollId: undefined });
  await fresh.evaluate();
  if (fresh.checkResult) fresh.setResult({ ...fresh.checkResult, rerolled: true });
  const oldFlags = { ...flagsOf<Record<string, unknown>>(message) };
  delete oldFlags.rerolled;
  const posted = await postCard(
    {
      speaker: message.speaker,
      flavor: format("BREADBOX.Toaster.Luck.RerollOf", { title: roll.check.title }),
      rolls: [fresh, ...(fresh.fumbleRoll ? [fresh.fumbleRoll] : [])],
      flags: { [SYSTEM_ID]: { ...oldFlags, rerollOf: message.id } },
    },
    audienceOf(message),
  );
  if (posted?.id && fingerprint) await claimMark(posted.id, REROLL_OF_MARK, fingerprint);
  await applyCheckEffect(actor, fresh, roll, posted ? audienceOf(posted) : audienceOf(message));
  if (fresh.check.effect && posted) await updateRolls(posted, posted.rolls.map((r) => (r instanceof ToasterCheckRoll ? fresh : r)));
  return { ok: true };
}

/** Roll on the hit-location table (Foundry dice, classified by the core) and post the result. */
export async function postHitLocation(speakerActor?: Actor.Implementation | null, audience: Audience = audienceForMode(currentMessageMode())): Promise<ChatMessage.Implementation | undefined> {
  const { value: loc, rolls } = await rollWithFoundryDice((rng) => R.rollHitLocation(rng), { die: toasterDie });
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toaster/chat/table.hbs"), {
    title: localize("BREADBOX.Toaster.HitLocation.Title"),
    dice: `${loc.d10} / ${loc.d6}`,
    lines: [`${localize(`BREADBOX.Toaster.HitLocation.${loc.area}`)}: ${localize(`BREADBOX.Toaster.HitLocation.${loc.location}`)}`],
  });
  return postCard(
    { speaker: ChatMessage.getSpeaker(speakerActor ? { actor: speakerActor } : {}), content, rolls, flags: { [SYSTEM_ID]: { type: "toasterHitLocation", d10: loc.d10, d6: loc.d6, area: loc.area, location: loc.location } } },
    audience,
  );
}

/** Hit-location button on a resolution card: the table roll follows the resolution's audience. */
export async function onHitLocation(message: ChatMessage.Implementation): Promise<void> {
  const flags = flagsOf<ResolutionFlags>(message);
  const target = flags?.targetUuid ? (lookupUuidSync(flags.targetUuid) as Actor.Implementation | null) : null;
  await postHitLocation(target, combineAudiences(audienceOf(message)));
}

/** Roll on the critical table and post the effects (also offered on its own from the sheet). */
export async function postCritical(speakerActor?: Actor.Implementation | null, audience: Audience = audienceForMode(currentMessageMode())): Promise<ChatMessage.Implementation | undefined> {
  const { value: crit, rolls } = await rollWithFoundryDice((rng) => R.rollCritical(rng), { die: toasterDie });
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toaster/chat/table.hbs"), {
    title: localize("BREADBOX.Toaster.Critical.Title"),
    dice: `${crit.d10} / ${crit.d6}`,
    lines: crit.effects.map((e) => localize(`BREADBOX.Toaster.Critical.${e.key}`)),
  });
  return postCard(
    { speaker: ChatMessage.getSpeaker(speakerActor ? { actor: speakerActor } : {}), content, rolls, flags: { [SYSTEM_ID]: { type: "toasterCritical", d10: crit.d10, d6: crit.d6 } } },
    audience,
  );
}

export const TOASTER_CHAT_ACTIONS = {
  defend: onDefend,
  applyDamage: (m: ChatMessage.Implementation) => onApplyDamage(m),
  luckAfter: (m: ChatMessage.Implementation) => onLuckAfter(m),
  luckReroll: (m: ChatMessage.Implementation) => onLuckReroll(m),
  hitLocation: (m: ChatMessage.Implementation) => onHitLocation(m),
};

export const TOASTER_RELAY_ACTIONS = {
  defend: relayDefend,
  applyDamage: relayApplyDamage,
  luckAfter: relayLuckAfter,
  luckReroll: relayLuckReroll,
};

export { currentUser };
