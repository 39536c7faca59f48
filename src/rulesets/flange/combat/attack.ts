/**
 * Flange's attack sequence in chat (seed 004 "Attack roll", "Damage roll", "Health", "Armour"):
 *
 *  1. The attacker picks a weapon and a target and sets the attack's modifiers and Edge in a
 *     dialog (live odds); an attack card announces the attack. Nothing is rolled yet: in the book
 *     the defender declares before the attack roll.
 *  2. The defender's owner (or the GM) declares Counterattack, Dodge or Block (with an object or
 *     the body) on the card. The declaration goes to the active GM (relay).
 *  3. The GM's client checks everything again, claims the card's "once" marks in the ledger,
 *     spends the attacker's Edge under its resource lock (read again there: refused when gone),
 *     rolls the attack, the dodge, the damage and the block in the book's order with Foundry dice
 *     fed to the rules core (`rollExchange`), carries the counterattack bonus and failed-block penalties to the
 *     combatants' next exchanges (combat-state.ts), posts a resolution card and records the damage
 *     in the GM-only ledger.
 *  4. Apply writes the damage to the target's health boxes (grind wounds when the option is on;
 *     "dramatic" straight to the standard boxes, the GM's ruling) through the GM, exactly once.
 *     A serious injury (3+ standard boxes at once) lets the GM name the condition and its
 *     target-number penalty (an Active Effect).
 *
 * Amounts are never read from a card: the attacker's dice and targets come from its actor, the
 * dialog's choices are checked against the dialog's limits and the attacker's Edge, the damage to
 * apply comes from the ledger.
 */
import { applyRecordOnce } from "../../../core/exchange/apply";
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { itemsWithModel, requireModel, targetedActors } from "../../../core/foundry";
import { currentUser, format, localize, lookupUuidSync, modelOf, notify } from "../../../core/game";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { rollDialog, skipDialog } from "../../../core/rolls/dialog";
import { readInt, readString } from "../../../core/forms/read";
import { rollWithFoundryDice } from "../../../core/rolls/foundry-dice";
import { oddsPanelHtml } from "../../../core/rolls/odds-panel";
import { audienceForMode, audienceOf, combineAudiences, currentMessageMode, effectChangesData, normaliseMessageMode, type MessageMode } from "../../../core/compat";
import { claimMark, hasMark, isLedgerKeeper, ledgerEntry, ledgerResolutions, markValue, releaseMark, updateLedger } from "../../../core/chat/ledger";
import { postCard } from "../../../core/chat/post";
import { cardFlags, cardRefusal, withResourceLocks, writtenByGMOrOwner } from "../../../core/chat/trust";
import { BreadboxActor } from "../../../core/documents/actor";
import { FlangeActorModel } from "../data/actor";
import { FlangeSkillModel } from "../data/items";
import { FlangeWeaponModel } from "../data/weapons";
import { combatOf, combatantState, combatantStateUpdate, syncCombatStatuses } from "./tracker";
import { flangeCombatRules, SERIOUS_INJURY_PENALTY_MAX } from "./settings";

/* ---------- the attacker's choices ---------- */

/** What the attack dialog lets the attacker choose (checked again on the GM's client). */
export interface AttackChoices {
  diceModifier: number;
  targetModifier: number;
  edgeDice: number;
  edgeTarget: number;
  damageEdgeDice: number;
}

export const NO_CHOICES: AttackChoices = { diceModifier: 0, targetModifier: 0, edgeDice: 0, edgeTarget: 0, damageEdgeDice: 0 };

/** The dialog's limits: GM modifiers of ±5, Edge up to what the attacker has. */
export const CHOICE_LIMITS = { modifier: 5, edge: R.CHECK_DICE_MAX } as const;

/** Parse choices from a card or a request: whole numbers within the dialog's limits, Edge within `edgeAvailable`; null otherwise. */
export function choicesWithinLimits(raw: unknown, edgeAvailable: number): AttackChoices | null {
  if (!raw || typeof raw !== "object") return null;
  const out: Record<string, number> = {};
  for (const key of Object.keys(NO_CHOICES)) {
    const v: unknown = Reflect.get(raw, key);
    if (typeof v !== "number" || !Number.isSafeInteger(v)) return null;
    const limit = key.endsWith("Modifier") ? CHOICE_LIMITS.modifier : CHOICE_LIMITS.edge;
    if (key.endsWith("Modifier") ? Math.abs(v) > limit : v < 0 || v > limit) return null;
    out[key] = v;
  }
  const choices: AttackChoices = { diceModifier: out.diceModifier ?? 0, targetModifier: out.targetModifier ?? 0, edgeDice: out.edgeDice ?? 0, edgeTarget: out.edgeTarget ?? 0, damageEdgeDice: out.damageEdgeDice ?? 0 };
  return edgeSpent(choices) <= edgeAvailable ? choices : null;
}

export function edgeSpent(c: AttackChoices): number {
  return c.edgeDice + c.edgeTarget + c.damageEdgeDice;
}

/* ---------- reading actors ---------- */

function flange(actor: Actor.Implementation | null | undefined): FlangeActorModel | null {
  return modelOf(actor, FlangeActorModel);
}

