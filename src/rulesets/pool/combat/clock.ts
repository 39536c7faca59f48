/**
 * The Dice Pool's phase clock in Foundry's combat tracker (docs/rules/pool.md, "Foundry side:
 * combat"). A combatant's initiative is the phase at which its current action completes, and the
 * combat's round is the clock's current phase: the tracker lists the earliest completion first
 * (ties: higher Reaction Time first) and "next turn" moves the clock to it.
 *
 * - Rolling initiative schedules the first action in the world's list from the current phase.
 * - When a combatant's action completes (its turn ends), its next action starts at once: the one
 *   its owner declared during the turn, else the one it just did again. The active GM's client
 *   does the update (a player's "end turn" goes through the relay), and a phase card names who
 *   acted, what comes next and when.
 * - Declaring another action while one is under way aborts it: the abort cost comes first.
 * - Several actions at once take the slowest action's phases plus the number of actions.
 */
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { currentUser, format, localize, modelOf } from "../../../core/game";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { rollDialog } from "../../../core/rolls/dialog";
import { postCard } from "../../../core/chat/post";
import { audienceForMode, type Audience } from "../../../core/compat";
import { cardFlags } from "../../../core/chat/trust";
import { checkKey } from "../../../core/forms/read";
import { choiceInput, inputsHtml, readInputs } from "../../../core/forms/inputs";
import type { CombatRules } from "../../../core/registry";
import { BreadboxCombat } from "../../../core/documents/combat";
import { PoolActorModel } from "../data/actor";
import { POOL_COMBAT_SETTINGS } from "./settings";
import { linesHtml } from "../../../core/rolls/lines";

let reported = "";

/** The world's actions with their base phase costs (the defaults when the setting is unreadable or refused). */
export function phaseActions(): R.PhaseAction[] {
  // Settings not registered (pure tests) or not text: the shipped defaults.
  const text = POOL_COMBAT_SETTINGS.read("phaseActions");
  try {
    return R.parsePhaseActions(text);
  } catch (err) {
    // Tell once per bad text, then play on with the defaults.
    if (reported !== text) {
      reported = text;
      ui.notifications?.warn(format("BREADBOX.Pool.Phase.BadSetting", { error: err instanceof Error ? err.message : String(err) }));
    }
    return [...R.DEFAULT_PHASE_ACTIONS];
  }
}

/** World time per phase, in seconds (the seed: "a phase is … about a second"). */
export const SECONDS_PER_PHASE = 1;

/** What the clock keeps on a combatant (`flags.breadbox`). */
export interface PoolCombatantFlags {
  /** The action under way: its action keys and the phase it started. */
  poolAction?: { actions: string[]; startedAt: number } | null;
  /** The next action its owner declared during its turn (starts when the turn ends). */
  poolPlan?: { actions: string[] } | null;
}

declare module "../../../types/breadbox" {
  interface BreadboxCombatFlags {
    /**
     * Dice Pool: the phase of each combatant's last turn on the clock, by combatant id — written by
     * the active GM when the clock moves on (a player may update their own combatant, never the combat).
     */
    poolActed?: Record<string, number>;
  }
}

/** The phase of this combatant's last turn on the clock (the GM's record on the combat), or null. */
export function lastActed(combat: Combat.Implementation, combatantId: string): number | null {
  const f: unknown = combat.flags?.[SYSTEM_ID];
  const acted: unknown = f && typeof f === "object" ? Reflect.get(f, "poolActed") : undefined;
  const phase: unknown = acted && typeof acted === "object" && Object.hasOwn(acted, combatantId) ? Reflect.get(acted, combatantId) : undefined;
  return typeof phase === "number" && Number.isSafeInteger(phase) ? phase : null;
}

function flagsOf(c: Combatant.Implementation): PoolCombatantFlags {
  const f: unknown = c.flags?.[SYSTEM_ID];
  return f && typeof f === "object" ? { ...f } : {};
}

function model(actor: Actor.Implementation | null | undefined): PoolActorModel | null {
  return modelOf(actor, PoolActorModel);
}

/** Whether a combat is played on the Dice Pool's clock (its first combatant with an actor is a Dice Pool character). */
export function isPoolCombat(combat: Combat.Implementation): boolean {
  for (const c of combat.combatants) if (c.actor) return model(c.actor) !== null;
  return false;
}

function attribute(actor: Actor.Implementation | null | undefined, key: R.PhaseAttribute): number {
  const m = model(actor);
  return m ? R.attributeScore(m.character, key) : 0;
}

