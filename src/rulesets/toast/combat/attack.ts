/**
 * Toast's attack sequence in chat (seed: "Combat", "Weapon Damage", "Wounds", "Armor").
 *
 *  1. The attacker rolls from the sheet (`toastAttack`): a dialog with the exact odds against the
 *     targeted defender (if she defends with her best weapon skill, and if she does not), then an
 *     attack card with the attacker's d10+.
 *  2. The defender's owner or the GM clicks Defend on the card and chooses: a weapon skill, another
 *     skill (the GM; players only where the world allows it), or not defending at all. The choice
 *     goes to the active GM (relay `toast.defend`), who re-reads everything, rolls the defence, the
 *     contested result (or the attack against the undefended target number) and, on a hit, the
 *     damage dice (base + positive attribute modifier; bows and crossbows without it, plus their
 *     bonus dice). A resolution card shows each step; the GM-only ledger records the damage.
 *  3. Apply (relay `toast.applyDamage`, exactly once): the GM's client takes the damage from the
 *     ledger, applies the armor's wound reduction to the defender's tally as it stands now, rolls
 *     the death and collapse checks the strike calls for, writes the tally and the collapsed/dead
 *     state, and posts a wound card with every number.
 * Amounts are never read from a card or its flags.
 */
import { applyRecordOnce } from "../../../core/exchange/apply";
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { escapeHTML } from "../../../core/html";
import { targetedActors } from "../../../core/foundry";
import { actorFromUuid, actorFromUuidSync, format, localize } from "../../../core/game";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { rollDialog, skipDialog } from "../../../core/rolls/dialog";
import { formatChance, oddsPanelHtml } from "../../../core/rolls/odds-panel";
import { audienceForMode, audienceOf, combineAudiences, currentMessageMode, normaliseMessageMode, type MessageMode } from "../../../core/compat";
import { claimMark, hasMark, isLedgerKeeper, ledgerEntry, markValue, releaseMark, updateLedger } from "../../../core/chat/ledger";
import { postCard } from "../../../core/chat/post";
import { cardFlags, cardRefusal, withResourceLocks } from "../../../core/chat/trust";
import { BreadboxActor } from "../../../core/documents/actor";
import {
  defenceSkills,
  fighterOf,
  findSkill,
  labelWithValue,
  modifierParts,
  signed,
  skillTask,
  strikeTarget,
  weaponDamageDice,
  weaponOf,
  weaponSkill,
  type Fighter,
  type FighterSkill,
} from "./fighter";
import { d10PlusFacesOf, rollD10Plus, rollDamageDice, rollStrikeChecks } from "./dice";
import { toastCombatRules, type ToastCombatRules } from "./settings";
import { defenceActionState, spendDefenceAction } from "./tracker";
import { SITUATIONAL_LIMIT, readSituational } from "./situational";

export { SITUATIONAL_LIMIT };
import { strikeStateUpdate, syncToastStatuses } from "./statuses";
import { afterSkillRoll } from "../checks";

/** Largest damage a ledger entry may carry (a larger number is not one the GM's client rolled). */
const MAX_DAMAGE = R.MAX_DAMAGE_DICE * R.DAMAGE_DIE_FACES;

export interface ToastAttackFlags {
  type: "toastAttack";
  actorUuid: string;
  targetUuid: string;
  weaponId: string;
  /** The dialog's situational modifier (checked against SITUATIONAL_LIMIT wherever it is read). */
  situational: number;
}