/** The attack input of an actor with a weapon (its skill's dice, the weapon's attribute), before carries and choices. */
export function weaponAttack(actor: Actor.Implementation, weapon: FlangeWeaponModel): { skillDice: number; attributeTarget: number } {
  const m = requireModel(actor, FlangeActorModel);
  const name = weapon.skill.trim().toLowerCase();
  const skill = m.skills.find((s) => s.name.toLowerCase() === name && (weapon.heading === "" || s.heading === weapon.heading));
  const heading = skill?.heading ?? (weapon.heading === "" ? null : weapon.heading);
  const skillDice = skill ? skill.dice : heading ? m.generalisation[heading] : 0;
  return { skillDice: Math.min(R.CHECK_DICE_MAX, skillDice), attributeTarget: m.attributes[weapon.attribute] };
}

/** The dodge or block check of a defender: a skill it names (setting "skill"), else 3 dice on Athleticism. */
export function defenceCheck(defender: Actor.Implementation, skillId: string | null): R.CheckInput {
  const m = requireModel(defender, FlangeActorModel);
  const target = m.attributes.athleticism;
  if (flangeCombatRules().defenceDice === "skill" && skillId) {
    const view = m.skills.find((s) => s.id === skillId);
    if (!view) throw new RangeError(localize("BREADBOX.Flange.Combat.NoSuchSkill"));
    return { dice: view.dice, target };
  }
  return { dice: R.ATTRIBUTE_ONLY_DICE, target };
}

/** The round the attacker's combat is in (0 outside combat) and the combat's id. */
function roundOf(actor: Actor.Implementation): { combatId: string; round: number } {
  const combat = combatOf(actor);
  return combat?.id && combat.round >= 1 ? { combatId: combat.id, round: Math.min(R.COMBAT_ROUND_MAX, combat.round) } : { combatId: "", round: 0 };
}

/** What earlier exchanges give this attack (nothing outside combat). */
function carryFor(actor: Actor.Implementation): R.AttackCarry {
  const { combatId, round } = roundOf(actor);
  return round > 0 ? R.attackCarry(combatantState(actor, combatId), round) : { counterattackBonus: false, failedBlockPenalty: false };
}

/** The exchange's rules-core input. */
export function exchangeInput(attacker: Actor.Implementation, weapon: FlangeWeaponModel, defender: Actor.Implementation, choices: AttackChoices, defence: R.DefenceInput): R.ExchangeInput {
  const d = requireModel(defender, FlangeActorModel);
  return {
    attack: {
      ...weaponAttack(attacker, weapon),
      ...carryFor(attacker),
      diceModifier: choices.diceModifier,
      targetModifier: choices.targetModifier,
      edgeDice: choices.edgeDice,
      edgeTarget: choices.edgeTarget,
    },
    weapon: { damageDice: weapon.damageDots, damageModifier: weapon.damageModifier },
    defence,
    armour: Math.min(R.ARMOUR_MAX, d.armour),
    damageEdgeDice: choices.damageEdgeDice,
    defenderHealth: d.healthState(),
  };
}

/* ---------- 1. the attack card ---------- */

export interface FlangeAttackFlags {
  type: "flangeAttack";
  attackerUuid: string;
  targetUuid: string;
  weaponId: string;
  choices: AttackChoices;
  /** Display only: the declared defence once the GM resolved it. */
  declared?: string;
  /** For an attack called by a simultaneous-action reveal: the reveal card and the attack's index there. */
  simultaneous?: { messageId: string; index: number };
}

function attackFlags(message: ChatMessage.Implementation): FlangeAttackFlags | null {
  const f = cardFlags(message);
  if (f.type !== "flangeAttack" || typeof f.attackerUuid !== "string" || typeof f.targetUuid !== "string" || typeof f.weaponId !== "string") return null;
  const sim: unknown = f.simultaneous;
  const simultaneous =
    sim && typeof sim === "object" && typeof Reflect.get(sim, "messageId") === "string" && Number.isSafeInteger(Reflect.get(sim, "index"))
      ? { messageId: String(Reflect.get(sim, "messageId")), index: Number(Reflect.get(sim, "index")) }
      : undefined;
  return { type: "flangeAttack", attackerUuid: f.attackerUuid, targetUuid: f.targetUuid, weaponId: f.weaponId, choices: { ...NO_CHOICES, ...(typeof f.choices === "object" ? f.choices : {}) }, simultaneous };
}

/** Read the attack dialog: bad input is a localized error (the dialog shows it and will not roll). */
export function readAttackForm(form: HTMLFormElement, edgeAvailable: number): AttackChoices {
  const label = (key: keyof AttackChoices) => localize(`BREADBOX.Flange.Combat.Choice.${key}`);
  const modifier = (key: "diceModifier" | "targetModifier") => readInt(form, key, label(key), -CHOICE_LIMITS.modifier, CHOICE_LIMITS.modifier, 0);
  const edge = (key: "edgeDice" | "edgeTarget" | "damageEdgeDice") => readInt(form, key, label(key), 0, CHOICE_LIMITS.edge, 0);
  const raw = { diceModifier: modifier("diceModifier"), targetModifier: modifier("targetModifier"), edgeDice: edge("edgeDice"), edgeTarget: edge("edgeTarget"), damageEdgeDice: edge("damageEdgeDice") };
  if (edgeSpent(raw) > edgeAvailable) throw new Error(format("BREADBOX.Flange.Combat.NotEnoughEdge", { spent: edgeSpent(raw), available: edgeAvailable }));
  return raw;
}

