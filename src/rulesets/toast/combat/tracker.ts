/**
 * Toast's combat tracker (seed: "Initiative", "Combat Rounds", "Holding Actions").
 *
 * - Initiative is rolled once, when the fight begins, on the Initiative skill (a d10+ ranked like a
 *   contested task: any Auto above every total, any Flub below) and kept for the whole fight. The
 *   tracker stores the core's rank (so Foundry sorts by it) and shows "14", "Auto 9" or "Flub 3".
 *   NPCs roll one each, or (setting) one roll for all NPCs rolled together, on the best modifier.
 * - Holding: the combatant whose turn it is may hold her action (the turn moves on); later in the
 *   round she acts when she chooses ("Act now"); a held action not taken is lost at the round's end.
 *   The GM may rule an action lost (a faster character's action negated it).
 * The round's states live in the combat's flags (flags.breadbox.toastRound: {round, turns}),
 * which only a GM can write: a player's Hold / Act now travels through the relay (`toast.turn`) to
 * the active GM, who checks it there (the combatant's owner, the rules core's round functions, the
 * round and turn the request names) and writes it. Combatant flags, which their owners can write,
 * are never read for it.
 */
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { noteCardHtml } from "../../../core/chat/note-card";
import { format, getSetting, localize, currentUser, notify } from "../../../core/game";
import { rollDialog } from "../../../core/rolls/dialog";
import { oddsPanelHtml } from "../../../core/rolls/odds-panel";
import { postCard } from "../../../core/chat/post";
import { audienceForMode, currentMessageMode, type MessageMode } from "../../../core/compat";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { withLocks } from "../../../core/chat/trust";
import { BreadboxCombat } from "../../../core/documents/combat";
import type { CombatantRow, CombatRules, InitiativeRollOptions } from "../../../core/registry";
import { fighterOf, initiativeSkill, modifierParts, skillTask, signed } from "./fighter";
import { rollD10Plus } from "./dice";
import { toastCombatRules } from "./settings";
import { afterSkillAttempt } from "../checks";
import { readSituational, situationalInput } from "./situational";

/** What a combatant's initiative roll was (flags.breadbox.toastInitiative). */
export interface ToastInitiativeFlag {
  kind: R.D10PlusKind;
  /** Number + modifier; null for an Auto or a Flub. */
  total: number | null;
  degree: number | null;
  modifier: number;
  /** Set when one roll served a group of NPCs. */
  shared?: boolean;
}

/** A combat as a hook or a collection hands it over (stored or not). */
export type AnyCombat = Combat.Implementation | Combat.Stored;

export type HeldStatus = Exclude<R.TurnStatus, "waiting">;

declare module "../../../types/breadbox" {
  interface BreadboxCombatFlags {
    /** Toast: the round's held, taken and lost actions. */
    toastRound?: ToastRoundFlag;
  }
}

/** A combatant's state in a round; stale rounds count for nothing. */
export interface ToastTurnFlag {
  round: number;
  status: HeldStatus;
  /** Why the action was used or lost: held and taken, defended, or negated by the GM. */
  reason?: "held" | "defence" | "negated";
}

/** One combatant's entry in the round record. */
export interface ToastRoundEntry {
  id: string;
  status: HeldStatus;
  reason?: "held" | "defence" | "negated";
}

/** The round record (combat flags.breadbox.toastRound), written by the active GM only. */
export interface ToastRoundFlag {
  round: number;
  /** An array, so that a new round's record replaces the old one whole when merged. */
  turns: ToastRoundEntry[];
}

function initiativeFlag(c: Combatant.Implementation): ToastInitiativeFlag | null {
  const f = c.flags?.[SYSTEM_ID]?.toastInitiative;
  return f && typeof f === "object" && typeof f.kind === "string" ? f : null;
}

