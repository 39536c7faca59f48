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
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { format, localize, lookupUuid, lookupUuidSync, currentUser } from "../../../core/game";
import { foundryRandom, replayThen } from "../../../core/random";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { rollDialog, skipDialog } from "../../../core/rolls/dialog";
import { ToasterCheckRoll, checkInputOf, type ToasterCheckOptions } from "../dice/check-roll";
import { toasterRules, type ToasterRules } from "../settings";
import { afterDefence, owedPart, spendForgoneDefence, stanceDebt, stanceSelect } from "../stance";
import { applyCheckEffect } from "../effects";
import { checkOptions, DEFAULT_CHOICES, dialogContent, oddsHtml, readChoices, type CheckChoices, type CheckRequest } from "../checks";
import { attackRequest, defenceOptions, sys, type DefenceOption } from "../requests";
import type { ToasterWeaponModel } from "../data/items";
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
  return (message.flags as Record<string, unknown>)[SYSTEM_ID] as T | undefined;
}

/** The actor behind the user's first targeted token, if any. */
function userTargetActor(): Actor.Implementation | null {
  const targets = (game.user as unknown as { targets?: Set<{ actor?: Actor.Implementation | null }> })?.targets;
  const first = targets ? [...targets][0] : undefined;
  return first?.actor ?? null;
}

/** Roll an attack with a weapon against the user's target. */
export async function attackWithWeapon(actor: Actor.Implementation, weapon: Item.Implementation, event?: Event | null): Promise<ToasterCheckRoll | null> {
  const rules = toasterRules();
  const w = weapon.system as unknown as ToasterWeaponModel;
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
  return `<p class="bb-small bb-muted">${foundry.utils.escapeHTML(against)}</p><ul class="bb-odds" aria-label="${localize("BREADBOX.Roll.Odds")}">
<li class="band-success"><span>${localize("BREADBOX.Toaster.Attack.OddsHit")}</span><strong>${pct(odds.hit)}</strong></li>
<li class="band-critical"><span>${localize("BREADBOX.Toaster.Critical.Title")}</span><strong>${pct(odds.criticalTriggered)}</strong></li>
<li class="band-failure"><span>${localize("BREADBOX.Toaster.Attack.OddsWound")}</span><strong>${pct(woundOdds)}</strong></li>
<li class="band-marginal"><span>${localize("BREADBOX.Toaster.Attack.OddsDamage")}</span><strong>${odds.meanDamage.toFixed(1)}</strong></li>
</ul>`;
}

/** The shotgun's WC at the range band chosen on the attack. */
function attackWC(flags: AttackFlags, roll: ToasterCheckRoll): number {
  return flags.shotgun ? R.shotgunWC({ baseWC: flags.wc, rangePenalty: chosenRangePenalty(roll.check) }) : flags.wc;
}

/** The range penalty of the band chosen in the attack dialog (point blank when none was). */
function chosenRangePenalty(o: ToasterCheckOptions): number {
  const key = o.choices?.range;
  return key ? R.rangePenalty(key) : 0;
}

function facesQueue(result: R.CheckResult | undefined): { face: number; faces: number }[] {
  if (!result || result.calledFour) return [];
  const q = result.faces.die.map((f) => ({ face: f + 1, faces: 10 }));
  if (result.fumbleCheck) q.push(...result.fumbleCheck.faces.map((f) => ({ face: f + 1, faces: 10 })));
  return q;
}

/** An attack card whose attack has been resolved (a resolution card points at it). */
function isResolved(message: ChatMessage.Implementation): boolean {
  return Boolean(game.messages?.some((m) => flagsOf<ResolutionFlags>(m)?.attackMessageId === message.id));
}

/** A check card whose roll was cancelled by the 4-point luck re-roll. */
function isRerolled(message: ChatMessage.Implementation): boolean {
  return Boolean(game.messages?.some((m) => flagsOf<{ rerollOf?: string }>(m)?.rerollOf === message.id));
}