/** The odds of the attack as the attacker sets it up, against an undefended target (the defence is not declared yet). */
export function attackOddsHtml(x: R.ExchangeInput): string {
  return oddsPanelHtml(R.exchangeOdds(x), { labelKey: (key) => `BREADBOX.Flange.Combat.Outcome.${key}` });
}

/** Start an attack with a weapon against the user's targeted token (the weapon's "attack" button). */
export async function attackWithWeapon(actor: Actor.Implementation, weapon: Item.Implementation, event?: Event | null): Promise<ChatMessage.Implementation | null> {
  const w = requireModel(weapon, FlangeWeaponModel);
  const a = requireModel(actor, FlangeActorModel);
  const target = targetedActors()[0] ?? null;
  if (!target) {
    notify("warn", "BREADBOX.Flange.Combat.NoTarget");
    return null;
  }
  if (!flange(target)) {
    notify("warn", "BREADBOX.Flange.Combat.WrongRulesetTarget", { name: target.name ?? "" });
    return null;
  }
  return declareAttack(actor, weapon, target, event, { edgeAvailable: a.edgeAvailable, weapon: w });
}

async function declareAttack(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
  target: Actor.Implementation,
  event: Event | null | undefined,
  { edgeAvailable, weapon: w, simultaneous }: { edgeAvailable: number; weapon: FlangeWeaponModel; simultaneous?: { messageId: string; index: number; defence: R.DefenceInput } },
): Promise<ChatMessage.Implementation | null> {
  let choices: AttackChoices = { ...NO_CHOICES };
  let mode: MessageMode = currentMessageMode();
  if (!skipDialog(event)) {
    const content = await foundry.applications.handlebars.renderTemplate(templatePath("flange/combat/attack-dialog.hbs"), {
      weapon: weapon.name ?? "",
      target: target.name ?? "",
      damage: w.damageNotation,
      attribute: localize(`BREADBOX.Flange.Combat.Attr.${w.attribute}`),
      edgeAvailable,
      modifierLimit: CHOICE_LIMITS.modifier,
      edgeLimit: Math.min(CHOICE_LIMITS.edge, edgeAvailable),
    });
    const result = await rollDialog<AttackChoices>({
      title: format("BREADBOX.Flange.Combat.AttackTitle", { weapon: weapon.name ?? "", target: target.name ?? "" }),
      content,
      read: (form) => readAttackForm(form, edgeAvailable),
      odds: (c) => attackOddsHtml(exchangeInput(actor, w, target, c, simultaneous?.defence ?? { kind: "none" })),
      rollLabel: "BREADBOX.Flange.Combat.Declare",
    });
    if (!result) return null;
    choices = result.value;
    mode = result.mode;
  }
  const flags: FlangeAttackFlags = {
    type: "flangeAttack",
    attackerUuid: actor.uuid,
    targetUuid: target.uuid,
    weaponId: weapon.id ?? "",
    choices,
    ...(simultaneous ? { simultaneous: { messageId: simultaneous.messageId, index: simultaneous.index } } : {}),
  };
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("flange/combat/attack-card.hbs"), {
    attacker: actor.name ?? "",
    target: target.name ?? "",
    weapon: weapon.name ?? "",
    damage: w.damageNotation,
    attribute: localize(`BREADBOX.Flange.Combat.Attr.${w.attribute}`),
    edge: edgeSpent(choices),
    simultaneous: Boolean(simultaneous),
    visibility: `owner:${target.uuid}`,
  });
  const posted = await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, flags: { [SYSTEM_ID]: { ...flags } } }, audienceForMode(mode));
  return posted ?? null;
}

/* ---------- 2. the defender declares ---------- */

const DECLARATIONS = new Map<string, R.DefenceInput["kind"]>([
  // The GM's ruling for an ambush or a sniper: the defender gets no defence at all.
  ["none", "none"],
  ["counterattack", "counterattack"],
  ["dodge", "dodge"],
  ["block", "block"],
]);