const HELD_STATUSES: readonly HeldStatus[] = ["holding", "acted", "lost"];
const REASONS: readonly NonNullable<ToastRoundEntry["reason"]>[] = ["held", "defence", "negated"];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The combat's round record, checked entry by entry (anything malformed counts for nothing). */
export function roundRecord(combat: AnyCombat): ToastRoundFlag | null {
  const flags: unknown = combat.flags;
  const ours = isRecord(flags) ? flags[SYSTEM_ID] : undefined;
  const raw = isRecord(ours) ? ours.toastRound : undefined;
  if (!isRecord(raw) || typeof raw.round !== "number" || !Array.isArray(raw.turns)) return null;
  const turns: ToastRoundEntry[] = [];
  for (const t of raw.turns) {
    if (!isRecord(t) || typeof t.id !== "string") continue;
    const status = HELD_STATUSES.find((x) => x === t.status);
    if (!status) continue;
    const reason = REASONS.find((x) => x === t.reason);
    turns.push(reason ? { id: t.id, status, reason } : { id: t.id, status });
  }
  return { round: raw.round, turns };
}

/** A combatant's state in `round`, from the combat's GM-written record only. */
function turnFlag(combat: AnyCombat, c: Combatant.Implementation, round: number): ToastTurnFlag | null {
  const record = roundRecord(combat);
  if (!record || record.round !== round) return null;
  const entry = record.turns.find((t) => t.id === c.id);
  return entry ? { round, status: entry.status, ...(entry.reason ? { reason: entry.reason } : {}) } : null;
}

/** How the tracker shows an initiative: the total, or "Auto 9" / "Flub 3" (the degree). */
export function initiativeLabel(flag: ToastInitiativeFlag): string {
  if (flag.kind === "auto") return format("BREADBOX.ToastCombat.AutoDegree", { degree: flag.degree ?? 0 });
  if (flag.kind === "flub") return format("BREADBOX.ToastCombat.FlubDegree", { degree: flag.degree ?? 0 });
  return String(flag.total ?? "");
}

/** Whether a combatant counts as an NPC for the group roll (no player owns it). */
function isNpc(c: Combatant.Implementation): boolean {
  return !c.hasPlayerOwner;
}

/**
 * Roll initiative for these combatants (CombatRules.rollInitiative): each on her Initiative skill
 * (wound and armor penalties included, as for any task), or one roll for the NPCs among them when
 * the world rolls NPCs as a group. Stores the rank, posts one card per roll.
 */
export async function rollToastInitiative(combat: Combat.Implementation, ids: string[], options: InitiativeRollOptions): Promise<void> {
  const currentId = combat.combatant?.id;
  const rules = toastCombatRules();
  const combatants = ids.map((id) => combat.combatants.get(id)).filter((c): c is Combatant.Implementation => Boolean(c?.isOwner));
  const groups: Combatant.Implementation[][] = [];
  const npcs = rules.npcInitiative === "group" ? combatants.filter(isNpc) : [];
  if (npcs.length > 1) groups.push(npcs);
  for (const c of combatants) if (!npcs.includes(c) || npcs.length <= 1) groups.push([c]);
  // One combatant (her own d20 in the tracker): the pre-roll dialog — modifier parts, a situational
  // modifier, roll mode, the exact odds of acting before the best roll so far; the skip key skips it.
  let situational = 0;
  let mode: MessageMode | null = null;
  if (combatants.length === 1 && !skipKeyHeld()) {
    const chosen = await initiativeDialog(combat, combatants[0]!);
    if (!chosen) return;
    situational = chosen.situational;
    mode = chosen.mode;
  }
  const updates: { _id: string; initiative: number; flags: { breadbox: { toastInitiative: ToastInitiativeFlag } } }[] = [];
  for (const group of groups) {
    // A group rolls on its best Initiative modifier (the GM's one roll for the lot).
    const rated = group.flatMap((c) => {
      const f = fighterOf(c.actor);
      if (!f) return [];
      const skill = initiativeSkill(f);
      return [{ c, f, skill, task: skillTask(f, skill, situational) }];
    });
    if (!rated.length) continue;
    const lead = rated.reduce((a, b) => (b.task.total > a.task.total ? b : a));
    const { faces, roll } = await rollD10Plus();
    const result = R.resolveInitiative({ modifier: lead.task.total }, faces);
    const rolls = [roll];
    const flag: ToastInitiativeFlag = { kind: result.roll.kind, total: result.total, degree: result.roll.degree, modifier: lead.task.total, ...(rated.length > 1 ? { shared: true } : {}) };
    for (const entry of R.sharedInitiative(rated.map((r) => r.c.id ?? ""), result)) {
      if (entry.id) updates.push({ _id: entry.id, initiative: entry.rank, flags: { breadbox: { toastInitiative: flag } } });
    }
    const names = rated.map((r) => r.c.name ?? "").join(", ");
    const content = await foundry.applications.handlebars.renderTemplate(templatePath("toast/combat/initiative.hbs"), {
      title: format("BREADBOX.ToastCombat.InitiativeOf", { name: names }),
      skill: lead.skill.label,
      untrained: lead.skill.untrained,
      parts: modifierParts(lead.task, lead.skill.label).map((p) => ({ label: p.label, value: signed(p.value) })),
      faces: result.faces.join(", "),
      result: initiativeLabel(flag),
      kind: result.roll.kind,
      shared: rated.length > 1,
    });
    const hidden = rated.some((r) => r.c.hidden);
    await postCard(
      { speaker: ChatMessage.getSpeaker({ actor: lead.c.actor, alias: rated.length > 1 ? names : (lead.c.name ?? undefined) }), content, rolls, flags: { [SYSTEM_ID]: { type: "toastInitiative" } } },
      audienceForMode(hidden ? "gm" : (mode ?? currentMessageMode())),
    );
  }
  if (!updates.length) return;
  await combat.updateEmbeddedDocuments("Combatant", updates);
  for (const group of groups) for (const c of group) {
    const f = fighterOf(c.actor);
    if (f && c.actor) await afterSkillAttempt(c.actor, initiativeSkill(f));
  }
  if (options.updateTurn && currentId) {
    const turn = combat.turns.findIndex((t) => t.id === currentId);
    if (turn >= 0 && turn !== combat.turn) await combat.update({ turn });
  }
}

