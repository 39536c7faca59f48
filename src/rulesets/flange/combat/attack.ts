/**
 * Flange's attack (seed 004 "Attack roll", "Damage roll", "Health", "Armour") on core's exchange
 * engine (src/core/exchange/engine.ts), which does the relay, the records, the "once" marks and
 * the buttons. Here: only the rules.
 *
 *  1. The attacker picks a weapon and a target and sets the modifiers and Edge in a dialog (live
 *     odds); the declaration card announces the attack. Nothing is rolled yet: in the book the
 *     defender declares before the attack roll.
 *  2. The defender's owner declares Counterattack, Dodge or Block (object or body; a defence-skill
 *     dialog); only the GM rules it undefended (an ambush). An attack called by a simultaneous-action
 *     reveal has one response, "planned": the defence the reveal fixed (simultaneous.ts).
 *  3. The active GM's client spends the attacker's Edge under its resource lock (read again there),
 *     rolls the attack, the dodge, the damage and the block in the book's order with Foundry dice
 *     fed to the rules core, and carries the counterattack bonus and failed-block penalties to the
 *     combatants' next exchanges (combat-state.ts).
 *  4. Apply writes the damage to the health boxes (grind wounds when the option is on; the GM's
 *     "dramatic" ruling, an engine apply option, straight to the standard boxes) and posts the damage card (injury.ts).
 */
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { requireModel, targetedActors } from "../../../core/foundry";
import { format, localize, modelOf, notify } from "../../../core/game";
import { rollDialog, skipDialog } from "../../../core/rolls/dialog";
import { readString } from "../../../core/forms/read";
import { checkInputs, readInputs } from "../../../core/forms/inputs";
import { rollWithFoundryDice } from "../../../core/rolls/foundry-dice";
import { audienceOf, currentMessageMode, type MessageMode } from "../../../core/compat";
import { claimMark, releaseMark } from "../../../core/chat/ledger-marks";
import { postCard } from "../../../core/chat/post";
import { DECLARATION, declareExchange, renderExchangeCard } from "../../../core/exchange/engine";
import type { ExchangeDefinition, ExchangeSides } from "../../../core/exchange/types";
import { FlangeActorModel } from "../data/actor";
import { FlangeWeaponModel } from "../data/weapons";
import { carryExchange } from "./tracker";
import { flangeCombatRules } from "./settings";
import { plannedAttack, plannedAttackMark, type PlannedAttack } from "./reveal-card";
import { attackInputsHtml, attackOddsHtml, attackPoolHtml, weaponSkillNotice, choicesWithinLimits, CHOICE_LIMITS, DEFENCE_EDGE_INPUTS, defaultDefenceSkill, defenceCheck, defenceEdgeHtml, defenceEdgeInputs, defenceSkills, edgeSpent, exchangeInput, flange, NO_CHOICES, NO_DEFENCE_EDGE, readAttackForm, roundOf, type AttackChoices, type DefenceEdge, type RolledDefence } from "./inputs";

const render = (name: string, data: Record<string, unknown>): Promise<string> => foundry.applications.handlebars.renderTemplate(templatePath(`flange/combat/${name}.hbs`), data);

/* ---------- the attacker's choices ---------- */

/** A declared attack: the weapon, the dialog's choices, and the reveal card that called for it. */
export interface AttackDeclaration extends AttackChoices {
  weaponId: string;
  simultaneous: { messageId: string; index: number } | null;
}

/* ---------- the defences: the engine's responses ---------- */

type Declaration = { kind: "none" | "counterattack" | "dodge"; label: string; gmOnly?: true } | { kind: "block"; with: R.BlockWith; label: string };

/** The defender's declarations, by response id. "none" is the GM's ruling for an ambush or a sniper. */
const DECLARATIONS: Record<string, Declaration> = {
  counterattack: { kind: "counterattack", label: "counterattack" },
  dodge: { kind: "dodge", label: "dodge" },
  blockObject: { kind: "block", with: "object", label: "blockObject" },
  blockBody: { kind: "block", with: "body", label: "blockBody" },
  none: { kind: "none", label: "noneAmbush", gmOnly: true },
};
/** The one response of an attack a simultaneous reveal called for: the defence the reveal fixed (either side's owner may ask it). */
export const PLANNED = "planned";