/** The defender's button: Counterattack, Dodge, Block (object) or Block (body). */
export async function onDeclare(message: ChatMessage.Implementation, button: HTMLElement, event: Event): Promise<void> {
  const flags = attackFlags(message);
  const kind = DECLARATIONS.get(button.dataset.defence ?? "");
  if (!flags || !kind) return;
  if (isResolved(message)) {
    notify("warn", "BREADBOX.Flange.Combat.AlreadyResolved");
    return;
  }
  const defender = lookupUuidSync(flags.targetUuid);
  if (!(defender instanceof BreadboxActor) || !defender.isOwner) {
    notify("warn", "BREADBOX.Flange.Combat.NotYourDefender");
    return;
  }
  const blockWith = button.dataset.with === "object" ? "object" : "body";
  let skillId: string | null = null;
  // The resolution's visibility: the attack card's audience, plus the defence dialog's own mode.
  let mode: MessageMode = "public";
  if ((kind === "dodge" || kind === "block") && flangeCombatRules().defenceDice === "skill") {
    const skills = itemsWithModel(defender, FlangeSkillModel);
    if (skills.length && !skipDialog(event)) {
      // The odds the defender sees: this attack (as its card announces it) against the defence with each skill.
      const attacker = lookupUuidSync(flags.attackerUuid);
      const weapon = attacker instanceof BreadboxActor ? modelOf(attacker.items.get(flags.weaponId), FlangeWeaponModel) : null;
      const odds =
        attacker instanceof BreadboxActor && weapon && flange(attacker)
          ? (id: string | null): string => {
              // Odds are information only: odd card data shows none rather than blocking the declaration.
              try {
                const check = defenceCheck(defender, id);
                const defence: R.DefenceInput = kind === "dodge" ? { kind: "dodge", check } : { kind: "block", check, with: blockWith };
                return attackOddsHtml(exchangeInput(attacker, weapon, defender, choicesWithinLimits(flags.choices, Number.MAX_SAFE_INTEGER) ?? NO_CHOICES, defence));
              } catch {
                return "";
              }
            }
          : undefined;
      const picked = await pickDefenceSkill(defender, kind, skills.map(({ item, model }) => ({ id: item.id ?? "", name: item.name ?? "", heading: model.heading })), odds);
      if (picked === undefined) return;
      skillId = picked.skillId;
      mode = picked.mode;
    } else {
      skillId = defaultDefenceSkill(defender);
    }
  }
  await applyOrRelay("flange.declare", { uuid: defender.uuid }, { messageId: message.id, defence: kind, with: blockWith, skillId, mode });
}

/** The defender's best Acrobatics skill (the example's dodges and blocks), or none (3 dice on Athleticism). */
export function defaultDefenceSkill(defender: Actor.Implementation): string | null {
  const m = flange(defender);
  const best = m?.skills.filter((s) => s.heading === "acrobatics").sort((a, b) => b.dice - a.dice)[0];
  return best && best.dice > 0 ? best.id : null;
}

/** A small dialog: which skill the dodge or block rolls (or attribute only). undefined = cancelled. */
async function pickDefenceSkill(defender: Actor.Implementation, kind: string, skills: { id: string; name: string; heading: string }[], odds?: (skillId: string | null) => string): Promise<{ skillId: string | null; mode: MessageMode } | undefined> {
  const preferred = defaultDefenceSkill(defender) ?? "";
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("flange/combat/defence-dialog.hbs"), {
    skills: skills.map((s) => ({ ...s, selected: s.id === preferred })),
    attributeOnly: preferred === "",
  });
  const result = await rollDialog<string | null>({
    title: localize(`BREADBOX.Flange.Combat.Defence.${kind}`),
    content,
    read: (form) => {
      const v = readString(form, "skillId");
      if (v !== "" && !skills.some((s) => s.id === v)) throw new Error(localize("BREADBOX.Flange.Combat.NoSuchSkill"));
      return v === "" ? null : v;
    },
    odds,
    rollLabel: "BREADBOX.Flange.Combat.Declare",
  });
  return result ? { skillId: result.value, mode: result.mode } : undefined;
}

/* ---------- 3. the GM resolves ---------- */

/** The ledger mark of an attack card that has its resolution (claimed on the GM's client). */
const RESOLVED_MARK = "resolved";
/** The ledger mark of the Edge the GM's client spent for an attack card (its value: the points). */
const EDGE_SPENT_MARK = "edgeSpent";

/** The ledger mark on a reveal card of the planned attack of a combatant, once it was rolled. */
export function plannedAttackMark(attackerCombatantId: string): string {
  return `used:${attackerCombatantId}`;
}

/** An attack card that the ledger says is resolved (its mark, or a Flange resolution naming it). */
function isResolved(message: ChatMessage.Implementation): boolean {
  if (!message.id) return false;
  return hasMark(message.id, RESOLVED_MARK) || ledgerResolutions().some((r) => r.resolution.ruleset === "flange" && r.resolution.attackMessageId === message.id);
}

function requesterOwns(requester: User.Implementation, ...docs: (Actor.Implementation | null | undefined)[]): boolean {
  return requester.isGM || docs.some((d) => Boolean(d?.testUserPermission(requester, "OWNER")));
}

export interface FlangeResolutionFlags {
  type: "flangeResolution";
  attackMessageId: string;
  attackerUuid: string;
  targetUuid: string;
  damage: number;
  hit: boolean;
  /** Display only; the ledger is the record. */
  applied?: boolean;
  seriousInjury?: boolean;
}

/** A planned attack of a simultaneous-action reveal, as the GM's reveal card records it. */
export interface PlannedAttack {
  attacker: string;
  defender: string;
  attackerUuid: string;
  defenderUuid: string;
  defence: R.SimultaneousDefence;
  blockWith: R.BlockWith | null;
}

/** The plan a genuine (GM-written) reveal card holds for attack `index`, or null. */
export function plannedAttack(messageId: string, index: number): PlannedAttack | null {
  const reveal = game.messages?.get(messageId);
  if (!reveal || !writtenByGMOrOwner(reveal, null)) return null;
  const f = cardFlags(reveal);
  if (f.type !== "flangeSimultaneous" || !Array.isArray(f.attacks)) return null;
  const a: unknown = f.attacks[index];
  if (!a || typeof a !== "object") return null;
  const get = (k: string): unknown => Reflect.get(a, k);
  const defence = get("defence");
  if (defence !== "none" && defence !== "dodge" && defence !== "block") return null;
  const blockWith = get("blockWith") === "object" ? "object" : get("blockWith") === "body" ? "body" : null;
  return { attacker: String(get("attacker")), defender: String(get("defender")), attackerUuid: String(get("attackerUuid")), defenderUuid: String(get("defenderUuid")), defence, blockWith };
}