/** A label for an action key: the default actions are localized, a GM's own names shown as typed. */
export function actionLabel(key: string): string {
  return R.DEFAULT_PHASE_ACTIONS.some((a) => a.key === key) ? localize(`BREADBOX.Pool.Phase.Action.${key}`) : key;
}

function actionsLabel(keys: readonly string[]): string {
  return keys.map(actionLabel).join(" + ");
}

/** The actions named by keys, from the world's list; null when one is not on the list. */
export function actionsOf(keys: readonly string[]): R.PhaseAction[] | null {
  const list = phaseActions();
  const out: R.PhaseAction[] = [];
  for (const key of keys) {
    const a = list.find((x) => x.key === key);
    if (!a) return null;
    out.push(a);
  }
  return out.length ? out : null;
}

/** The first action of the world's list: what a combatant does when nobody declared anything. */
export function defaultActionKey(): string {
  return phaseActions()[0]?.key ?? R.DEFAULT_PHASE_ACTIONS[0].key;
}

/** When actions declared now by this actor complete. */
export function scheduleFor(actor: Actor.Implementation | null | undefined, keys: readonly string[], now: number, aborting: boolean): R.ScheduledAction | null {
  const actions = actionsOf(keys);
  if (!actions) return null;
  return R.scheduleAction({ now, aborting, actions: actions.map((a) => ({ baseCost: a.baseCost, speedAttribute: attribute(actor, a.attribute) })) });
}

/** The clock's current phase: the combat's round once it started, 0 before. */
export function currentPhase(combat: Combat.Implementation | null | undefined): number {
  return combat?.started ? combat.round : 0;
}

function combatOf(actor: Actor.Implementation | null): Combat.Implementation | null {
  if (!actor) return null;
  const viewed = game.combat;
  if (viewed instanceof BreadboxCombat && viewed.combatants.some((c) => c.actor === actor)) return viewed;
  for (const c of game.combats ?? []) if (c instanceof BreadboxCombat && c.combatants.some((x) => x.actor === actor)) return c;
  return null;
}

/**
 * The Dice Pool's CombatRules. "Rolling" initiative is no roll: the formula is the phase at which
 * the first action of the world's list, started now, completes (a constant, so the tracker's own
 * buttons work unchanged).
 */
export const poolCombatRules: CombatRules = {
  initiativeFormula: (actor) => {
    const now = currentPhase(combatOf(actor));
    const s = scheduleFor(actor, [defaultActionKey()], now, false);
    return String(s?.completesAt ?? now + 1);
  },
  rerollEachRound: () => false,
  lowestFirst: true,
  breakTie: (a, b) => attribute(b.actor, "reactionTime") - attribute(a.actor, "reactionTime"),
  advance: (combat) => advanceClock(combat),
  // The tracker's round is the clock's phase (BreadboxCombat#roundLabel).
  roundLabel: (combat) => format("BREADBOX.Pool.Phase.TrackerLabel", { phase: combat.round }),
};

/** The clock's entries for a combat (for the card and the tests). */
export function clockEntries(combat: Combat.Implementation): R.ClockEntry[] {
  return combat.combatants.map((c) => ({
    id: c.id ?? "",
    completesAt: typeof c.initiative === "number" && Number.isSafeInteger(c.initiative) ? c.initiative : null,
    reactionTime: attribute(c.actor, "reactionTime"),
    name: c.name ?? "",
  }));
}

/**
 * "Next turn" or "next round" on a Dice Pool combat: the active GM moves the clock; anyone else
 * asks it through the relay (the request names the combatant whose turn it is, so a second click
 * on a stale tracker does not move the clock twice).
 */
export async function advanceClock(combat: Combat.Implementation): Promise<boolean> {
  if (!isPoolCombat(combat)) return false;
  const me = currentUser();
  if (me.isGM && game.users?.activeGM?.id === me.id) {
    await moveClock(combat);
    return true;
  }
  await applyOrRelay("pool.advancePhase", { uuid: combat.uuid }, { combatantId: combat.combatant?.id ?? "" });
  return true;
}

/** GM side of a player's "end turn": the requester must own the combatant whose turn it is. */
export async function relayAdvancePhase(ctx: RelayContext): Promise<RelayResult> {
  const combat = ctx.target;
  if (!(combat instanceof BreadboxCombat) || !isPoolCombat(combat)) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  const current = combat.combatant;
  if (!current || current.id !== ctx.payload.combatantId) return { ok: false, error: "BREADBOX.Pool.Phase.NotYourTurn" };
  if (!ctx.requester.isGM && !current.testUserPermission(ctx.requester, "OWNER")) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  await moveClock(combat);
  return { ok: true };
}