/** The defence of a declaration, rolled with the skill named (or the attribute only) and the defender's Edge. */
function defenceOf(d: Declaration, defender: Actor.Implementation, skillId: string | null, edge: DefenceEdge = NO_DEFENCE_EDGE): R.DefenceInput {
  if (d.kind === "block") return { kind: "block", check: defenceCheck(defender, skillId, "block", edge), with: d.with };
  return d.kind === "dodge" ? { kind: "dodge", check: defenceCheck(defender, skillId, "dodge", edge) } : { kind: d.kind };
}

function defenceLabel(defence: R.DefenceInput): string {
  return localize(`BREADBOX.Flange.Combat.Defence.${defence.kind === "block" ? `block${defence.with === "object" ? "Object" : "Body"}` : defence.kind}`);
}

/** The defence a reveal fixed: its declaration, with the defender's default skill (nobody chooses). */
export function plannedDefence(defender: Actor.Implementation, plan: PlannedAttack): R.DefenceInput {
  const id = plan.defence === "block" ? (plan.blockWith === "object" ? "blockObject" : "blockBody") : plan.defence;
  return defenceOf(DECLARATIONS[id] ?? { kind: "none", label: "none" }, defender, defaultDefenceSkill(defender, plan.defence === "block" ? "block" : "dodge"));
}

/* ---------- the exchange ---------- */

/** Largest damage one card may apply (far above any roll: 40 dice of 10s and +99). */
const MAX_APPLIED = 10_000;

/** The defence dialog's answer, as the GM checked it: the skill (null: attribute only) and the defender's Edge. */
type DefenceChoice = { skillId: string | null } & DefenceEdge;

/** The Edge a defence spends. */
const defenceEdgeSpent = (c: DefenceEdge): number => c.edgeDice + c.edgeTarget;

function weaponOf(attacker: Actor.Implementation, weaponId: string): { item: Item.Implementation; model: FlangeWeaponModel } {
  const item = attacker.items.get(weaponId);
  const model = modelOf(item, FlangeWeaponModel);
  if (!item || !model) throw new Error("BREADBOX.Relay.NotGenuine");
  return { item, model };
}

/** The attack card's body (declared: how it was met, once resolved). */
function attackCard({ attacker, target, choices }: ExchangeSides & { choices: AttackDeclaration }, declared = ""): Promise<string> {
  const { item, model } = weaponOf(attacker, choices.weaponId);
  const attribute = localize(`BREADBOX.Flange.Combat.Attr.${model.attribute}`);
  return render("attack-card", { attacker: attacker.name ?? "", target: target.name ?? "", weapon: item.name ?? "", damage: model.damageNotation, attribute, edge: edgeSpent(choices), simultaneous: Boolean(choices.simultaneous), declared });
}

/**
 * What the GM's client rolled for an attack, kept on its resolution card (which only a GM can
 * write; the card is the engine's, recorded in the GM's ledger): the rules core's input and the
 * faces, for the Edge re-roll of one of its rolls (reroll.ts), and what the card shows.
 */
export interface AttackRecord {
  x: R.ExchangeInput;
  faces: R.ExchangeFaces;
  effects: R.ExchangeEffects;
  combat: { combatId: string; round: number };
  weapon: string;
  /** Edge the attacker and the defender spent before the rolls. */
  edge: number;
  defenceEdge: number;
  /** The sides that have spent their Edge re-roll on this attack ("attacker", "defender"). */
  rerolled: string[];
  /** The roll this card re-rolled, when it is a re-roll's result. */
  rerollOf?: R.ExchangeRerollPart;
}
/** The resolution card's flag holding the AttackRecord. */
export const ATTACK_RECORD = "flangeAttack";