/**
 * GM side of a declaration. The requester must be the GM or own the defender (the card's target);
 * the attack card must be written by the GM or an owner of the attacker (ledger), not resolved,
 * name a weapon the attacker still has, and carry choices within the dialog's limits and the
 * attacker's Edge. An attack called by a simultaneous reveal takes its defence from the GM's
 * reveal card, once. Then the GM's client rolls and resolves (resolveAttack).
 */
export async function relayDeclare(ctx: RelayContext): Promise<RelayResult> {
  const messageId = typeof ctx.payload.messageId === "string" ? ctx.payload.messageId : "";
  const message = messageId ? game.messages?.get(messageId) : undefined;
  const flags = message ? attackFlags(message) : null;
  if (!message || !flags) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const defender = ctx.target;
  if (!(defender instanceof BreadboxActor) || defender.uuid !== flags.targetUuid || !flange(defender)) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  const attacker = lookupUuidSync(flags.attackerUuid);
  if (!(attacker instanceof BreadboxActor) || !flange(attacker)) return { ok: false, error: "BREADBOX.Flange.Combat.MissingActor" };
  const refusal = cardRefusal(message, attacker);
  if (refusal) return { ok: false, error: refusal };
  if (isResolved(message)) return { ok: false, error: "BREADBOX.Flange.Combat.AlreadyResolved" };
  const weaponItem = attacker.items.get(flags.weaponId);
  const weapon = modelOf(weaponItem, FlangeWeaponModel);
  if (!weaponItem || !weapon) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  const a = requireModel(attacker, FlangeActorModel);
  const choices = choicesWithinLimits(cardFlags(message).choices, a.edgeAvailable);
  if (!choices) return { ok: false, error: "BREADBOX.Flange.Combat.BadChoices" };
  let defence: R.DefenceInput;
  /** The reveal card and its mark, for an attack a simultaneous reveal called for. */
  let reveal: { messageId: string; mark: string } | null = null;
  if (flags.simultaneous) {
    // The defence was fixed by the reveal: either side's owner may ask, nobody may choose.
    if (!requesterOwns(ctx.requester, attacker, defender)) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
    const plan = plannedAttack(flags.simultaneous.messageId, flags.simultaneous.index);
    if (!plan || plan.attackerUuid !== attacker.uuid || plan.defenderUuid !== defender.uuid) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
    // Once per planned attack: the mark lives on the GM's reveal card, never on the attacker's card.
    reveal = { messageId: flags.simultaneous.messageId, mark: plannedAttackMark(plan.attacker) };
    if (hasMark(reveal.messageId, reveal.mark)) return { ok: false, error: "BREADBOX.Flange.Combat.AlreadyResolved" };
    const skillId = plan.defence === "none" ? null : defaultDefenceSkill(defender);
    defence = plan.defence === "none" ? { kind: "none" } : plan.defence === "dodge" ? { kind: "dodge", check: defenceCheck(defender, skillId) } : { kind: "block", check: defenceCheck(defender, skillId), with: plan.blockWith ?? "body" };
  } else {
    if (!requesterOwns(ctx.requester, defender)) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
    const kind = DECLARATIONS.get(typeof ctx.payload.defence === "string" ? ctx.payload.defence : "");
    if (!kind) return { ok: false, error: "BREADBOX.Relay.Malformed" };
    if (kind === "none" && !ctx.requester.isGM) return { ok: false, error: "BREADBOX.Flange.Combat.UndefendedGMOnly" };
    const skillId = typeof ctx.payload.skillId === "string" && ctx.payload.skillId ? ctx.payload.skillId : null;
    if (ctx.payload.skillId !== null && ctx.payload.skillId !== undefined && typeof ctx.payload.skillId !== "string") return { ok: false, error: "BREADBOX.Relay.Malformed" };
    if (skillId && !defender.items.get(skillId)) return { ok: false, error: "BREADBOX.Flange.Combat.NoSuchSkill" };
    const blockWith = ctx.payload.with === "object" ? "object" : ctx.payload.with === "body" ? "body" : null;
    if (kind === "block" && !blockWith) return { ok: false, error: "BREADBOX.Relay.Malformed" };
    defence = kind === "none" || kind === "counterattack" ? { kind } : kind === "dodge" ? { kind, check: defenceCheck(defender, skillId) } : { kind, check: defenceCheck(defender, skillId), with: blockWith ?? "body" };
  }
  const mode = normaliseMessageMode(ctx.payload.mode) ?? "public";
  // Every check is done: claim the card's "once" marks (the attack card, and the reveal's planned
  // attack), each checked and set at once on this client, before anything is rolled or spent.
  if (!(await claimMark(messageId, RESOLVED_MARK))) return { ok: false, error: "BREADBOX.Flange.Combat.AlreadyResolved" };
  if (reveal && !(await claimMark(reveal.messageId, reveal.mark))) {
    await releaseMark(messageId, RESOLVED_MARK);
    return { ok: false, error: "BREADBOX.Flange.Combat.AlreadyResolved" };
  }
  const rollBack = async (): Promise<void> => {
    await releaseMark(messageId, RESOLVED_MARK);
    if (reveal) await releaseMark(reveal.messageId, reveal.mark);
  };
  let result: RelayResult;
  try {
    result = await withResourceLocks([attacker], async () => {
      // The attacker's Edge, read again under its resource lock: another request may have spent it.
      const spent = edgeSpent(choices);
      const now = requireModel(attacker, FlangeActorModel);
      if (spent > now.edgeAvailable) return { ok: false, error: "BREADBOX.Flange.Combat.NotEnoughEdgeNow" };
      if (spent > 0) await attacker.update({ system: { edge: { spent: now.edge.spent + spent } } });
      // The record of the spend: the resolution uses this, not the card's figure.
      await updateLedger(messageId, { marks: { ...ledgerEntry(messageId)?.marks, [EDGE_SPENT_MARK]: spent } });
      let posted: ChatMessage.Implementation | undefined;
      try {
        posted = await resolveAttack(message, attacker, weaponItem, weapon, defender, recordedChoices(messageId, choices), defence, mode);
      } finally {
        // Nothing resolved: the Edge comes back.
        if (!posted && spent > 0) {
          const after = requireModel(attacker, FlangeActorModel);
          await attacker.update({ system: { edge: { spent: Math.max(0, after.edge.spent - spent) } } });
        }
      }
      return posted ? { ok: true } : { ok: false, error: "BREADBOX.Relay.Failed" };
    });
  } catch (err) {
    await rollBack();
    throw err;
  }
  if (!result.ok) await rollBack();
  return result;
}