/** Defend button: choose dodge or parry, roll, resolve, post the resolution. */
export async function onDefend(message: ChatMessage.Implementation, _button: HTMLElement, event: Event): Promise<void> {
  const flags = flagsOf<AttackFlags>(message);
  const attackRoll = message.rolls[0] as unknown as ToasterCheckRoll | undefined;
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
  const rules = toasterRules();
  // (Stance): a defender who went all out in an attack has given up this defence.
  if (rules.stance && stanceDebt(defender).forgoneDefences > 0) {
    await spendForgoneDefence(defender);
    ui.notifications?.info(format("BREADBOX.Toaster.Stance.NoDefence", { name: defender.name ?? "" }));
    await resolveAndPost(message, flags, attackRoll, null, 0, attacker, defender);
    return;
  }
  const options = defenceOptions(defender, flags.mode, !flags.unarmed);
  const luckAvailable = rules.luckPoints ? sys(defender).luck.value : 0;
  const owed = rules.stance ? owedPart(stanceDebt(defender), "defence") : [];
  const baseReq = (opt: (typeof options)[number]): CheckRequest => ({
    actor: defender,
    kind: "defence",
    title: format("BREADBOX.Toaster.Defence.Title", { option: opt.label }),
    rank: opt.rank,
    rankLabel: opt.label,
    fixedParts: [...opt.parts, ...owed],
    specialties: opt.specialties,
    extraSelects: rules.stance ? [stanceSelect("defence")] : [],
  });
  let chosen = options[0]!;
  let choices: CheckChoices | null = { ...DEFAULT_CHOICES };
  if (!skipDialog(event)) {
    const selectHtml = `<div class="form-group"><label for="bb-defence">${localize("BREADBOX.Toaster.Defence.Choose")}</label><select id="bb-defence" name="defence">${options
      .map((o, i) => `<option value="${i}">${foundry.utils.escapeHTML(o.label)} (${o.rank})</option>`)
      .join("")}</select></div>`;
    const content = selectHtml + (await dialogContent(baseReq(chosen), rules, luckAvailable));
    const pick = (form: HTMLFormElement) => options[Number((form.elements.namedItem("defence") as HTMLSelectElement).value)] ?? options[0]!;
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
    choices = result.choices;
    chosen = options[result.option]!;
  }
  const req = { ...baseReq(chosen), target: attackRoll.checkResult?.total ?? R.UNOPPOSED_TARGET };
  const defenceOptionsData = checkOptions(req, choices, rules);
  const defenceRoll = ToasterCheckRoll.fromCheck(defenceOptionsData);
  await defenceRoll.evaluate();
  if (defenceOptionsData.luckBefore > 0) await defender.update({ "system.luck.value": Math.max(0, luckAvailable - defenceOptionsData.luckBefore) } as never);
  if (rules.stance) await afterDefence(defender, Number(choices.extras.stance ?? 0) || 0);
  await resolveAndPost(message, flags, attackRoll, defenceRoll, chosen.rank, attacker, defender);
}