/** Whether the user's skip key (client setting) is held now (v13's KeyboardManager; none in tests). */
function skipKeyHeld(): boolean {
  const keyboard: { isModifierActive?(modifier: string): boolean } | undefined = game.keyboard ?? undefined;
  if (typeof keyboard?.isModifierActive !== "function") return false;
  let key = "shift";
  try {
    key = String(getSetting("skipDialogKey") ?? "shift");
  } catch {
    key = "shift";
  }
  return keyboard.isModifierActive(key === "ctrl" ? "Control" : key === "alt" ? "Alt" : "Shift");
}

/** The best initiative rank already rolled by another combatant of this combat, or null. */
function bestOtherRank(combat: AnyCombat, combatant: Combatant.Implementation): number | null {
  let best: number | null = null;
  for (const c of combat.combatants) {
    if (c.id === combatant.id || typeof c.initiative !== "number" || !Number.isFinite(c.initiative)) continue;
    if (Math.abs(c.initiative) > R.MAX_RANK) continue;
    if (best === null || c.initiative > best) best = c.initiative;
  }
  return best;
}

/** The initiative dialog of one combatant; null when cancelled (or she is not a Toast character). */
async function initiativeDialog(combat: AnyCombat, combatant: Combatant.Implementation): Promise<{ situational: number; mode: MessageMode } | null> {
  const f = fighterOf(combatant.actor);
  if (!f) return null;
  const skill = initiativeSkill(f);
  const against = bestOtherRank(combat, combatant);
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toast/combat/initiative-dialog.hbs"), {
    skill: skill.label,
    untrained: skill.untrained,
    parts: modifierParts(skillTask(f, skill), skill.label).map((p) => ({ label: p.label, value: signed(p.value) })),
    situational: await situationalInput("toast-initiative"),
    against: against === null ? "" : rankLabel(against),
  });
  const chosen = await rollDialog<{ situational: number }>({
    title: format("BREADBOX.ToastCombat.InitiativeOf", { name: combatant.name ?? "" }),
    content,
    read: (form) => ({ situational: readSituational(form) }),
    odds: (v) => oddsPanelHtml(R.initiativeOdds({ modifier: skillTask(f, skill, v.situational).total, against }), { labelKey: (k) => `BREADBOX.ToastCombat.InitiativeOutcome.${k}` }),
  });
  return chosen ? { situational: chosen.value.situational, mode: chosen.mode } : null;
}

/** A stored rank as the tracker shows it ("14", "Auto 9", "Flub 3"). */
function rankLabel(rank: number): string {
  if (rank >= R.AUTO_RANK_BASE) return format("BREADBOX.ToastCombat.AutoDegree", { degree: rank - R.AUTO_RANK_BASE });
  if (rank <= -R.AUTO_RANK_BASE) return format("BREADBOX.ToastCombat.FlubDegree", { degree: -R.AUTO_RANK_BASE - rank });
  return String(rank);
}