/**
 * The choices an attack resolves with: the card's modifiers, and Edge only as the GM's client
 * recorded spending it for this card (none when there is no record).
 */
function recordedChoices(messageId: string, choices: AttackChoices): AttackChoices {
  const recorded = markValue(messageId, EDGE_SPENT_MARK);
  if (typeof recorded === "number" && recorded === edgeSpent(choices)) return choices;
  return { ...choices, edgeDice: 0, edgeTarget: 0, damageEdgeDice: 0 };
}

/**
 * Roll and resolve one attack on the GM's client and post the resolution card. Every die is a
 * Foundry d10 fed to the rules core in the book's order (attack, dodge, damage, block).
 */
export async function resolveAttack(
  attackMessage: ChatMessage.Implementation,
  attacker: Actor.Implementation,
  weaponItem: Item.Implementation,
  weapon: FlangeWeaponModel,
  defender: Actor.Implementation,
  choices: AttackChoices,
  defence: R.DefenceInput,
  mode: MessageMode = "public",
): Promise<ChatMessage.Implementation | undefined> {
  if (!isLedgerKeeper()) throw new Error("Breadbox | only the active GM's client resolves attacks");
  const x = exchangeInput(attacker, weapon, defender, choices, defence);
  const carry = { counterattackBonus: x.attack.counterattackBonus === true, failedBlockPenalty: x.attack.failedBlockPenalty === true };
  const { value: r, rolls } = await rollWithFoundryDice((rng) => R.rollExchange(x, rng));
  // The Edge of these choices was spent by the caller on this client, under the attacker's
  // resource lock (relayDeclare), before anything was rolled.
  const spent = edgeSpent(choices);
  // Carry the exchange into the combatants' next attacks and initiative (the attacker's combat, this round).
  const { combatId, round } = roundOf(attacker);
  if (round > 0) {
    await attacker.update(combatantStateUpdate(combatId, R.afterAttack(combatantState(attacker, combatId), round)));
    if (combatOf(defender)?.id === combatId) {
      const next = R.afterDefence(combatantState(defender, combatId), round, r.effects);
      await defender.update(combatantStateUpdate(combatId, next));
      await syncCombatStatuses(defender, combatId, round);
    }
    await syncCombatStatuses(attacker, combatId, round);
  }
  const pool = R.settlePool(R.attackCheck(x.attack));
  const context = {
    attacker: attacker.name ?? "",
    defender: defender.name ?? "",
    weapon: weaponItem.name ?? "",
    defenceLabel: localize(`BREADBOX.Flange.Combat.Defence.${defence.kind === "block" ? `block${defence.with === "object" ? "Object" : "Body"}` : defence.kind}`),
    attack: { faces: r.attack.faces.join(", "), dice: pool.dice, target: pool.target, successes: r.attack.successes, critical: r.attack.criticalFailure, ones: r.attack.ones },
    carry: { counterattack: carry.counterattackBonus, failedBlock: carry.failedBlockPenalty },
    edge: spent,
    defenceRoll: r.defence ? { faces: r.defence.faces.join(", "), successes: r.defence.successes, target: defence.kind === "dodge" || defence.kind === "block" ? R.settlePool(defence.check).target : 0 } : null,
    dodge: defence.kind === "dodge",
    net: r.netSuccesses,
    hit: r.hit,
    damageRoll: r.damageRoll
      ? { faces: r.damageRoll.faces.join(", "), top: r.damageRoll.top, modifier: r.damageRoll.modifier === 0 ? "" : r.damageRoll.modifier > 0 ? `+ ${r.damageRoll.modifier}` : `− ${-r.damageRoll.modifier}`, armour: r.damageRoll.armour, damage: r.damageRoll.damage }
      : null,
    block: r.block ? localize(`BREADBOX.Flange.Combat.Block.${r.block}`) : "",
    outcome: localize(`BREADBOX.Flange.Combat.Outcome.${r.outcome}`),
    damage: r.damage,
    serious: r.applied?.seriousInjury ?? false,
    dead: r.applied?.status === "dead",
    canApply: r.hit && r.damage > 0,
    visibility: `owner:${attacker.uuid},${defender.uuid}`,
  };
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("flange/combat/resolution.hbs"), context);
  const flags: FlangeResolutionFlags = { type: "flangeResolution", attackMessageId: attackMessage.id ?? "", attackerUuid: attacker.uuid, targetUuid: defender.uuid, damage: r.damage, hit: r.hit };
  const posted = await postCard({ speaker: ChatMessage.getSpeaker({ actor: attacker }), content, rolls, flags: { [SYSTEM_ID]: { ...flags } } }, combineAudiences(audienceOf(attackMessage), audienceForMode(mode)));
  if (posted?.id) {
    // Apply reads only this: the damage the GM's client rolled (boxes, in the ledger's `wounds`).
    await updateLedger(posted.id, { resolution: { ruleset: "flange", attackMessageId: flags.attackMessageId, attackerUuid: attacker.uuid, targetUuid: defender.uuid, stun: 0, wounds: r.damage, applied: false } });
    // The attack card now says how it was met, without its buttons (display only; the ledger is the record).
    const content = await foundry.applications.handlebars.renderTemplate(templatePath("flange/combat/attack-card.hbs"), {
      attacker: attacker.name ?? "",
      target: defender.name ?? "",
      weapon: weaponItem.name ?? "",
      damage: weapon.damageNotation,
      attribute: localize(`BREADBOX.Flange.Combat.Attr.${weapon.attribute}`),
      edge: spent,
      declared: context.defenceLabel,
    });
    await attackMessage.update({ content, flags: { [SYSTEM_ID]: { declared: defence.kind } } });
  }
  return posted;
}