export interface ToastResolutionFlags {
  type: "toastResolution";
  attackMessageId: string;
  attackerUuid: string;
  targetUuid: string;
  outcome: R.AttackOutcome;
  /** Display only: the ledger is the record. */
  damage: number | null;
  applied?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Reading and checking

function isAttackFlags(f: Record<string, unknown>): f is Record<string, unknown> & ToastAttackFlags {
  return f.type === "toastAttack" && typeof f.actorUuid === "string" && typeof f.targetUuid === "string" && typeof f.weaponId === "string" && typeof f.situational === "number";
}

function attackFlagsOf(message: ChatMessage.Implementation): ToastAttackFlags | null {
  const f = cardFlags(message);
  return isAttackFlags(f) ? f : null;
}

function resolutionFlagsOf(message: ChatMessage.Implementation): ToastResolutionFlags | null {
  const f = cardFlags(message);
  return f.type === "toastResolution" && typeof f.targetUuid === "string" && typeof f.attackerUuid === "string" ? { ...f, type: "toastResolution", attackMessageId: String(f.attackMessageId ?? ""), attackerUuid: f.attackerUuid, targetUuid: f.targetUuid, outcome: f.outcome === "hit" ? "hit" : f.outcome === "tie" ? "tie" : "miss", damage: typeof f.damage === "number" ? f.damage : null } : null;
}

/** A situational modifier the dialog could have produced, or null. */
function situationalOf(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && Math.abs(value) <= SITUATIONAL_LIMIT ? value : null;
}

/** The ledger mark of an attack card that has its resolution (claimed once, on the GM's client). */
export const RESOLVED_MARK = "resolved";
/** The ledger mark holding an attack card as the GM's client first saw it (`AttackRecord`, JSON). */
export const ATTACK_RECORD_MARK = "toast.attack";

/** Whether an attack card has been resolved (its ledger record carries the "resolved" mark). */
export function isResolved(messageId: string | null | undefined): boolean {
  return hasMark(messageId, RESOLVED_MARK);
}

/**
 * An attack card as the active GM's client saw it when it was created: who attacks whom with which
 * weapon, the dialog's situational modifier and the faces of its `1dp` roll. Its writer may edit
 * the card afterwards (a player may update her own messages); the defence reads only this record.
 */
export interface AttackRecord {
  actorUuid: string;
  targetUuid: string;
  weaponId: string;
  situational: number;
  faces: number[];
}

function attackRecordOf(message: ChatMessage.Implementation): AttackRecord | null {
  const flags = attackFlagsOf(message);
  const situational = flags ? situationalOf(flags.situational) : null;
  const faces = d10PlusFacesOf(message.rolls);
  if (!flags || situational === null || !faces) return null;
  return { actorUuid: flags.actorUuid, targetUuid: flags.targetUuid, weaponId: flags.weaponId, situational, faces };
}

/** The record of an attack card (null when the GM's client never saw the card created). */
export function attackRecord(messageId: string | null | undefined): AttackRecord | null {
  const raw = markValue(messageId, ATTACK_RECORD_MARK);
  if (typeof raw !== "string") return null;
  try {
    const r: unknown = JSON.parse(raw);
    if (!r || typeof r !== "object") return null;
    const x: Record<string, unknown> = { ...r };
    const situational = situationalOf(x.situational);
    const faces = Array.isArray(x.faces) && x.faces.every((f) => typeof f === "number") ? [...x.faces] : null;
    if (typeof x.actorUuid !== "string" || typeof x.targetUuid !== "string" || typeof x.weaponId !== "string" || situational === null || !faces) return null;
    return { actorUuid: x.actorUuid, targetUuid: x.targetUuid, weaponId: x.weaponId, situational, faces };
  } catch {
    return null;
  }
}

/**
 * createChatMessage (every client; acts on the active GM's): record a new attack card once, as it
 * was created. `claimMark` keeps the first record: a later edit of the card changes nothing.
 */
export function recordAttackCard(message: ChatMessage.Implementation): void {
  if (!isLedgerKeeper() || !message.id) return;
  const record = attackRecordOf(message);
  if (!record) return;
  claimMark(message.id, ATTACK_RECORD_MARK, JSON.stringify(record)).catch((err: unknown) => console.error("Breadbox | Toast attack record", err));
}

/** The d10+ target of the undefended attack (the world's rung of the ladder). */
export function undefendedTarget(rules: Pick<ToastCombatRules, "undefendedTarget">): number {
  const t = R.targetNumber(rules.undefendedTarget);
  if (typeof t !== "number") throw new Error(`Breadbox | ${rules.undefendedTarget} is not a numeric target`);
  return t;
}

// ---------------------------------------------------------------------------------------------
// 1. The attack

interface AttackSetup {
  attacker: Fighter;
  defender: Fighter;
  weapon: NonNullable<ReturnType<typeof weaponOf>>;
  skill: FighterSkill;
  damage: R.DamageDice;
}

function attackSetup(actor: Actor.Implementation, weaponItem: Item.Implementation, target: Actor.Implementation): AttackSetup | string {
  const attacker = fighterOf(actor);
  const defender = fighterOf(target);
  if (!attacker) return "BREADBOX.ToastCombat.Attack.NotToast";
  if (!defender) return "BREADBOX.ToastCombat.Attack.WrongTarget";
  const weapon = weaponOf(attacker, weaponItem.id);
  if (!weapon) return "BREADBOX.ToastCombat.Attack.NoWeapon";
  const skill = weaponSkill(attacker, weapon);
  if (!skill) return "BREADBOX.ToastCombat.Attack.NoSkill";
  let damage: R.DamageDice;
  try {
    damage = weaponDamageDice(attacker, weapon.model, skill);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  return { attacker, defender, weapon, skill, damage };
}

/** The defender's best defence modifier (her highest weapon or allowed skill), or null when she has none. */
function bestDefence(defender: Fighter, rules: ToastCombatRules): { skill: FighterSkill; task: R.TaskModifier } | null {
  let best: { skill: FighterSkill; task: R.TaskModifier } | null = null;
  for (const skill of defenceSkills(defender, rules.playersPickAnySkill)) {
    const task = skillTask(defender, skill);
    if (!best || task.total > best.task.total) best = { skill, task };
  }
  return best;
}

const outcomeLabel = (key: string) => `BREADBOX.ToastCombat.Outcome.${key}`;

/** The attack dialog's odds: a whole attack against her best defence, and against no defence. */
export function attackOddsHtml(setup: AttackSetup, modifier: number, rules: ToastCombatRules): string {
  const target = strikeTarget(setup.defender, rules);
  const parts: string[] = [];
  const best = bestDefence(setup.defender, rules);
  if (best) {
    const odds = R.fullAttackOdds({ attack: modifier, defence: { kind: "contested", modifier: best.task.total }, damageDice: setup.damage.total, defender: target });
    parts.push(`<h4>${escapeHTML(format("BREADBOX.ToastCombat.Attack.OddsDefended", { skill: best.skill.label, modifier: signed(best.task.total) }))}</h4>${oddsPanelHtml(odds, { labelKey: outcomeLabel })}`);
  }
  const tn = undefendedTarget(rules);
  const open = R.fullAttackOdds({ attack: modifier, defence: { kind: "target", target: tn }, damageDice: setup.damage.total, defender: target });
  parts.push(`<h4>${escapeHTML(format("BREADBOX.ToastCombat.Attack.OddsUndefended", { target: tn }))}</h4>${oddsPanelHtml(open, { labelKey: outcomeLabel })}`);
  return parts.join("");
}


/**
 * Attack with a weapon against the user's targeted token: dialog (odds, situational modifier, roll
 * mode; the skip key rolls at once), then the attack card. Returns the card, or null.
 */
export async function toastAttack(actor: Actor.Implementation, weaponItem: Item.Implementation, event?: Event | null): Promise<ChatMessage.Implementation | null> {
  const target = targetedActors()[0] ?? null;
  if (!target) {
    ui.notifications?.warn(localize("BREADBOX.ToastCombat.Attack.NoTarget"));
    return null;
  }
  const setup = attackSetup(actor, weaponItem, target);
  if (typeof setup === "string") {
    ui.notifications?.warn(format(setup, { name: target.name ?? "" }));
    return null;
  }
  const rules = toastCombatRules();
  let situational = 0;
  let mode: MessageMode = currentMessageMode();
  if (!skipDialog(event)) {
    const base = skillTask(setup.attacker, setup.skill);
    const content = await foundry.applications.handlebars.renderTemplate(templatePath("toast/combat/attack-dialog.hbs"), {
      defender: target.name ?? "",
      skill: setup.skill.label,
      untrained: setup.skill.untrained,
      parts: modifierParts(base, setup.skill.label).map((p) => ({ label: p.label, value: signed(p.value) })),
      dice: diceText(setup.damage),
      limit: SITUATIONAL_LIMIT,
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
  const task = skillTask(setup.attacker, setup.skill, situational);
  const { faces, roll } = await rollD10Plus();
  const side = R.resolveContestSide({ modifier: task.total }, faces);
  const rolls = [roll];
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toast/combat/attack.hbs"), {
    attacker: actor.name ?? "",
    defender: target.name ?? "",
    weapon: weaponItem.name ?? "",
    skill: setup.skill.label,
    parts: modifierParts(task, setup.skill.label).map((p) => ({ label: p.label, value: signed(p.value) })),
    modifier: signed(task.total),
    roll: rollView(side),
    dice: diceText(setup.damage),
    defendVisibility: `owner:${target.uuid}`,
  });
  const flags: ToastAttackFlags = { type: "toastAttack", actorUuid: actor.uuid, targetUuid: target.uuid, weaponId: weaponItem.id ?? "", situational };
  const message = await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, rolls, flags: { [SYSTEM_ID]: { ...flags } } }, audienceForMode(mode));
  // A rolled skill is marked used this session (and a first attempt teaches level 1).
  await afterSkillRoll(actor, setup.skill.itemId);
  return message ?? null;
}

function diceText(d: R.DamageDice): string {
  return format("BREADBOX.ToastCombat.DamageDice", { total: d.total, base: d.base, attribute: d.attributeBonus, bonus: d.bonusDice });
}

/** How a card shows one d10+ roll. */
function rollView(side: R.ContestRoll): { faces: string; kind: R.D10PlusKind; label: string } {
  const label =
    side.roll.kind === "auto"
      ? format("BREADBOX.ToastCombat.AutoDegree", { degree: side.roll.degree ?? 0 })
      : side.roll.kind === "flub"
        ? format("BREADBOX.ToastCombat.FlubDegree", { degree: side.roll.degree ?? 0 })
        : `${side.roll.number ?? 0} ${signed(side.modifier)} = ${side.total ?? 0}`;
  return { faces: side.faces.join(", "), kind: side.roll.kind, label };
}

// ---------------------------------------------------------------------------------------------
// 2. The defence

/** A defence choice: a skill id of the defender's, or "none" (she does not defend). */
export interface DefendPayload {
  messageId: string;
  choice: string;
  situational: number;
  mode: MessageMode;
}

/** The choices offered to this user: weapon skills (all skills for the GM or where allowed), then no defence. */
export function defenceChoices(defender: Fighter, rules: ToastCombatRules, isGM: boolean): FighterSkill[] {
  // A collapsed (or dead) character cannot act to defend herself: she can only be hit.
  if (defender.data.collapsed || defender.data.dead) return [];
  return defenceSkills(defender, isGM || rules.playersPickAnySkill);
}

/** Defend button on an attack card (the defender's owner or the GM). */
export async function onDefend(message: ChatMessage.Implementation, _button: HTMLElement, event: Event): Promise<void> {
  const flags = attackFlagsOf(message);
  if (!flags) return;
  if (isResolved(message.id)) {
    ui.notifications?.warn(localize("BREADBOX.ToastCombat.Attack.AlreadyResolved"));
    return;
  }
  const defenderActor = await actorFromUuid(flags.targetUuid);
  const defender = fighterOf(defenderActor);
  if (!defenderActor || !defender) {
    ui.notifications?.warn(localize("BREADBOX.ToastCombat.Attack.MissingActor"));
    return;
  }
  if (!defenderActor.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.ToastCombat.Attack.NotYourDefender"));
    return;
  }
  const rules = toastCombatRules();
  const choices = defenceChoices(defender, rules, game.user?.isGM ?? false);
  let payload: DefendPayload = { messageId: message.id ?? "", choice: choices[0]?.id ?? "none", situational: 0, mode: currentMessageMode() };
  if (!skipDialog(event)) {
    const tn = undefendedTarget(rules);
    const content = await foundry.applications.handlebars.renderTemplate(templatePath("toast/combat/defend-dialog.hbs"), {
      choices: choices.map((s) => ({ id: s.id, label: labelWithValue(s.label, skillTask(defender, s).total), untrained: s.untrained })),
      noneLabel: format("BREADBOX.ToastCombat.Defend.None", { target: tn }),
      limit: SITUATIONAL_LIMIT,
    });
    const attackRoll = attackSideOf(message, flags);
    const chosen = await rollDialog<{ choice: string; situational: number }>({
      title: format("BREADBOX.ToastCombat.Defend.Title", { name: defenderActor.name ?? "" }),
      content,
      rollLabel: "BREADBOX.ToastCombat.Defend.Roll",
      read: (form) => {
        const el = form.elements.namedItem("choice");
        const choice = el instanceof HTMLSelectElement ? el.value : "none";
        if (choice !== "none" && !choices.some((c) => c.id === choice)) throw new Error(localize("BREADBOX.ToastCombat.Defend.BadChoice"));
        return { choice, situational: readSituational(form) };
      },
      odds: (v) => defenceOddsHtml(defender, choices, v, attackRoll, tn),
    });
    if (!chosen) return;
    payload = { ...payload, ...chosen.value, mode: chosen.mode };
  }
  await applyOrRelay("toast.defend", { uuid: defenderActor.uuid }, { ...payload });
}

/** The attack card's roll as the defender sees it (faces from the card's Foundry dice). */
function attackSideOf(message: ChatMessage.Implementation, flags: ToastAttackFlags): R.ContestRoll | null {
  const faces = d10PlusFacesOf(message.rolls);
  if (!faces) return null;
  const attacker = fighterOf(actorFromUuidSync(flags.actorUuid));
  const weapon = attacker ? weaponOf(attacker, flags.weaponId) : null;
  const skill = attacker && weapon ? weaponSkill(attacker, weapon) : null;
  const situational = situationalOf(flags.situational);
  if (!attacker || !skill || situational === null) return null;
  try {
    return R.resolveContestSide({ modifier: skillTask(attacker, skill, situational).total }, faces);
  } catch {
    return null;
  }
}

/** The defence dialog's odds: of beating the roll already on the card (or of the attack failing undefended). */
function defenceOddsHtml(defender: Fighter, choices: FighterSkill[], v: { choice: string; situational: number }, attack: R.ContestRoll | null, tn: number): string {
  if (!attack) return "";
  if (v.choice === "none") {
    const hit = attack.roll.kind === "auto" || (attack.roll.kind === "number" && (attack.total ?? 0) >= tn);
    return `<p class="bb-small">${escapeHTML(localize(hit ? "BREADBOX.ToastCombat.Defend.NoneHits" : "BREADBOX.ToastCombat.Defend.NoneMisses"))}</p>`;
  }
  const skill = choices.find((c) => c.id === v.choice);
  if (!skill) return "";
  const modifier = skillTask(defender, skill, v.situational).total;
  // The attacker's rank is known: the defender's roll is "initiative-like" against it.
  const odds = R.initiativeOdds({ modifier, against: attack.rank });
  const p = (k: string) => odds.outcomes.find((o) => o.key === k)?.p ?? 0;
  return oddsPanelHtml(
    { success: p("ahead"), outcomes: [{ key: "defenceLoses", p: p("behind") }, { key: "tie", p: p("level") }, { key: "defenceWins", p: p("ahead") }], extras: odds.extras.map((e) => ({ key: `defender${e.key === "auto" ? "Auto" : "Flub"}`, p: e.p })), error: odds.error },
    { labelKey: outcomeLabel },
  );
}

/** Whether the requester is a GM or an owner of any of the actors. */
function requesterOwns(requester: User.Implementation, ...actors: (Actor.Implementation | null | undefined)[]): boolean {
  return requester.isGM || actors.some((a) => Boolean(a?.testUserPermission(requester, "OWNER")));
}

/**
 * GM side of Defend. Everything is read again here: the attack as this client recorded it when its
 * card was created (`attackRecord`: attacker, defender, weapon, situational modifier, faces — never
 * the card's flags or rolls, which its writer may edit), the card's writer (the GM or an owner of
 * the attacker), the attacker's weapon and skill from her own items, her modifier from her data
 * now; the defender's choice must be one she may make. The card is claimed resolved (ledger mark,
 * once) before anything is rolled or spent, and released if the work fails. The defence, damage
 * dice and the rest are Foundry rolls made here.
 */
export async function relayDefend(ctx: RelayContext): Promise<RelayResult> {
  const p = ctx.payload;
  const messageId = typeof p.messageId === "string" ? p.messageId : "";
  const message = messageId ? game.messages?.get(messageId) : undefined;
  if (!message || !attackFlagsOf(message)) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const record = attackRecord(messageId);
  if (!record) return { ok: false, error: "BREADBOX.ToastCombat.Attack.NotRecorded" };
  const defenderActor = ctx.target;
  if (!(defenderActor instanceof BreadboxActor) || defenderActor.uuid !== record.targetUuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  const attackerActor = actorFromUuidSync(record.actorUuid);
  const attacker = fighterOf(attackerActor);
  const defender = fighterOf(defenderActor);
  if (!attackerActor || !attacker || !defender) return { ok: false, error: "BREADBOX.ToastCombat.Attack.MissingActor" };
  if (!requesterOwns(ctx.requester, defenderActor)) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const refusal = cardRefusal(message, attackerActor);
  if (refusal) return { ok: false, error: refusal };
  if (isResolved(messageId)) return { ok: false, error: "BREADBOX.ToastCombat.Attack.AlreadyResolved" };
  const weapon = weaponOf(attacker, record.weaponId);
  const skill = weapon ? weaponSkill(attacker, weapon) : null;
  const defenceSituational = situationalOf(p.situational);
  if (!weapon || !skill || defenceSituational === null) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const rules = toastCombatRules();
  const choice = typeof p.choice === "string" ? p.choice : "";
  const defenceSkill = choice === "none" ? null : (defenceChoices(defender, rules, ctx.requester.isGM).find((s) => s.id === choice) ?? null);
  if (choice !== "none" && !defenceSkill) return { ok: false, error: "BREADBOX.ToastCombat.Defend.BadChoice" };
  // (Setting) Defending uses her action this round: none left, no defence.
  const usesAction = Boolean(defenceSkill && rules.defenceUsesAction);
  const actionLeft = (state: ReturnType<typeof defenceActionState>) => !state || (state.status !== "acted" && state.status !== "lost");
  if (usesAction && !actionLeft(defenceActionState(defenderActor))) return { ok: false, error: "BREADBOX.ToastCombat.Defend.NoActionLeft" };
  const attackTask = skillTask(attacker, skill, record.situational);
  const defenceTask = defenceSkill ? skillTask(defender, defenceSkill, defenceSituational) : null;
  const tn = undefendedTarget(rules);
  const input: R.AttackInput = { attack: attackTask.total, defence: defenceTask ? { kind: "contested", modifier: defenceTask.total } : { kind: "target", target: tn } };
  let damageDice: R.DamageDice;
  try {
    damageDice = weaponDamageDice(attacker, weapon.model, skill);
  } catch {
    return { ok: false, error: "BREADBOX.Relay.Malformed" };
  }
  // The claimed work: spend her action, roll, post the resolution card, record it.
  const resolveClaimed = async (): Promise<RelayResult> => {
    if (usesAction) {
      // Her action is a resource: read again and spent under its lock (the defender and her
      // combatant), so two defences at once never both find it unused.
      const spent = await withResourceLocks([defenderActor, defenceActionState(defenderActor)?.combatant], async () => {
        const state = defenceActionState(defenderActor);
        if (!actionLeft(state)) return false;
        if (state) await spendDefenceAction(state);
        return true;
      });
      if (!spent) return { ok: false, error: "BREADBOX.ToastCombat.Defend.NoActionLeft" };
    }
    // The attacker's faces are the recorded ones; the defender's d10+ is rolled now.
    const defenceRoll = input.defence.kind === "contested" ? await rollD10Plus() : null;
    const attack = R.resolveAttack(input, { attack: record.faces, defence: defenceRoll?.faces ?? [] });
    const defenceRolls = defenceRoll ? [defenceRoll.roll] : [];
    if (defenceSkill) await afterSkillRoll(defenderActor, defenceSkill.itemId);
    const damage = attack.outcome === "hit" ? await rollDamageDice(damageDice.total) : null;
    // What Apply would do to her as she is now (the checks are rolled when Apply is clicked).
    let preview = "";
    if (damage) {
      try {
        const o = R.strikeOutcomeOdds({ target: strikeTarget(defender, rules), damage: damage.damage.total });
        preview = o.noWound === 1 ? localize("BREADBOX.ToastCombat.Preview.NoWound") : format("BREADBOX.ToastCombat.Preview.Odds", { wounded: formatChance(o.wounded), collapsed: formatChance(o.collapsed), killed: formatChance(o.killed) });
      } catch {
        preview = "";
      }
    }
    const mode = normaliseMessageMode(p.mode) ?? "public";
    const audience = combineAudiences(audienceOf(message), audienceForMode(mode));
    const content = await foundry.applications.handlebars.renderTemplate(templatePath("toast/combat/resolution.hbs"), {
      attacker: attackerActor.name ?? "",
      defender: defenderActor.name ?? "",
      attackRoll: rollView(attack.attack),
      defended: Boolean(defenceTask),
      defenceSkill: defenceSkill?.label ?? "",
      defenceParts: defenceTask && defenceSkill ? modifierParts(defenceTask, defenceSkill.label).map((x) => ({ label: x.label, value: signed(x.value) })) : [],
      defenceRoll: attack.defence ? rollView(attack.defence) : null,
      target: tn,
      outcome: attack.outcome,
      outcomeLabel: localize(`BREADBOX.ToastCombat.Outcome.${attack.outcome}`),
      dice: diceText(damageDice),
      damageFaces: damage?.damage.faces.join(", ") ?? "",
      damage: damage?.damage.total ?? null,
      canApply: attack.outcome === "hit",
      visibility: `owner:${attackerActor.uuid},${defenderActor.uuid}`,
      tie: attack.outcome === "tie",
      preview,
    });
    const resolution: ToastResolutionFlags = { type: "toastResolution", attackMessageId: message.id ?? "", attackerUuid: attackerActor.uuid, targetUuid: defenderActor.uuid, outcome: attack.outcome, damage: damage?.damage.total ?? null, applied: false };
    const posted = await postCard(
      { speaker: ChatMessage.getSpeaker({ actor: defenderActor }), content, rolls: [...defenceRolls, ...(damage?.roll ? [damage.roll] : [])], flags: { [SYSTEM_ID]: { ...resolution } } },
      audience,
    );
    if (!posted?.id) return { ok: false, error: "BREADBOX.Relay.Failed" };
    // The ledger records what this client resolved: Apply reads only this.
    await updateLedger(posted.id, { resolution: { attackMessageId: message.id ?? "", attackerUuid: attackerActor.uuid, targetUuid: defenderActor.uuid, stun: 0, wounds: 0, damage: damage?.damage.total ?? 0, ruleset: "toast", kind: "attack", applied: attack.outcome !== "hit" } });
    return { ok: true, data: { outcome: attack.outcome, damage: damage?.damage.total ?? 0 } };
  };
  // Once: of two requests on this card, exactly one claims it (on this client, atomically); the
  // mark is released if the work it guards fails, so the card may be defended again.
  if (!(await claimMark(messageId, RESOLVED_MARK))) return { ok: false, error: "BREADBOX.ToastCombat.Attack.AlreadyResolved" };
  let result: RelayResult;
  try {
    result = await resolveClaimed();
  } catch (err) {
    await releaseMark(messageId, RESOLVED_MARK);
    throw err;
  }
  if (!result.ok) await releaseMark(messageId, RESOLVED_MARK);
  return result;
}

// ---------------------------------------------------------------------------------------------
// 3. Apply: armor, tally, death and collapse checks

/** Apply button on a resolution card: the active GM applies it. */
export async function onApplyDamage(message: ChatMessage.Implementation): Promise<void> {
  const flags = resolutionFlagsOf(message);
  if (!flags) return;
  const entry = ledgerEntry(message.id)?.resolution;
  if (entry?.applied) {
    ui.notifications?.warn(localize("BREADBOX.ToastCombat.Attack.AlreadyApplied"));
    return;
  }
  const target = entry ? actorFromUuidSync(entry.targetUuid) : actorFromUuidSync(flags.targetUuid);
  if (!target) {
    ui.notifications?.warn(localize("BREADBOX.ToastCombat.Attack.MissingActor"));
    return;
  }
  await applyOrRelay("toast.applyDamage", { uuid: target.uuid }, { messageId: message.id ?? "" });
}

/**
 * GM side of Apply. The damage comes from the GM-only ledger (what this client rolled), never from
 * the card. The strike is worked out against the target as she is now (tally, armor), its checks
 * rolled with Foundry's dice, and the result written once: the ledger's `applied` is checked and
 * set inside the relay's critical section, and reset if the actor update fails.
 */
export async function relayApplyDamage(ctx: RelayContext): Promise<RelayResult> {
  const rules = toastCombatRules();
  let struck: { strike: R.StrikeResult; rolls: Roll[]; fighter: NonNullable<ReturnType<typeof fighterOf>> } | null = null;
  const validDamage = (damage: unknown): damage is number => typeof damage === "number" && Number.isSafeInteger(damage) && damage >= 0 && damage <= MAX_DAMAGE;
  return applyRecordOnce(ctx, {
    ruleset: "toast",
    field: "resolution",
    model: fighterOf,
    refuse(_request, record) {
      // The strike must be one the rules can work out against the target as she is now.
      if (!validDamage(record.damage)) return null;
      const fighter = fighterOf(ctx.target instanceof BreadboxActor ? ctx.target : null);
      if (!fighter) return "BREADBOX.ToastCombat.Attack.MissingActor";
      try {
        R.planStrike({ target: strikeTarget(fighter, rules), damage: record.damage });
      } catch (err) {
        return err instanceof Error ? err.message : String(err);
      }
      return null;
    },
    valid: (record) => validDamage(record.damage),
    alreadyApplied: "BREADBOX.ToastCombat.Attack.AlreadyApplied",
    async write(target, fighter, record) {
      const { strike, rolls } = await rollStrikeChecks({ target: strikeTarget(fighter, rules), damage: record.damage ?? 0 });
      // One update: the tally and the state the checks left (a failed death check kills, a failed
      // collapse check fells her; a wound that gets through changes neither otherwise).
      await target.update({ system: { wounds: { value: strike.woundLevels }, ...strikeStateUpdate(strike.state) } });
      struck = { strike, rolls, fighter };
      return { wounds: strike.strikeWounds, state: strike.state };
    },
    async after(target, _record, message) {
      if (!struck) return;
      const { strike, rolls, fighter } = struck;
      await syncToastStatuses(target);
      const content = await foundry.applications.handlebars.renderTemplate(templatePath("toast/combat/wound.hbs"), woundContext(target, strike, fighter));
      await postCard({ speaker: ChatMessage.getSpeaker({ actor: target }), content, rolls, flags: { [SYSTEM_ID]: { type: "toastWound", resolutionMessageId: message.id ?? "", state: strike.state } } }, audienceOf(message));
    },
  });
}

function checkView(check: R.CheckResult | null, title: string) {
  if (!check) return null;
  const roll =
    check.outcome === "auto" || check.outcome === "flub"
      ? format(check.outcome === "auto" ? "BREADBOX.ToastCombat.AutoDegree" : "BREADBOX.ToastCombat.FlubDegree", { degree: check.degree ?? 0 })
      : `${check.roll.number ?? 0} ${signed(check.modifier)} = ${check.total ?? 0}`;
  return { title, faces: check.faces.join(", "), roll, target: check.target, success: check.success, outcome: localize(`BREADBOX.ToastCombat.Check.${check.outcome}`) };
}

function woundContext(target: Actor.Implementation, strike: R.StrikeResult, fighter: Fighter) {
  return {
    name: target.name ?? "",
    damage: strike.damage,
    reduction: strike.woundReduction,
    armored: Boolean(fighter.armor),
    strikeWounds: strike.strikeWounds,
    before: strike.woundLevelsBefore,
    after: strike.woundLevels,
    threshold: strike.status.threshold,
    effective: strike.status.effective,
    category: localize(`BREADBOX.ToastCombat.Wound.${strike.status.category}`),
    penalty: signed(strike.status.penalty),
    death: checkView(strike.deathCheck, localize("BREADBOX.ToastCombat.DeathCheck")),
    collapse: checkView(strike.collapseCheck, localize("BREADBOX.ToastCombat.CollapseCheck")),
    state: strike.state,
    stateLabel: localize(`BREADBOX.ToastCombat.State.${strike.state}`),
  };
}

export const TOAST_COMBAT_CHAT_ACTIONS = {
  defend: onDefend,
  applyDamage: (m: ChatMessage.Implementation) => onApplyDamage(m),
};

export const TOAST_COMBAT_RELAY_ACTIONS = {
  defend: relayDefend,
  applyDamage: relayApplyDamage,
};

export { findSkill };