/** The resolution card's body: every roll in the book's order, the Edge re-roll buttons of the sides that have one left. */
export async function resolutionHtml(attacker: Actor.Implementation, defender: Actor.Implementation, record: AttackRecord, r: R.ExchangeResult): Promise<string> {
  const { x } = record;
  const defence = x.defence;
  const pool = R.settlePool(R.attackCheck(x.attack));
  const signed = (m: number): string => (m === 0 ? "" : m > 0 ? `+ ${m}` : `− ${-m}`);
  const attackerMay = !record.rerolled.includes("attacker");
  const defenderMay = !record.rerolled.includes("defender");
  return render("resolution", {
    attacker: attacker.name ?? "",
    defender: defender.name ?? "",
    attackerUuid: attacker.uuid,
    defenderUuid: defender.uuid,
    weapon: record.weapon,
    defenceLabel: defenceLabel(defence),
    attack: { faces: r.attack.faces.join(", "), dice: pool.dice, target: pool.target, successes: r.attack.successes, critical: r.attack.criticalFailure, ones: r.attack.ones },
    carry: { counterattack: x.attack.counterattackBonus === true, failedBlock: x.attack.failedBlockPenalty === true },
    edge: record.edge,
    defenceRoll: r.defence ? { faces: r.defence.faces.join(", "), successes: r.defence.successes, target: defence.kind === "dodge" || defence.kind === "block" ? R.settlePool(defence.check).target : 0, critical: r.defence.criticalFailure, ones: r.defence.ones, edge: record.defenceEdge } : null,
    dodge: defence.kind === "dodge",
    net: r.netSuccesses,
    hit: r.hit,
    damageRoll: r.damageRoll ? { ...r.damageRoll, faces: r.damageRoll.faces.join(", "), modifier: signed(r.damageRoll.modifier) } : null,
    block: r.block ? localize(`BREADBOX.Flange.Combat.Block.${r.block}`) : "",
    outcome: localize(`BREADBOX.Flange.Combat.Outcome.${r.outcome}`),
    damage: r.damage,
    serious: r.applied?.seriousInjury ?? false,
    dead: r.applied?.status === "dead",
    rerollOf: record.rerollOf ? localize(`BREADBOX.Flange.Combat.Reroll.${record.rerollOf}`) : "",
    reroll: { attack: attackerMay, damage: attackerMay && r.damageRoll !== null, defence: defenderMay && r.defence !== null },
  });
}

/** The damage each Apply wrote, from apply to follow (the active GM's client, one call after the other). */
const appliedNow = new Map<string, { result: ReturnType<typeof R.applyDamage>; dramatic: boolean }>();
/** The GM's apply option: the damage "dramatic", straight to the standard boxes (seed 004 "Grind"). */
const DRAMATIC = "dramatic";