// ---------------------------------------------------------------------------------------------
// The round: who has acted, who holds

/** The rules core's view of the combat's current round, built from the turn order and the flags. */
export function roundState(combat: AnyCombat): R.RoundState {
  const order = combat.turns.map((c) => c.id ?? "").filter(Boolean);
  const turn = combat.turn ?? 0;
  const state = R.startRound(order, Math.max(1, combat.round));
  const statuses: Record<string, R.TurnStatus> = Object.create(null);
  combat.turns.forEach((c, i) => {
    const id = c.id ?? "";
    if (!id) return;
    const own = turnFlag(combat, c, combat.round);
    statuses[id] = own ? own.status : i < turn ? "acted" : "waiting";
  });
  return { ...state, statuses };
}

export function turnStatus(combat: AnyCombat, combatant: Combatant.Implementation): R.TurnStatus {
  const id = combatant.id ?? "";
  const s = roundState(combat).statuses;
  return Object.hasOwn(s, id) ? s[id] : "waiting";
}

/** The lock every write of a combat's round record takes (always the last lock taken). */
function roundLockKey(combat: AnyCombat): string {
  return `toast-round:${combat.uuid}`;
}

/**
 * Write a combatant's state into the combat's round record (active GM only: the combat's flags
 * are a GM's to write). A record of another round is replaced.
 */
async function setTurnFlag(combat: AnyCombat, combatant: Combatant.Implementation, flag: ToastTurnFlag): Promise<void> {
  const record = roundRecord(combat);
  const kept = record && record.round === flag.round ? record.turns.filter((t) => t.id !== combatant.id) : [];
  const entry: ToastRoundEntry = { id: combatant.id ?? "", status: flag.status, ...(flag.reason ? { reason: flag.reason } : {}) };
  const toastRound: ToastRoundFlag = { round: flag.round, turns: [...kept, entry] };
  await combat.update({ flags: { [SYSTEM_ID]: { toastRound } } });
}

/** The refusal of a round transition as a localized message (the core says why in English). */
function refuse(key: string, combatant: Combatant.Implementation): false {
  notify("warn", key, { name: combatant.name ?? "" });
  return false;
}

export type TurnControl = "hold" | "act" | "negate";

/**
 * What a turn control would do, checked against the round record (the client's pre-check and the
 * GM's check alike): null when allowed, else the refusal's key.
 */
function turnControlRefusal(combat: AnyCombat, combatant: Combatant.Implementation, control: TurnControl, user: User.Implementation): string | null {
  if (control === "negate") {
    if (!user.isGM) return "BREADBOX.ToastCombat.Hold.GMOnly";
    if (!combat.started) return "BREADBOX.ToastCombat.Hold.NothingToNegate";
    try {
      R.negateAction(roundState(combat), combatant.id ?? "");
    } catch {
      return "BREADBOX.ToastCombat.Hold.NothingToNegate";
    }
    return null;
  }
  if (!combat.started || !combatant.testUserPermission(user, "OWNER")) return "BREADBOX.ToastCombat.Hold.NotYours";
  if (control === "hold") {
    try {
      R.holdAction(roundState(combat), combatant.id ?? "");
    } catch {
      return "BREADBOX.ToastCombat.Hold.NotYourTurn";
    }
    return null;
  }
  return turnStatus(combat, combatant) === "holding" ? null : "BREADBOX.ToastCombat.Hold.NotHolding";
}

/**
 * A turn control from this client: checked here (a clear message), then done by the active GM
 * (directly, or through the relay `toast.turn` naming the round and turn it was clicked in).
 */
async function requestTurnControl(combat: AnyCombat, combatant: Combatant.Implementation, control: TurnControl): Promise<boolean> {
  const refusal = turnControlRefusal(combat, combatant, control, currentUser());
  if (refusal) return refuse(refusal, combatant);
  const result = await applyOrRelay(TURN_ACTION, combat, { combatantId: combatant.id ?? "", control, round: combat.round, turn: combat.turn ?? null });
  return result.ok;
}