/** Run the five steps with the dice already rolled, post the resolution card. */
export async function resolveAndPost(
  attackMessage: ChatMessage.Implementation,
  flags: AttackFlags,
  attackRoll: ToasterCheckRoll,
  defenceRoll: ToasterCheckRoll | null,
  defenceRank: number,
  attacker: Actor.Implementation,
  defender: Actor.Implementation,
): Promise<ChatMessage.Implementation | undefined> {
  const rules = toasterRules();
  const defSys = sys(defender);
  const attackInput = { ...attackRoll.checkInput, target: undefined } as R.CheckInput;
  const queue = [...facesQueue(attackRoll.checkResult), ...facesQueue(defenceRoll?.checkResult)];
  const rng = replayThen(queue, foundryRandom());
  // (Partial Armor): where the blow lands decides which armor counts. The location is rolled only
  // for a hit, after the attack and defence dice, so it does not disturb their replay.
  let location: ReturnType<typeof R.rollHitLocation> | null = null;
  let ac = defSys.ac;
  if (rules.partialArmor) {
    location = R.rollHitLocation(foundryRandom());
    ac = defSys.acByArea[AREA_OF_LOCATION[location.area] ?? "torso"] ?? defSys.ac;
  }
  const outcome = R.rollAttack(
    {
      mode: flags.mode,
      // Luck added on the card after the roll (+1 a point) is part of the attack total.
      attack: { ...attackInput, modifier: attackInput.modifier + R.LUCK_AFTER_BONUS * (attackRoll.checkResult?.luckAfter ?? 0), luckBefore: attackRoll.checkResult?.luckBefore ?? 0 },
      defenceRank,
      defence: defenceRoll ? { ...defenceRoll.checkInput, target: undefined } : null,
      wc: attackWC(flags, attackRoll),
      ac,
      unarmed: flags.unarmed,
      woundThreshold: defSys.thresholds.wound,
      defenderPhysique: defSys.effective.physique ?? 0,
      damageDice: { rollingNines: rules.rollingNines, ninesLimit: rules.ninesLimit > 0 ? rules.ninesLimit : null },
      protectionDice: { rollingNines: rules.rollingNines, ninesLimit: rules.ninesLimit > 0 ? rules.ninesLimit : null },
      options: {
        variableOutcomes: rules.variableOutcomes,
        sameDie: rules.wcacSameDie,
        criticalTable: rules.criticalTable,
        addMargin: rules.wcacAddMargin,
        rollTwice: rules.wcacRollTwice,
        halveMarginal: rules.wcacHalveMarginal,
      },
    },
    rng,
  );

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
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toaster/chat/resolution.hbs"), context as never);
  const rolls = defenceRoll ? [defenceRoll] : [];
  const msg = (await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor: defender }),
    content,
    rolls: rolls as never,
    flags: { [SYSTEM_ID]: resolution },
  } as never)) as ChatMessage.Implementation | undefined;
  return msg;
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

/** Apply button on a resolution card. */
export async function onApplyDamage(message: ChatMessage.Implementation): Promise<void> {
  const flags = flagsOf<ResolutionFlags>(message);
  if (!flags || flags.type !== "toasterResolution") return;
  if (flags.applied) {
    ui.notifications?.warn(localize("BREADBOX.Toaster.Attack.AlreadyApplied"));
    return;
  }
  const target = lookupUuidSync(flags.targetUuid) as Actor.Implementation | null;
  if (!target) {
    ui.notifications?.warn(localize("BREADBOX.Toaster.Attack.MissingActor"));
    return;
  }
  const result = await applyOrRelay("toaster.applyDamage", { uuid: target.uuid, isOwner: target.isOwner && (message.isOwner ?? false) }, { messageId: message.id });
  if (result.ok) ui.notifications?.info(format("BREADBOX.Toaster.Attack.Applied", { name: target.name ?? "", stun: flags.stun, wounds: flags.wounds }));
}

/**
 * GM-side (or owner-side) handler: the amounts come from the resolution message, never from the
 * request; the requester must be the GM or own the attacker or the target; a card applies once.
 */