/**
 * Move the clock (active GM only): the combatant whose action completes now starts its next one
 * (declared, else the same again); combatants that never declared start the default action now;
 * then the clock jumps to the earliest completion and a phase card says who acts.
 */
export async function moveClock(combat: Combat.Implementation): Promise<void> {
  const current = combat.combatant;
  // The clock may lag the combatant whose turn it is (a combat started before anyone had declared,
  // or a round edited by hand): its action completes at its own phase, not before.
  const now = Math.max(currentPhase(combat), current && typeof current.initiative === "number" && Number.isSafeInteger(current.initiative) ? current.initiative : 0);
  const updates: { _id: string; initiative: number; flags: { breadbox: PoolCombatantFlags } }[] = [];
  let acted: { name: string; did: string[]; next: string[]; at: number } | null = null;
  if (current?.id && current.initiative === now) {
    const f = flagsOf(current);
    const planned = f.poolPlan?.actions && actionsOf(f.poolPlan.actions) ? f.poolPlan.actions : null;
    const did = f.poolAction?.actions && actionsOf(f.poolAction.actions) ? f.poolAction.actions : [defaultActionKey()];
    const next = planned ?? did;
    const s = scheduleFor(current.actor, next, now, false);
    if (s) {
      updates.push({ _id: current.id, initiative: s.completesAt, flags: { breadbox: { poolAction: { actions: [...next], startedAt: now }, poolPlan: null } } });
      acted = { name: current.name ?? "", did, next, at: s.completesAt };
    }
  }
  for (const c of combatants(combat)) {
    // Those who never declared, and those who fell behind the clock while they could not act (an
    // incapacitating wound since healed), start the default action now.
    if (!c.id || !canAct(c) || (typeof c.initiative === "number" && Number.isFinite(c.initiative) && c.initiative >= now)) continue;
    const key = defaultActionKey();
    const s = scheduleFor(c.actor, [key], now, false);
    if (s) updates.push({ _id: c.id, initiative: s.completesAt, flags: { breadbox: { poolAction: { actions: [key], startedAt: now }, poolPlan: null } } });
  }
  if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates, { turnEvents: false });
  const turns = combat.turns;
  const nextIndex = turns.findIndex((c) => canAct(c) && typeof c.initiative === "number");
  const next = nextIndex >= 0 ? turns[nextIndex] : undefined;
  if (!next || typeof next.initiative !== "number") return;
  // "A phase is … about a second": world time moves one second per phase, as Foundry's own turns
  // move it by their turn time.
  // The GM's record of who acted when (an attack made in that turn may be answered later: attackPhaseClaimFits).
  const flags = acted && current?.id ? { breadbox: { poolActed: { [current.id]: now } } } : undefined;
  await combat.update({ round: next.initiative, turn: nextIndex, ...(flags ? { flags } : {}) }, { direction: 1, worldTime: { delta: Math.max(0, next.initiative - now) * SECONDS_PER_PHASE } });
  await postPhaseCard(combat, acted);
}

/** The started Dice Pool combat this actor fights in, with its combatant (null: no clock binds it). */
export function clockPeriodOf(actor: Actor.Implementation): { combat: Combat.Implementation; combatant: Combatant.Implementation } | null {
  for (const combat of game.combats ?? []) {
    if (!(combat instanceof BreadboxCombat) || !combat.started || !isPoolCombat(combat)) continue;
    const combatant = combat.combatants.find((c) => c.actor?.uuid === actor.uuid);
    if (combatant) return { combat, combatant };
  }
  return null;
}

/** Whether it is this combatant's turn on the clock: it is the tracker's current combatant and its action completes now. */
export function actsNow(combat: Combat.Implementation, combatant: Combatant.Implementation): boolean {
  return combat.started && combat.combatant?.id === combatant.id && combatant.initiative === currentPhase(combat);
}

/**
 * Why this actor may not attack now (localized: the player's refusal, the GM's note), or null: in a started Dice Pool combat an
 * attack is an action, made on the attacker's turn — when its action completes (issue 19.15).
 * Outside such a combat nothing gates it.
 */