/** The relay action a Hold / Act now / Action lost click travels as. */
export const TURN_ACTION = "toast.turn";

/**
 * GM side of a turn control (relay action `toast.turn`): the combat must be a started Toast combat
 * at the round and turn the request names; the requester must own the combatant (Hold, Act now) or
 * be a GM (Action lost); the rules core must allow the transition in the round record as it stands
 * now. Then the record is written (and a Hold moves the turn on, an Act now posts its note).
 */
export async function relayTurnControl({ requester, target, payload }: RelayContext): Promise<RelayResult> {
  if (!(target instanceof BreadboxCombat)) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  const combat = target;
  const control = payload.control;
  if (control !== "hold" && control !== "act" && control !== "negate") return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const combatant = combat.combatants.get(String(payload.combatantId ?? ""));
  if (!combatant || !fighterOf(combatant.actor)) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (payload.round !== combat.round || (payload.turn ?? null) !== (combat.turn ?? null)) return { ok: false, error: "BREADBOX.ToastCombat.Hold.Stale" };
  return withLocks([roundLockKey(combat)], async () => {
    const refusal = turnControlRefusal(combat, combatant, control, requester);
    if (refusal) return { ok: false, error: refusal };
    if (control === "hold") {
      await setTurnFlag(combat, combatant, { round: combat.round, status: "holding", reason: "held" });
      await combat.nextTurn();
    } else if (control === "act") {
      await setTurnFlag(combat, combatant, { round: combat.round, status: "acted", reason: "held" });
      await postCard(
        { speaker: ChatMessage.getSpeaker({ actor: combatant.actor, alias: combatant.name ?? undefined }), content: await noteHtml(format("BREADBOX.ToastCombat.Hold.ActsNow", { name: combatant.name ?? "" })), flags: { [SYSTEM_ID]: { type: "toastTurnNote" } } },
        audienceForMode(combatant.hidden ? "gm" : "public"),
      );
    } else {
      const wasCurrent = combat.combatant?.id === combatant.id;
      await setTurnFlag(combat, combatant, { round: combat.round, status: "lost", reason: "negated" });
      if (wasCurrent) await combat.nextTurn();
    }
    return { ok: true };
  });
}

/** The combatant whose turn it is holds her action; the turn moves on. */
export function holdAction(combat: AnyCombat, combatant: Combatant.Implementation): Promise<boolean> {
  return requestTurnControl(combat, combatant, "hold");
}

/** A holding combatant takes her action now (any later point of the round). */
export function actNow(combat: AnyCombat, combatant: Combatant.Implementation): Promise<boolean> {
  return requestTurnControl(combat, combatant, "act");
}

/** The GM rules a waiting or holding combatant's action lost this round (negated by a faster one). */
export function negateAction(combat: AnyCombat, combatant: Combatant.Implementation): Promise<boolean> {
  return requestTurnControl(combat, combatant, "negate");
}

/**
 * A defender's action is used by her defence (setting): refused when she has none left this round;
 * marked as used otherwise. Outside a started combat there is no round to use it from.
 */
export function defenceActionState(actor: Actor.Implementation): { combat: AnyCombat; combatant: Combatant.Implementation; status: R.TurnStatus } | null {
  for (const combat of game.combats ?? []) {
    if (!combat.started) continue;
    const combatant = combat.combatants.find((c) => c.actor?.uuid === actor.uuid || c.actorId === actor.id);
    if (combatant) return { combat, combatant, status: turnStatus(combat, combatant) };
  }
  return null;
}

/**
 * Mark a defender's action used by her defence (on the active GM, inside the attack's resolution):
 * read again under the round record's lock, so a Hold relayed at the same moment cannot interleave.
 * Throws (the attack's refusal) when she has none left.
 */
export async function spendDefenceAction(state: { combat: AnyCombat; combatant: Combatant.Implementation }): Promise<void> {
  await withLocks([roundLockKey(state.combat)], async () => {
    const status = turnStatus(state.combat, state.combatant);
    if (status === "acted" || status === "lost") throw new Error("BREADBOX.ToastCombat.Defend.NoActionLeft");
    await setTurnFlag(state.combat, state.combatant, { round: state.combat.round, status: "acted", reason: "defence" });
  });
}