/* ---------- 4. Apply ---------- */

/** Largest damage one card may apply (far above any roll: 40 dice of 10s and +99). */
const MAX_APPLIED = 10_000;

/** Apply (or, for the GM, Apply as dramatic) on a resolution card. */
export async function onApply(message: ChatMessage.Implementation, button: HTMLElement): Promise<void> {
  const f = cardFlags(message);
  if (f.type !== "flangeResolution") return;
  const found = ledgerEntry(message.id)?.resolution;
  const entry = found?.ruleset === "flange" ? found : undefined;
  if (entry?.applied) {
    notify("warn", "BREADBOX.Flange.Combat.AlreadyApplied");
    return;
  }
  const target = entry ? lookupUuidSync(entry.targetUuid) : null;
  if (!(target instanceof BreadboxActor)) {
    notify("warn", entry ? "BREADBOX.Flange.Combat.MissingActor" : "BREADBOX.Relay.NotResolved");
    return;
  }
  const dramatic = button.dataset.dramatic === "1";
  const result = await applyOrRelay("flange.applyDamage", { uuid: target.uuid }, { messageId: message.id, dramatic });
  if (result.ok) notify("info", "BREADBOX.Flange.Combat.Applied", { name: target.name ?? "", boxes: Number(result.data?.boxes ?? 0), grind: Number(result.data?.grind ?? 0) });
}

/**
 * GM side of Apply. Everything comes from the ledger, nothing from the card. The requester must be
 * the GM or own the attacker or the target; only the GM may rule damage dramatic. The ledger's
 * `applied` is checked and set here, under the relay's lock on this card and target.
 */
export async function relayApplyDamage(ctx: RelayContext): Promise<RelayResult> {
  const dramatic = ctx.payload.dramatic === true;
  let applied: ReturnType<typeof R.applyDamage> | null = null;
  return applyRecordOnce(ctx, {
    ruleset: "flange",
    field: "resolution",
    model: flange,
    refuse(request, record, message) {
      if (cardFlags(message).type !== "flangeResolution") return "BREADBOX.Relay.NotResolved";
      if (dramatic && !request.requester.isGM) return "BREADBOX.Flange.Combat.DramaticGMOnly";
      if (record.wounds === 0 && !record.applied) return "BREADBOX.Flange.Combat.NothingToApply";
      return null;
    },
    valid: (record) => Number.isSafeInteger(record.wounds) && record.wounds > 0 && record.wounds <= MAX_APPLIED,
    alreadyApplied: "BREADBOX.Flange.Combat.AlreadyApplied",
    async write(target, t, record) {
      const result = R.applyDamage(t.healthState(), record.wounds, dramatic);
      await target.update({ system: { wounds: { value: result.after.lost }, grind: { value: result.after.grindLost } } });
      applied = result;
      return { boxes: result.boxesLost, grind: result.grindCrossed, serious: result.seriousInjury, status: result.status };
    },
    async after(target, _record, message) {
      if (!applied) return;
      const done = applied;
      if (done.status === "dead" && !target.statuses.has("dead")) await target.toggleStatusEffect("dead", { active: true, overlay: true });
      await message.update({ flags: { [SYSTEM_ID]: { seriousInjury: done.seriousInjury } } });
      // What the damage did, as a card everyone who saw the resolution can follow; a serious injury
      // carries the GM's button to name it.
      await postCard(
        {
          speaker: ChatMessage.getSpeaker({ actor: target }),
          content: await foundry.applications.handlebars.renderTemplate(templatePath("flange/combat/damage-applied.hbs"), {
            name: target.name ?? "",
            boxes: done.boxesLost,
            grind: done.grindCrossed,
            left: done.after.boxes - done.after.lost,
            total: done.after.boxes,
            dramatic,
            serious: done.seriousInjury,
            dead: done.status === "dead",
          }),
          flags: { [SYSTEM_ID]: { type: "flangeDamageApplied", resolutionId: message.id ?? "", targetUuid: target.uuid, seriousInjury: done.seriousInjury, dead: done.status === "dead" } },
        },
        combineAudiences(audienceOf(message)),
      );
    },
  });
}