export function attackPhaseRefusal(actor: Actor.Implementation): { message: string; gm: string } | null {
  const period = clockPeriodOf(actor);
  if (!period || actsNow(period.combat, period.combatant)) return null;
  const name = period.combatant.name ?? actor.name ?? "";
  const phase = period.combatant.initiative;
  const now = currentPhase(period.combat);
  if (typeof phase !== "number") return { message: format("BREADBOX.Pool.Attack.NoPhase", { name }), gm: format("BREADBOX.Pool.Attack.OutOfPhaseGM", { name, phase: "—", now }) };
  return { message: format("BREADBOX.Pool.Attack.OutOfPhase", { name, phase, now }), gm: format("BREADBOX.Pool.Attack.OutOfPhaseGM", { name, phase, now }) };
}

/** The phase an attack declared now claims (posted with its choices): the clock's phase, or null outside a Dice Pool combat. */
export function attackPhaseClaim(actor: Actor.Implementation): number | null {
  const period = clockPeriodOf(actor);
  return period ? currentPhase(period.combat) : null;
}

/**
 * Whether a declaration's claimed phase fits the clock as it stands (the GM's check of a player's
 * attack card, docs/rules/pool.md): no clock binds the attacker, or it is the attacker's turn and
 * the claim is now, or the claim is the phase of the attacker's last turn (the clock has moved on
 * since the card was posted and the defender answers now).
 */
export function attackPhaseClaimFits(actor: Actor.Implementation, claim: unknown): boolean {
  const period = clockPeriodOf(actor);
  if (!period) return true;
  if (typeof claim !== "number" || !Number.isSafeInteger(claim)) return false;
  if (actsNow(period.combat, period.combatant) && claim === currentPhase(period.combat)) return true;
  return period.combatant.id !== null && lastActed(period.combat, period.combatant.id) === claim;
}

/** Whether a combatant can act: not defeated, and no incapacitating wound ("cannot act"). */
export function canAct(c: Combatant.Implementation): boolean {
  return !c.isDefeated && !model(c.actor)?.status.incapacitated;
}

function combatants(combat: Combat.Implementation): Combatant.Implementation[] {
  return [...combat.combatants];
}

/** The phase card: who acted, what they do next, and the clock's order from now. */
async function postPhaseCard(combat: Combat.Implementation, acted: { name: string; did: string[]; next: string[]; at: number } | null): Promise<void> {
  const current = combat.combatant;
  const order = combat.turns
    .filter((c) => !c.hidden && typeof c.initiative === "number")
    .map((c) => ({ name: c.name ?? "", phase: c.initiative ?? 0, action: actionsLabel(flagsOf(c).poolAction?.actions ?? [defaultActionKey()]), current: c === current }));
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("pool/combat/phase-card.hbs"), {
    phase: combat.round,
    acting: current?.name ?? "",
    acted: acted ? format("BREADBOX.Pool.Phase.Acted", { name: acted.name, action: actionsLabel(acted.did), next: actionsLabel(acted.next), phase: acted.at }) : "",
    order,
    combatId: combat.id ?? "",
    combatantId: current?.id ?? "",
    visibility: current?.actor ? `owner:${current.actor.uuid}` : "gm",
  });
  // Hidden combatants' turns are the GM's business.
  const audience: Audience = current?.hidden ? audienceForMode("gm") : audienceForMode("public");
  await postCard({ content, flags: { [SYSTEM_ID]: { type: "poolPhase", combatId: combat.id ?? "", combatantId: current?.id ?? "", phase: combat.round } } }, audience);
}

/** What the declare dialog answers. */
export interface Declared {
  actions: string[];
}

/** The declare dialog's main action, declared once (its select and its read): the actions, each with its cost and attribute. */
function actionInputs(list: readonly R.PhaseAction[]) {
  const choices = Object.fromEntries(list.map((a) => [a.key, `${actionLabel(a.key)} (${a.baseCost}, ${localize(`BREADBOX.Pool.Phase.Attribute.${a.attribute}`)})`]));
  return { action: choiceInput("BREADBOX.Pool.Phase.ActionLabel", choices, list[0]?.key ?? "") };
}

function readDeclared(form: HTMLFormElement, list: readonly R.PhaseAction[]): Declared {
  const keys = list.map((a) => a.key);
  const key = readInputs(form, actionInputs(list)).action;
  const extra = [...form.querySelectorAll<HTMLInputElement>("input[name='also']:checked")].map((i) => checkKey(i.value, localize("BREADBOX.Pool.Phase.Also"), keys));
  return { actions: [key, ...extra.filter((k) => k !== key)] };
}