export const flangeAttack: ExchangeDefinition<AttackDeclaration, DefenceChoice> = {
  ruleset: "flange",
  kind: "attack",
  applyLabel: "BREADBOX.Flange.Combat.Apply",
  applyOptions: [{ id: DRAMATIC, label: "BREADBOX.Flange.Combat.ApplyDramatic", icon: "fa-solid fa-crosshairs", gmOnly: true }],

  checkChoices(raw, { attacker, target }) {
    const a = flange(attacker);
    if (!a || !flange(target)) throw new Error("BREADBOX.Flange.Combat.MissingActor");
    const weaponId = typeof raw.weaponId === "string" ? raw.weaponId : "";
    weaponOf(attacker, weaponId);
    const choices = choicesWithinLimits(raw, a.edgeAvailable);
    if (!choices) throw new Error("BREADBOX.Flange.Combat.BadChoices");
    const sim: unknown = raw.simultaneous;
    if (sim === null || sim === undefined) return { ...choices, weaponId, simultaneous: null };
    const messageId: unknown = typeof sim === "object" ? Reflect.get(sim, "messageId") : null;
    const index: unknown = typeof sim === "object" ? Reflect.get(sim, "index") : null;
    if (typeof messageId !== "string" || messageId.length > 64 || typeof index !== "number" || !Number.isSafeInteger(index) || index < 0 || index > 64) throw new Error("BREADBOX.Relay.Malformed");
    return { ...choices, weaponId, simultaneous: { messageId, index } };
  },

  async declarationCard(declared) {
    return { html: await attackCard(declared) };
  },

  responses({ choices }) {
    if (choices.simultaneous) return [{ id: PLANNED, label: "BREADBOX.Flange.Combat.RollAttack", either: true }];
    return Object.entries(DECLARATIONS).map(([id, d]) => ({ id, label: `BREADBOX.Flange.Combat.Defence.${d.label}`, ...("gmOnly" in d ? { gmOnly: true } : {}) }));
  },

  async respondDialog({ attacker, target: defender, choices }, response, event) {
    const d = DECLARATIONS[response];
    if (!d || (d.kind !== "dodge" && d.kind !== "block")) return { choices: { skillId: null, ...NO_DEFENCE_EDGE }, mode: "public" };
    const kind: RolledDefence = d.kind;
    const bySkill = flangeCombatRules().defenceDice === "skill";
    const skills = bySkill ? defenceSkills(defender, kind) : [];
    const preferred = bySkill ? defaultDefenceSkill(defender, kind) : null;
    const edgeAvailable = flange(defender)?.edgeAvailable ?? 0;
    if ((!skills.length && edgeAvailable < 1) || skipDialog(event)) return { choices: { skillId: preferred, ...NO_DEFENCE_EDGE }, mode: "public" };
    const limit = Math.min(CHOICE_LIMITS.edge, edgeAvailable);
    const read = (form: HTMLFormElement): DefenceChoice => {
      const v = bySkill ? readString(form, "skillId") : "";
      if (v !== "" && !skills.some((s) => s.id === v)) throw new Error(localize("BREADBOX.Flange.Combat.NotADefenceSkill"));
      const edge = readInputs(form, defenceEdgeInputs(limit));
      if (defenceEdgeSpent(edge) > edgeAvailable) throw new Error(format("BREADBOX.Flange.Combat.NotEnoughEdge", { spent: defenceEdgeSpent(edge), available: edgeAvailable }));
      const choice = { skillId: v === "" ? null : v, ...edge };
      R.settlePool(defenceCheck(defender, choice.skillId, kind, edge)); // Edge may not lower the target below 5 (throws, named)
      return choice;
    };
    // The odds the defender sees: this attack (as its card announces it) against the defence with the skill and Edge chosen.
    const odds = (c: DefenceChoice): string => {
      try {
        return attackOddsHtml(attacker, weaponOf(attacker, choices.weaponId).model, defender, choices, defenceOf(d, defender, c.skillId, c));
      } catch {
        return ""; // odds are information only
      }
    };
    const options = skills.map((s) => ({ id: s.id, name: s.name, heading: s.heading, selected: s.id === preferred }));
    const result = await rollDialog<DefenceChoice>({
      title: localize(`BREADBOX.Flange.Combat.Defence.${d.kind}`),
      content: await render("defence-dialog", { bySkill, skills: options, attributeOnly: preferred === null, edgeAvailable, edge: edgeAvailable > 0 ? await defenceEdgeHtml(edgeAvailable) : "" }),
      read,
      odds,
      rollLabel: "BREADBOX.Flange.Combat.Declare",
    });
    return result ? { choices: { ...result.value }, mode: result.mode } : null;
  },

  checkResponse(raw, { target: defender }, response) {
    const skillId: unknown = raw.skillId ?? null;
    if (skillId !== null && typeof skillId !== "string") throw new Error("BREADBOX.Relay.Malformed");
    if (skillId && !defender.items.get(skillId)) throw new Error("BREADBOX.Flange.Combat.NoSuchSkill");
    const d = DECLARATIONS[response];
    const rolled = d && (d.kind === "dodge" || d.kind === "block") ? d.kind : null;
    let edge: DefenceEdge;
    try {
      edge = checkInputs(raw, DEFENCE_EDGE_INPUTS);
    } catch {
      throw new Error("BREADBOX.Flange.Combat.BadChoices");
    }
    // Edge only on a rolled defence, never more than the defender has left (read again when it is spent).
    if (defenceEdgeSpent(edge) > 0 && (!rolled || defenceEdgeSpent(edge) > (flange(defender)?.edgeAvailable ?? 0))) throw new Error("BREADBOX.Flange.Combat.BadChoices");
    if (rolled) {
      // The skill must be one an Athleticism check for this defence may use; Edge may not push the target below 5.
      try {
        R.settlePool(defenceCheck(defender, skillId || null, rolled, edge));
      } catch (err) {
        throw new Error(err instanceof RangeError && err.message === localize("BREADBOX.Flange.Combat.NotADefenceSkill") ? "BREADBOX.Flange.Combat.NotADefenceSkill" : "BREADBOX.Flange.Combat.BadChoices");
      }
    }
    return { skillId: skillId || null, ...edge };
  },

  spends({ attacker, target }) {
    return [attacker, target];
  },

  async resolve({ attacker, target: defender, choices, declaration }, response) {
    const weapon = weaponOf(attacker, choices.weaponId);
    /** For an attack a reveal called for: the reveal card and its once-per-combatant mark, claimed here. */
    let reveal: { messageId: string; mark: string } | null = null;
    let defence: R.DefenceInput;
    if (choices.simultaneous) {
      const plan = plannedAttack(choices.simultaneous.messageId, choices.simultaneous.index);
      if (!plan || plan.attackerUuid !== attacker.uuid || plan.defenderUuid !== defender.uuid) throw new Error("BREADBOX.Relay.NotGenuine");
      defence = plannedDefence(defender, plan);
      reveal = { messageId: choices.simultaneous.messageId, mark: plannedAttackMark(plan.attacker) };
      if (!(await claimMark(reveal.messageId, reveal.mark, declaration.id ?? true))) throw new Error("BREADBOX.Flange.Combat.AlreadyResolved");
    } else {
      const d = DECLARATIONS[response.id];
      if (!d) throw new Error("BREADBOX.Relay.Malformed");
      defence = defenceOf(d, defender, response.choices.skillId, response.choices);
    }
    try {
      // The attacker's Edge, read again under its resource lock: another request may have spent it.
      const spent = edgeSpent(choices);
      const now = requireModel(attacker, FlangeActorModel);
      if (spent > now.edgeAvailable) throw new Error("BREADBOX.Flange.Combat.NotEnoughEdgeNow");
      // The defender's Edge on a dodge or block, read again under its resource lock too.
      const defenceSpent = choices.simultaneous ? 0 : defenceEdgeSpent(response.choices);
      const same = attacker.uuid === defender.uuid;
      if (defenceSpent > requireModel(defender, FlangeActorModel).edgeAvailable - (same ? spent : 0)) throw new Error("BREADBOX.Flange.Combat.NotEnoughEdgeDefender");
      const x = exchangeInput(attacker, weapon.model, defender, choices, defence);
      const { value: r, rolls } = await rollWithFoundryDice((rng) => R.rollExchange(x, rng), { batch: true });
      await carryExchange(attacker, defender, roundOf(attacker), r.effects);
      const record: AttackRecord = { x, faces: r.faces, effects: r.effects, combat: roundOf(attacker), weapon: weapon.item.name ?? "", edge: spent, defenceEdge: defenceSpent, rerolled: [] };
      const html = await resolutionHtml(attacker, defender, record, r);
      // The spend, last of the writes before the card (nothing after it may fail and leave it spent for nothing).
      if (spent > 0) await attacker.update({ system: { edge: { spent: now.edge.spent + spent } } });
      if (defenceSpent > 0) await defender.update({ system: { edge: { spent: requireModel(defender, FlangeActorModel).edge.spent + defenceSpent } } });
      // The attack card now says how it was met, without its buttons (display only: the record counts).
      const met = await renderExchangeCard({ html: await attackCard({ attacker, target: defender, choices }, defenceLabel(defence)) }, [], DECLARATION);
      await declaration.update({ content: met, flags: { [SYSTEM_ID]: { declared: defence.kind } } });
      return { rolls, card: { html }, outcome: r.hit && r.damage > 0 ? { damage: r.damage } : null, flags: { damage: r.damage, hit: r.hit, [ATTACK_RECORD]: { ...record } }, speaker: attacker };
    } catch (err) {
      if (reveal) await releaseMark(reveal.messageId, reveal.mark);
      throw err;
    }
  },

  checkOutcome(o) {
    return Object.keys(o).length === 1 && typeof o.damage === "number" && Number.isSafeInteger(o.damage) && o.damage > 0 && o.damage <= MAX_APPLIED;
  },

  async apply(target, outcome, { resolution, option }) {
    const t = flange(target);
    if (!t) throw new Error("BREADBOX.Flange.Combat.MissingActor");
    const dramatic = option === DRAMATIC;
    const result = R.applyDamage(t.healthState(), Number(outcome.damage), dramatic);
    await target.update({ system: { wounds: { value: result.after.lost }, grind: { value: result.after.grindLost } } });
    appliedNow.set(resolution.id ?? "", { result, dramatic });
    return { boxes: result.boxesLost, grind: result.grindCrossed, serious: result.seriousInjury, status: result.status };
  },

  appliedMessage(applied, target, option) {
    if (option !== DRAMATIC) return format("BREADBOX.Exchange.Applied", { name: target.name ?? "" });
    return format("BREADBOX.Flange.Combat.Applied", { name: target.name ?? "", boxes: Number(applied.boxes ?? 0), grind: Number(applied.grind ?? 0) });
  },

  /** What the damage did, as a card everyone who saw the resolution can follow; a serious injury carries the GM's button to name it (injury.ts). */
  async follow(target, _outcome, { resolution }) {
    const done = appliedNow.get(resolution.id ?? "");
    appliedNow.delete(resolution.id ?? "");
    if (!done) return;
    const { result, dramatic } = done;
    const dead = result.status === "dead";
    if (dead && !target.statuses.has("dead")) await target.toggleStatusEffect("dead", { active: true, overlay: true });
    const content = await render("damage-applied", { name: target.name ?? "", boxes: result.boxesLost, grind: result.grindCrossed, left: result.after.boxes - result.after.lost, total: result.after.boxes, dramatic, serious: result.seriousInjury, dead });
    const flags = { type: "flangeDamageApplied", resolutionId: resolution.id ?? "", targetUuid: target.uuid, seriousInjury: result.seriousInjury, dead };
    await postCard({ speaker: ChatMessage.getSpeaker({ actor: target }), content, flags: { [SYSTEM_ID]: flags } }, audienceOf(resolution));
  },
};