/* ---------- serious injury: the GM names the condition ---------- */

export const SERIOUS_INJURY_STATUS = "flangeSeriousInjury";

/** Read the serious-injury dialog. */
export function readInjuryForm(form: HTMLFormElement): { name: string; penalty: number } {
  const name = readString(form, "condition").trim();
  if (!name) throw new Error(localize("BREADBOX.Flange.Combat.Injury.NeedName"));
  if (name.length > 200) throw new Error(localize("BREADBOX.Flange.Combat.Injury.NameTooLong"));
  const label = localize("BREADBOX.Flange.Combat.Injury.Penalty");
  // The penalty is required: blank is refused like any other value outside 0 to the maximum.
  if (readString(form, "penalty").trim() === "") throw new Error(format("BREADBOX.Flange.Combat.Injury.NeedPenalty", { field: label, min: 0, max: SERIOUS_INJURY_PENALTY_MAX }));
  return { name, penalty: readInt(form, "penalty", label, 0, SERIOUS_INJURY_PENALTY_MAX, 0) };
}

/** The Active Effect of a serious injury: the GM's name, the status, +penalty on all nine target numbers. */
export function injuryEffectData(name: string, penalty: number) {
  const base = { name, img: "icons/svg/blood.svg", statuses: [SERIOUS_INJURY_STATUS] };
  // v13 or v14 shape (compat.ts); every change adds, so v13's numeric mode is ADD.
  const data = effectChangesData(R.ATTRIBUTES.map((key) => ({ key: `system.attributes.${key}`, type: "add" as const, value: String(penalty) })));
  if ("changes" in data) return { ...base, changes: data.changes.map((c) => ({ key: c.key, value: c.value, mode: CONST.ACTIVE_EFFECT_MODES.ADD })) };
  return { ...base, system: data.system };
}

/** GM button on a serious-injury card: name the condition and its target-number penalty. */
export async function onSeriousInjury(message: ChatMessage.Implementation): Promise<void> {
  if (!currentUser().isGM) {
    notify("warn", "BREADBOX.Relay.NotGM");
    return;
  }
  const f = cardFlags(message);
  const target = typeof f.targetUuid === "string" ? lookupUuidSync(f.targetUuid) : null;
  if (f.type !== "flangeDamageApplied" || f.seriousInjury !== true || !(target instanceof BreadboxActor) || f.done === true) return;
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("flange/combat/injury-dialog.hbs"), { penalty: flangeCombatRules().seriousInjuryPenalty, max: SERIOUS_INJURY_PENALTY_MAX });
  const result = await rollDialog<{ name: string; penalty: number }>({
    title: format("BREADBOX.Flange.Combat.Injury.Title", { name: target.name ?? "" }),
    content,
    read: readInjuryForm,
    rollLabel: "BREADBOX.Flange.Combat.Injury.Apply",
  });
  if (!result) return;
  await target.createEmbeddedDocuments("ActiveEffect", [injuryEffectData(result.value.name, result.value.penalty)]);
  await message.update({ flags: { [SYSTEM_ID]: { done: true, condition: result.value.name, penalty: result.value.penalty } } });
}

/**
 * Script entry point (macros, `game.breadbox.flangeAttack`): attack with the named weapon of an
 * actor (its UUID, else the speaking actor: the selected token's, else the user's character)
 * against the user's target. Anything missing is a notification, not an error.
 */
export async function flangeAttackMacro(weaponName: unknown, actorUuid?: unknown, event?: Event | null): Promise<ChatMessage.Implementation | null> {
  const named = typeof actorUuid === "string" ? lookupUuidSync(actorUuid) : null;
  const actor = named instanceof BreadboxActor ? named : (ChatMessage.getSpeakerActor(ChatMessage.getSpeaker()) ?? game.user?.character ?? null);
  const item = actor && typeof weaponName === "string" ? itemsWithModel(actor, FlangeWeaponModel).find((w) => w.item.name === weaponName)?.item : undefined;
  if (!actor || !flange(actor) || !item) {
    notify("warn", "BREADBOX.Hotbar.NoActor", { name: typeof weaponName === "string" ? weaponName : "" });
    return null;
  }
  return attackWithWeapon(actor, item, event);
}

export { declareAttack };