/** Whether declaring now aborts an action under way (it started before the current phase and is not the one completing now). */
export function declarationAborts(combat: Combat.Implementation, combatant: Combatant.Implementation): boolean {
  if (!combat.started) return false;
  const now = currentPhase(combat);
  if (combat.combatant === combatant && combatant.initiative === now) return false;
  if (typeof combatant.initiative !== "number") return false;
  // An action scheduled by Foundry's initiative button carries no flags: it is the default action,
  // which started its phases before it completes.
  const started = flagsOf(combatant).poolAction?.startedAt ?? combatant.initiative - (scheduleFor(combatant.actor, [defaultActionKey()], 0, false)?.phases ?? 0);
  return started < now;
}

/**
 * Declare a combatant's next action (its owner or the GM). During its own turn this plans what
 * starts when the turn ends; otherwise it switches at once, paying the abort cost when an action
 * was under way. The owner's own update: a combatant's owner may change it.
 */
export async function declareAction(combatant: Combatant.Implementation, preset?: Declared): Promise<R.ScheduledAction | null> {
  const combat = combatant.combat;
  if (!combat || !combatant.id) return null;
  if (!combatant.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.Pool.Phase.NotYours"));
    return null;
  }
  const list = phaseActions();
  const aborting = declarationAborts(combat, combatant);
  const now = currentPhase(combat);
  const planning = combat.started && combat.combatant === combatant && combatant.initiative === now;
  let declared = preset ?? null;
  if (!declared) {
    const inputs = actionInputs(list);
    const content = await foundry.applications.handlebars.renderTemplate(templatePath("pool/combat/declare.hbs"), {
      actionInput: await inputsHtml(inputs, {}, "bb-pool"),
      actions: Object.entries(inputs.action.choices ?? {}).map(([value, label]) => ({ value, label })),
      aborting,
      planning,
      abortCost: R.ABORT_COST_PHASES,
    });
    const answer = await rollDialog<Declared>({
      title: format("BREADBOX.Pool.Phase.DeclareTitle", { name: combatant.name ?? "" }),
      content,
      read: (form) => readDeclared(form, list),
      odds: (d) => {
        const s = scheduleFor(combatant.actor, d.actions, now, aborting);
        return s ? linesHtml({ text: format("BREADBOX.Pool.Phase.Preview", { phases: s.phases + s.abortCost, phase: s.completesAt }) }) : "";
      },
      rollLabel: "BREADBOX.Pool.Phase.Declare",
    });
    declared = answer?.value ?? null;
  }
  if (!declared) return null;
  const s = scheduleFor(combatant.actor, declared.actions, now, aborting);
  if (!s) {
    ui.notifications?.warn(localize("BREADBOX.Pool.Phase.UnknownAction"));
    return null;
  }
  if (planning) {
    await combatant.update({ flags: { [SYSTEM_ID]: { poolPlan: { actions: [...declared.actions] } } } });
  } else {
    await combatant.update({ initiative: s.completesAt, flags: { [SYSTEM_ID]: { poolAction: { actions: [...declared.actions], startedAt: now }, poolPlan: null } } });
  }
  ui.notifications?.info(format(planning ? "BREADBOX.Pool.Phase.Planned" : aborting ? "BREADBOX.Pool.Phase.Aborted" : "BREADBOX.Pool.Phase.Declared", { name: combatant.name ?? "", action: actionsLabel(declared.actions), phase: planning ? now + s.phases : s.completesAt }));
  return s;
}

/** "Declare next action" on a phase card: the combatant the card names. */
export async function onDeclareFromCard(message: ChatMessage.Implementation): Promise<void> {
  const f = cardFlags(message);
  const combat = typeof f.combatId === "string" ? game.combats?.get(f.combatId) : undefined;
  const combatant = combat && typeof f.combatantId === "string" ? combat.combatants.get(f.combatantId) : undefined;
  if (!combatant) {
    ui.notifications?.warn(localize("BREADBOX.Pool.Phase.Gone"));
    return;
  }
  await declareAction(combatant);
}

/** Mutates Foundry's start data so the first round is the phase of the first completion. */
export function onCombatStart(combat: Combat.Implementation, updateData: { round: number; turn: number }): void {
  if (!isPoolCombat(combat)) return;
  const first = combat.turns.find((c) => typeof c.initiative === "number" && Number.isSafeInteger(c.initiative) && c.initiative > 0);
  if (first && typeof first.initiative === "number") {
    updateData.round = first.initiative;
    updateData.turn = combat.turns.indexOf(first);
  }
}