/* ---------- declaring ---------- */

/** The attack dialog: the modifiers and Edge, with live odds against `defence`. Null when cancelled. */
export async function attackDialog(actor: Actor.Implementation, weapon: Item.Implementation, target: Actor.Implementation, event: Event | null | undefined, defence: R.DefenceInput): Promise<{ choices: AttackChoices; mode: MessageMode } | null> {
  if (skipDialog(event)) return { choices: { ...NO_CHOICES }, mode: currentMessageMode() };
  const w = requireModel(weapon, FlangeWeaponModel);
  const edgeAvailable = requireModel(actor, FlangeActorModel).edgeAvailable;
  const content = await render("attack-dialog", {
    weapon: weapon.name ?? "",
    target: target.name ?? "",
    damage: w.damageNotation,
    attribute: localize(`BREADBOX.Flange.Combat.Attr.${w.attribute}`),
    edgeAvailable,
    inputs: await attackInputsHtml(edgeAvailable),
    skill: weaponSkillNotice(actor, w, weapon.name ?? ""),
  });
  const result = await rollDialog<AttackChoices>({
    title: format("BREADBOX.Flange.Combat.AttackTitle", { weapon: weapon.name ?? "", target: target.name ?? "" }),
    content,
    read: (form) => readAttackForm(form, edgeAvailable),
    odds: (c) => attackPoolHtml(actor, w, target, c) + attackOddsHtml(actor, w, target, c, defence),
    rollLabel: "BREADBOX.Flange.Combat.Declare",
  });
  return result ? { choices: result.value, mode: result.mode } : null;
}

/** Start an attack with a weapon against the user's targeted token (the weapon's "attack" button). */
export async function attackWithWeapon(actor: Actor.Implementation, weapon: Item.Implementation, event?: Event | null): Promise<ChatMessage.Implementation | null> {
  const target = targetedActors()[0] ?? null;
  if (!target) {
    notify("warn", "BREADBOX.Flange.Combat.NoTarget");
    return null;
  }
  if (!flange(target)) {
    notify("warn", "BREADBOX.Flange.Combat.WrongRulesetTarget", { name: target.name ?? "" });
    return null;
  }
  const answer = await attackDialog(actor, weapon, target, event, { kind: "none" });
  if (!answer) return null;
  return (await declareExchange(flangeAttack, actor, target, { ...answer.choices, weaponId: weapon.id ?? "", simultaneous: null }, { mode: answer.mode })) ?? null;
}