export async function relayApplyDamage(ctx: RelayContext): Promise<RelayResult> {
  const messageId = String(ctx.payload.messageId ?? "");
  const message = game.messages?.get(messageId);
  const flags = message ? flagsOf<ResolutionFlags>(message) : undefined;
  if (!message || !flags || flags.type !== "toasterResolution") return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const target = ctx.target as unknown as Actor.Implementation;
  if (target.uuid !== flags.targetUuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (flags.applied) return { ok: false, error: "BREADBOX.Toaster.Attack.AlreadyApplied" };
  const attacker = lookupUuidSync(flags.attackerUuid) as Actor.Implementation | null;
  const owner = "OWNER" as const;
  const allowed = ctx.requester.isGM || Boolean(attacker?.testUserPermission(ctx.requester, owner)) || target.testUserPermission(ctx.requester, owner);
  if (!allowed) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  if (!Number.isInteger(flags.stun) || !Number.isInteger(flags.wounds) || flags.stun < 0 || flags.wounds < 0) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  // The card must be genuine: resolution cards are written by the defender's side (an owner of
  // the target, or the GM) in answer to an existing attack card by the same attacker on the same
  // target. Anyone can post a chat message; not everyone can post a real resolution.
  const author = message.author as User.Implementation | null | undefined;
  if (!author || !(author.isGM || target.testUserPermission(author, owner))) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const attackCard = game.messages?.get(flags.attackMessageId);
  const attackFlags = attackCard ? flagsOf<AttackFlags>(attackCard) : undefined;
  if (!attackFlags || attackFlags.kind !== "attack" || attackFlags.actorUuid !== flags.attackerUuid || attackFlags.targetUuid !== flags.targetUuid) {
    return { ok: false, error: "BREADBOX.Relay.Malformed" };
  }
  // One application per card, even when two requests arrive together: claim the card first.
  if (applying.has(message.id ?? "")) return { ok: false, error: "BREADBOX.Toaster.Attack.AlreadyApplied" };
  applying.add(message.id ?? "");
  try {
    await message.update({ [`flags.${SYSTEM_ID}.applied`]: true } as never);
    const data = sys(target);
    const wounds = data.wounds.value + flags.wounds;
    const update: Record<string, number> = { "system.stun.value": data.stun.value + flags.stun, "system.wounds.value": wounds };
    // (Bleeding): every wound bleeds 1 stun a round; new wounds from an attack set the rate anew.
    if (toasterRules().bleeding && flags.wounds > 0) update["system.bleeding.rate"] = wounds;
    try {
      await target.update(update as never);
    } catch (err) {
      await message.update({ [`flags.${SYSTEM_ID}.applied`]: false } as never);
      throw err;
    }
  } finally {
    applying.delete(message.id ?? "");
  }
  return { ok: true, data: { stun: flags.stun, wounds: flags.wounds } };
}

/** Resolution cards being applied on this client right now. */
const applying = new Set<string>();

/**
 * +1 per luck point after the roll, on any Toaster check card. The card belongs to whoever posted
 * it (maybe the GM rolling for a player), so the change goes through the relay when the clicker
 * cannot update the message.
 */
export async function onLuckAfter(message: ChatMessage.Implementation): Promise<void> {
  const roll = message.rolls[0] as unknown as ToasterCheckRoll | undefined;
  if (!(roll instanceof ToasterCheckRoll) || !roll.checkResult) return;
  const actor = roll.check.actorUuid ? (lookupUuidSync(roll.check.actorUuid) as Actor.Implementation | null) : null;
  if (!actor?.isOwner) return;
  if (isResolved(message) || isRerolled(message)) {
    ui.notifications?.warn(localize(isResolved(message) ? "BREADBOX.Toaster.Attack.AlreadyResolved" : "BREADBOX.Toaster.Luck.WasRerolled"));
    return;
  }
  if (sys(actor).luck.value < 1) {
    ui.notifications?.warn(localize("BREADBOX.Toaster.Luck.NoneLeft"));
    return;
  }
  await applyOrRelay("toaster.luckAfter", { uuid: actor.uuid, isOwner: actor.isOwner && (message.isOwner ?? false) }, { messageId: message.id });
}

/** Spend one luck point on a check card: the actor must be the card's roller and have luck left. */
export async function relayLuckAfter(ctx: RelayContext): Promise<RelayResult> {
  const message = game.messages?.get(String(ctx.payload.messageId ?? ""));
  const roll = message?.rolls[0] as unknown as ToasterCheckRoll | undefined;
  if (!message || !(roll instanceof ToasterCheckRoll) || !roll.checkResult) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const actor = ctx.target as unknown as Actor.Implementation;
  if (roll.check.actorUuid !== actor.uuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (isResolved(message)) return { ok: false, error: "BREADBOX.Toaster.Attack.AlreadyResolved" };
  if (isRerolled(message)) return { ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" };
  if (!ctx.requester.isGM && !actor.testUserPermission(ctx.requester, "OWNER")) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const luck = sys(actor).luck.value;
  if (luck < 1) return { ok: false, error: "BREADBOX.Toaster.Luck.NoneLeft" };
  const before = ToasterCheckRoll.fromData(roll.toJSON() as never) as unknown as ToasterCheckRoll;
  roll.setResult(R.applyLuckAfter(roll.checkResult, 1));
  await actor.update({ "system.luck.value": luck - 1 } as never);
  await applyCheckEffect(actor, roll, before);
  await message.update({ rolls: [roll.toJSON()], content: await roll.render() } as never);
  return { ok: true };
}

/** Spend four luck points to re-roll the die of a check card. */
export async function onLuckReroll(message: ChatMessage.Implementation): Promise<void> {
  const roll = message.rolls[0] as unknown as ToasterCheckRoll | undefined;
  if (!(roll instanceof ToasterCheckRoll)) return;
  const actor = roll.check.actorUuid ? (lookupUuidSync(roll.check.actorUuid) as Actor.Implementation | null) : null;
  if (!actor?.isOwner) return;
  if (isResolved(message) || isRerolled(message)) {
    ui.notifications?.warn(localize(isResolved(message) ? "BREADBOX.Toaster.Attack.AlreadyResolved" : "BREADBOX.Toaster.Luck.WasRerolled"));
    return;
  }
  const luck = sys(actor).luck.value;
  if (luck < R.LUCK_REROLL_COST) {
    ui.notifications?.warn(format("BREADBOX.Toaster.Luck.NotEnough", { cost: R.LUCK_REROLL_COST }));
    return;
  }
  const fresh = ToasterCheckRoll.fromCheck({ ...roll.check, result: undefined, fumbleFaces: undefined, effect: undefined });
  await fresh.evaluate();
  if (fresh.checkResult) fresh.setResult({ ...fresh.checkResult, rerolled: true });
  await actor.update({ "system.luck.value": luck - R.LUCK_REROLL_COST } as never);
  const posted = (await fresh.toMessage({
    speaker: message.speaker as never,
    flavor: format("BREADBOX.Toaster.Luck.RerollOf", { title: roll.check.title }),
    flags: { [SYSTEM_ID]: { ...(flagsOf<Record<string, unknown>>(message) ?? {}), rerollOf: message.id } },
  } as never)) as ChatMessage.Implementation | undefined;
  await applyCheckEffect(actor, fresh, roll);
  if (fresh.check.effect && posted) await posted.update({ rolls: [fresh.toJSON()] } as never);
}

/** Roll on the hit-location table and post the result. */
export async function postHitLocation(speakerActor?: Actor.Implementation | null): Promise<void> {
  const loc = R.rollHitLocation(foundryRandom());
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toaster/chat/table.hbs"), {
    title: localize("BREADBOX.Toaster.HitLocation.Title"),
    dice: `${loc.d10} / ${loc.d6}`,
    lines: [`${localize(`BREADBOX.Toaster.HitLocation.${loc.area}`)}: ${localize(`BREADBOX.Toaster.HitLocation.${loc.location}`)}`],
  });
  await ChatMessage.create({ speaker: ChatMessage.getSpeaker(speakerActor ? { actor: speakerActor } : {}), content, flags: { [SYSTEM_ID]: { type: "toasterHitLocation", ...loc, entry: undefined } } } as never);
}

export async function onHitLocation(message: ChatMessage.Implementation): Promise<void> {
  const flags = flagsOf<ResolutionFlags>(message);
  const target = flags?.targetUuid ? (lookupUuidSync(flags.targetUuid) as Actor.Implementation | null) : null;
  await postHitLocation(target);
}

/** Roll on the critical table and post the effects (also offered on its own from the sheet). */
export async function postCritical(speakerActor?: Actor.Implementation | null): Promise<void> {
  const crit = R.rollCritical(foundryRandom());
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toaster/chat/table.hbs"), {
    title: localize("BREADBOX.Toaster.Critical.Title"),
    dice: `${crit.d10} / ${crit.d6}`,
    lines: crit.effects.map((e) => localize(`BREADBOX.Toaster.Critical.${e.key}`)),
  });
  await ChatMessage.create({ speaker: ChatMessage.getSpeaker(speakerActor ? { actor: speakerActor } : {}), content, flags: { [SYSTEM_ID]: { type: "toasterCritical", d10: crit.d10, d6: crit.d6 } } } as never);
}

export const TOASTER_CHAT_ACTIONS = {
  defend: onDefend,
  applyDamage: (m: ChatMessage.Implementation) => onApplyDamage(m),
  luckAfter: (m: ChatMessage.Implementation) => onLuckAfter(m),
  luckReroll: (m: ChatMessage.Implementation) => onLuckReroll(m),
  hitLocation: (m: ChatMessage.Implementation) => onHitLocation(m),
};

export const TOASTER_RELAY_ACTIONS = {
  applyDamage: relayApplyDamage,
  luckAfter: relayLuckAfter,
};

export { currentUser };