function noteHtml(text: string): Promise<string> {
  return noteCardHtml({ kind: "toast-combat-note", lines: [{ text }] });
}

/**
 * A new round (GM's client): held actions of the round that ended are gone — say whose. The round
 * state of the old round is rebuilt from the flags (everybody not holding or negated has acted).
 */
export async function announceLostHolds(combat: AnyCombat): Promise<string[]> {
  const previous = combat.round - 1;
  if (previous < 1) return [];
  const holders = combat.turns.filter((c) => turnFlag(combat, c, previous)?.status === "holding");
  if (!holders.length) return [];
  const order = combat.turns.map((c) => c.id ?? "").filter(Boolean);
  let state = R.startRound(order, previous);
  const statuses: Record<string, R.TurnStatus> = Object.create(null);
  for (const c of combat.turns) if (c.id) statuses[c.id] = turnFlag(combat, c, previous)?.status ?? "acted";
  state = { ...state, statuses };
  const lostIds = new Set(R.endRound(state).lost);
  const names = holders.filter((c) => lostIds.has(c.id ?? "")).map((c) => c.name ?? "");
  if (!names.length) return [];
  const hidden = holders.every((c) => c.hidden);
  await postCard(
    { content: await noteHtml(format("BREADBOX.ToastCombat.Hold.Lost", { names: names.join(", ") })), flags: { [SYSTEM_ID]: { type: "toastTurnNote" } } },
    audienceForMode(hidden ? "gm" : "public"),
  );
  return names;
}

// ---------------------------------------------------------------------------------------------
// The tracker's rows

const STATUS_KEY: Record<R.TurnStatus, string> = {
  waiting: "BREADBOX.ToastCombat.Turn.waiting",
  holding: "BREADBOX.ToastCombat.Turn.holding",
  acted: "BREADBOX.ToastCombat.Turn.acted",
  lost: "BREADBOX.ToastCombat.Turn.lost",
};

const CONTROL_ICONS: Record<TurnControl, string> = { hold: "fa-solid fa-hand", act: "fa-solid fa-arrow-up", negate: "fa-solid fa-xmark" };
const CONTROL_KEYS: Record<TurnControl, string> = { hold: "BREADBOX.ToastCombat.Hold.Hold", act: "BREADBOX.ToastCombat.Hold.ActNow", negate: "BREADBOX.ToastCombat.Hold.Negate" };
const CONTROL_RUN: Record<TurnControl, (combat: AnyCombat, combatant: Combatant.Implementation) => Promise<boolean>> = { hold: holdAction, act: actNow, negate: negateAction };

/**
 * A Toast combatant's row as data (`CombatRules.combatantRow`): its state this round and the
 * Hold / Act now / Action lost controls the current user may use (each still checked by the GM).
 */
export function toastCombatantRow(combat: AnyCombat, combatant: Combatant.Implementation): CombatantRow | null {
  if (!fighterOf(combatant.actor)) return null;
  if (!combat.started) return { badges: [], controls: [] };
  const status = turnStatus(combat, combatant);
  const current = combat.combatant?.id === combatant.id;
  const allowed: TurnControl[] = [];
  if (combatant.isOwner && current && status === "waiting") allowed.push("hold");
  if (combatant.isOwner && status === "holding") allowed.push("act");
  if (currentUser().isGM && (status === "waiting" || status === "holding")) allowed.push("negate");
  return {
    css: "toast-turn",
    badges: [{ label: localize(STATUS_KEY[status]), css: `toast-turn-status toast-turn-${status}` }],
    controls: allowed.map((control) => ({
      id: `toastTurn|${control}|${combatant.id ?? ""}`,
      label: localize(CONTROL_KEYS[control]),
      icon: CONTROL_ICONS[control],
      css: "toast-turn-control",
      dataset: { "toast-turn": control },
      run: () => CONTROL_RUN[control](combat, combatant),
    })),
  };
}

export const TOAST_COMBAT: CombatRules = {
  initiativeFormula: () => "1d12",
  initiativeLabel: (combatant) => (typeof combatant.initiative === "number" ? rankLabel(combatant.initiative) : null),
  combatantRow: toastCombatantRow,
  rerollEachRound: () => false,
  rollInitiative: rollToastInitiative,
  onRoundStart: async (combat) => {
    await announceLostHolds(combat);
  },
};
