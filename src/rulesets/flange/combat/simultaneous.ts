/**
 * Simultaneous action (seed 004 "Simultaneous Action"): combatants on the same initiative total
 * each choose attack, dodge or block in secret — paper-scissors-stone — and reveal together, with
 * the active GM's client as referee.
 *
 * - The GM's client posts one card per tied group (announceSimultaneous), public, listing who is
 *   in it. Each member's owner picks a hand (and, in a group of three or more, whom to attack; for
 *   a block, with what).
 * - **Secrecy.** A relayed request is vouched for by a nonce its sender writes under its own User
 *   document, which every client can read, together with a digest of the request. So the hand
 *   never travels in a relayed request: the player first sends a *commitment* through the relay
 *   (SHA-256 of the card, the combatant, the choice and a random salt — authenticated, and
 *   telling nobody anything), then the opening (choice and salt) by a direct query to the active
 *   GM only (`breadbox.flangeHand`), which accepts it only if it matches the commitment. Nobody can
 *   choose for a combatant they do not own, and nobody but the GM sees a hand before the reveal.
 * - The GM's client keeps the hands in memory; the public card shows only who has chosen. When the
 *   last hand is in, the GM's client reveals them all at once on the card, with the attacks they
 *   call for (rules core `simultaneousAttacks`); each attack's owner rolls it from there, once: the
 *   button declares the attack on the exchange engine, and the GM's client claims the mark
 *   `used:<attacker>` on the reveal card's ledger record when it resolves it (never a mark on the
 *   attacker's own attack card). The reveal
 *   and the plan are written only by the GM's client: a card that claims a reveal but was written by
 *   anyone else counts for nothing (`plannedAttack` reads GM-written cards only).
 * - A GM who reloads loses the hands not yet revealed; the GM's "Choose again" button clears the
 *   card's choices so everybody picks again.
 */
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { currentUser, format, localize, lookupUuidSync, notify } from "../../../core/game";
import { RELAY_PENDING, applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { rollDialog } from "../../../core/rolls/dialog";
import { readString } from "../../../core/forms/read";
import { isLedgerKeeper } from "../../../core/chat/ledger";
import { hasMark } from "../../../core/chat/ledger-marks";
import { postCard } from "../../../core/chat/post";
import { withLocks } from "../../../core/chat/trust";
import { audienceForMode } from "../../../core/compat";
import { BreadboxActor } from "../../../core/documents/actor";
import { itemsWithModel } from "../../../core/foundry";
import { FlangeActorModel } from "../data/actor";
import { FlangeWeaponModel } from "../data/weapons";
import { sha256Hex } from "../../../core/sha256";
import { declareExchange } from "../../../core/exchange/engine";
import { attackDialog, flangeAttack, PLANNED, plannedDefence } from "./attack";
import { genuineCard, HAND_KEYS, plannedAttack, plannedAttackMark, simFlags, type SimultaneousFlags, type SimultaneousMember } from "./reveal-card";

export const HAND_QUERY = "breadbox.flangeHand";

/** One combatant's secret choice. */
export interface HandChoice {
  hand: R.SimultaneousHand;
  /** The combatant attacked (scissors in a group of three or more). */
  target: string | null;
  blockWith: R.BlockWith;
}

/** Check a choice against the card: a known hand; a target in the group (not oneself) for scissors in a group of three or more. */
export function validChoice(raw: unknown, flags: SimultaneousFlags, combatantId: string): HandChoice | null {
  if (!raw || typeof raw !== "object") return null;
  const hand: unknown = Reflect.get(raw, "hand");
  const target: unknown = Reflect.get(raw, "target");
  const blockWith: unknown = Reflect.get(raw, "blockWith");
  if (hand !== "scissors" && hand !== "paper" && hand !== "stone") return null;
  if (blockWith !== "object" && blockWith !== "body") return null;
  const others = flags.members.filter((m) => m.combatantId !== combatantId).map((m) => m.combatantId);
  let t: string | null = null;
  if (hand === "scissors") {
    if (others.length === 1) t = others[0] ?? null;
    else if (typeof target === "string" && others.includes(target)) t = target;
    else return null;
  }
  return { hand, target: t, blockWith };
}

/** The commitment to a choice: what the player sends (authenticated) before the choice itself. */
export function commitment(messageId: string, combatantId: string, choice: HandChoice, salt: string): string {
  return sha256Hex([messageId, combatantId, choice.hand, choice.target ?? "", choice.blockWith, salt].join("|"));
}

/* ---------- the GM's memory ---------- */

const commitments = new Map<string, string>();
const hands = new Map<string, Map<string, HandChoice>>();

function key(messageId: string, combatantId: string): string {
  return `${messageId}|${combatantId}`;
}

/** Forget every secret (a reload of the GM's client, in tests). */
export function resetSecrets(): void {
  commitments.clear();
  hands.clear();
}

/* ---------- announcing ---------- */

async function renderCard(flags: SimultaneousFlags): Promise<string> {
  const name = (id: string | null) => flags.members.find((m) => m.combatantId === id)?.name ?? "";
  return foundry.applications.handlebars.renderTemplate(templatePath("flange/combat/simultaneous.hbs"), {
    total: flags.total,
    round: flags.round,
    revealed: Boolean(flags.revealed),
    members: flags.members.map((m) => {
      const hand = flags.revealed?.find((h) => h.combatantId === m.combatantId);
      return {
        ...m,
        chosen: flags.chosen.includes(m.combatantId),
        hand: hand ? localize(`BREADBOX.Flange.Combat.Hand.${hand.hand}`) : "",
        action: hand ? localize(`BREADBOX.Flange.Combat.Choice.${R.SIMULTANEOUS_HANDS[hand.hand]}`) : "",
        target: hand?.target ? name(hand.target) : "",
        visibility: `owner:${m.actorUuid}`,
      };
    }),
    attacks: flags.attacks.map((a, index) => ({
      index,
      attacker: name(a.attacker),
      defender: name(a.defender),
      defence: localize(`BREADBOX.Flange.Combat.SimDefence.${a.defence === "block" ? `block${a.blockWith === "object" ? "Object" : "Body"}` : a.defence}`),
      visibility: `owner:${a.attackerUuid}`,
    })),
    none: Boolean(flags.revealed) && flags.attacks.length === 0,
  });
}

/**
 * Post a simultaneous-action card for every group of two or more flange combatants on one total
 * in the combat's current round that has none yet. Only the active GM's client does this.
 */
export async function announceSimultaneous(combat: Combat.Implementation): Promise<ChatMessage.Implementation[]> {
  if (!isLedgerKeeper() || !combat.id || !combat.started) return [];
  const combatId = combat.id;
  return withLocks([`flangeSimultaneous:${combatId}`], async () => {
    const entries: { id: string; total: number }[] = [];
    const members = new Map<string, SimultaneousMember>();
    // Only once everybody has rolled: ties among a half-rolled round are not ties yet.
    if (combat.combatants.some((c) => !c.isDefeated && (typeof c.initiative !== "number" || !Number.isFinite(c.initiative)))) return [];
    for (const c of combat.combatants) {
      const actor = c.actor;
      if (!c.id || !(actor?.system instanceof FlangeActorModel) || typeof c.initiative !== "number" || !Number.isSafeInteger(c.initiative) || c.isDefeated) continue;
      entries.push({ id: c.id, total: c.initiative });
      members.set(c.id, { combatantId: c.id, actorUuid: actor.uuid, name: c.name ?? actor.name ?? "" });
    }
    const posted: ChatMessage.Implementation[] = [];
    for (const group of R.initiativeOrder(entries)) {
      if (!group.simultaneous) continue;
      const ids = [...group.ids].sort();
      const exists = game.messages?.some((m) => {
        const f = simFlags(m);
        return Boolean(f && f.combatId === combatId && f.round === combat.round && f.total === group.total && f.members.map((x) => x.combatantId).sort().join() === ids.join());
      });
      if (exists) continue;
      const flags: SimultaneousFlags = { type: "flangeSimultaneous", combatId, round: combat.round, total: group.total, members: ids.map((id) => members.get(id)!), chosen: [], revealed: null, attacks: [] };
      const message = await postCard({ content: await renderCard(flags), flags: { [SYSTEM_ID]: { ...flags } } }, audienceForMode("public"));
      if (message) posted.push(message);
    }
    return posted;
  });
}

/* ---------- choosing ---------- */

/** A member's Choose button: pick a hand in secret and send it to the GM. */
export async function onChooseHand(message: ChatMessage.Implementation, button: HTMLElement): Promise<void> {
  const flags = simFlags(message);
  const member = flags?.members.find((m) => m.combatantId === button.dataset.combatant);
  if (!flags || !member || !message.id) return;
  if (flags.revealed) {
    notify("warn", "BREADBOX.Flange.Combat.AlreadyRevealed");
    return;
  }
  const actor = lookupUuidSync(member.actorUuid);
  if (!(actor instanceof BreadboxActor) || !actor.isOwner) {
    notify("warn", "BREADBOX.Flange.Combat.NotYourCombatant");
    return;
  }
  const others = flags.members.filter((m) => m.combatantId !== member.combatantId);
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("flange/combat/hand-dialog.hbs"), {
    hands: HAND_KEYS.map((h) => ({ key: h, label: localize(`BREADBOX.Flange.Combat.Hand.${h}`), action: localize(`BREADBOX.Flange.Combat.Choice.${R.SIMULTANEOUS_HANDS[h]}`) })),
    targets: others.length > 1 ? others : null,
  });
  const result = await rollDialog<HandChoice>({
    title: format("BREADBOX.Flange.Combat.ChooseTitle", { name: member.name }),
    content,
    read: (form) => {
      const get = (n: string): string => readString(form, n);
      const choice = validChoice({ hand: get("hand"), target: get("target") || null, blockWith: get("blockWith") || "body" }, flags, member.combatantId);
      if (!choice) throw new Error(localize("BREADBOX.Flange.Combat.NeedTarget"));
      return choice;
    },
    rollLabel: "BREADBOX.Flange.Combat.Choose",
    // The hand is secret until the GM's client reveals it on the card: no visibility to choose.
    noMessageMode: true,
  });
  if (!result) return;
  await sendHand(message.id, member, actor, result.value);
}

/** Send a choice: straight into the GM's memory on the GM's own client, else commitment (relay) then opening (query). */
export async function sendHand(messageId: string, member: SimultaneousMember, actor: Actor.Implementation, raw: HandChoice): Promise<boolean> {
  const me = currentUser();
  // The choice as the GM will read it (the target of a two-combatant attack filled in), so the commitment matches.
  const message = game.messages?.get(messageId);
  const flags = message ? simFlags(message) : null;
  const choice = flags ? validChoice(raw, flags, member.combatantId) : null;
  if (!choice) {
    notify("warn", flags ? "BREADBOX.Flange.Combat.NeedTarget" : "BREADBOX.Relay.NotGenuine");
    return false;
  }
  if (isLedgerKeeper()) {
    const card = genuineCard(messageId);
    if (!card) return false;
    const error = await recordHand(card.message, member.combatantId, choice);
    if (error) notify("warn", error);
    return !error;
  }
  if (me.isGM) {
    notify("warn", "BREADBOX.Relay.NotActiveGM", { name: game.users?.activeGM?.name ?? "" });
    return false;
  }
  const salt = foundry.utils.randomID(16);
  const committed = await applyOrRelay("flange.commitHand", { uuid: actor.uuid }, { messageId, combatantId: member.combatantId, commitment: commitment(messageId, member.combatantId, choice, salt) });
  if (!committed.ok) return false;
  const gm = game.users?.activeGM;
  if (!gm) {
    notify("warn", "BREADBOX.Relay.NoGM");
    return false;
  }
  try {
    const opened = await gm.query(HAND_QUERY, { messageId, combatantId: member.combatantId, hand: choice.hand, target: choice.target, blockWith: choice.blockWith, salt }, { timeout: 15_000 });
    if (!opened?.ok) notify("warn", opened?.error ?? "BREADBOX.Relay.Failed");
    return Boolean(opened?.ok);
  } catch (err) {
    console.error("Breadbox | hand query failed", err);
    notify("warn", "BREADBOX.Relay.Failed");
    return false;
  }
}

/**
 * GM side of the commitment (relayed, so the requester is authenticated): the card is a genuine
 * simultaneous card not yet revealed, the combatant is in it and its actor is the request's target,
 * the requester owns that actor, and this combatant has not chosen yet.
 */
export async function relayCommitHand(ctx: RelayContext): Promise<RelayResult> {
  const card = genuineCard(ctx.payload.messageId);
  if (!card) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  const { message, flags } = card;
  if (flags.revealed) return { ok: false, error: "BREADBOX.Flange.Combat.AlreadyRevealed" };
  const combatantId = typeof ctx.payload.combatantId === "string" ? ctx.payload.combatantId : "";
  const member = flags.members.find((m) => m.combatantId === combatantId);
  if (!member || !(ctx.target instanceof BreadboxActor) || ctx.target.uuid !== member.actorUuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (!ctx.requester.isGM && !ctx.target.testUserPermission(ctx.requester, "OWNER")) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const c = ctx.payload.commitment;
  if (typeof c !== "string" || !/^[0-9a-f]{64}$/.test(c)) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const k = key(message.id ?? "", combatantId);
  if (flags.chosen.includes(combatantId) || hands.get(message.id ?? "")?.has(combatantId)) return { ok: false, error: "BREADBOX.Flange.Combat.AlreadyChosen" };
  commitments.set(k, c);
  return { ok: true };
}

/** GM side of the opening (a direct query, unauthenticated): accepted only when it matches the commitment. */
export async function handQueryHandler(data: unknown): Promise<{ ok: boolean; error?: string }> {
  if (!isLedgerKeeper()) return { ok: false, error: "BREADBOX.Relay.NotGM" };
  if (!data || typeof data !== "object") return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const get = (k: string): unknown => Reflect.get(data, k);
  const card = genuineCard(get("messageId"));
  const combatantId = get("combatantId");
  const salt = get("salt");
  if (!card || typeof combatantId !== "string" || typeof salt !== "string" || !/^[A-Za-z0-9]{16}$/.test(salt)) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const messageId = card.message.id ?? "";
  const choice = validChoice({ hand: get("hand"), target: get("target"), blockWith: get("blockWith") }, card.flags, combatantId);
  const expected = commitments.get(key(messageId, combatantId));
  if (!choice || !expected || commitment(messageId, combatantId, choice, salt) !== expected) return { ok: false, error: "BREADBOX.Flange.Combat.BadOpening" };
  commitments.delete(key(messageId, combatantId));
  const error = await recordHand(card.message, combatantId, choice);
  return error ? { ok: false, error } : { ok: true };
}

/** Store a hand (GM's client), show that the combatant has chosen, and reveal when everybody has. */
async function recordHand(message: ChatMessage.Implementation, combatantId: string, choice: HandChoice): Promise<string | null> {
  const messageId = message.id ?? "";
  return withLocks([`message:${messageId}`], async () => {
    const flags = simFlags(message);
    if (!flags) return "BREADBOX.Relay.Malformed";
    if (flags.revealed) return "BREADBOX.Flange.Combat.AlreadyRevealed";
    if (!flags.members.some((m) => m.combatantId === combatantId)) return "BREADBOX.Relay.TargetMismatch";
    const mine = hands.get(messageId) ?? new Map<string, HandChoice>();
    if (mine.has(combatantId)) return "BREADBOX.Flange.Combat.AlreadyChosen";
    mine.set(combatantId, choice);
    hands.set(messageId, mine);
    // The GM sees each hand as it arrives, on this client only (no document a player could read).
    const who = (id: string | null) => flags.members.find((m) => m.combatantId === id)?.name ?? "";
    notify("info", "BREADBOX.Flange.Combat.GMSeesHand", {
      name: who(combatantId),
      hand: localize(`BREADBOX.Flange.Combat.Hand.${choice.hand}`),
      target: choice.target ? who(choice.target) : "—",
    });
    const chosen = flags.members.map((m) => m.combatantId).filter((id) => mine.has(id));
    let next: SimultaneousFlags = { ...flags, chosen };
    if (chosen.length === flags.members.length) {
      const entries = flags.members.map((m) => ({ id: m.combatantId, ...mine.get(m.combatantId)! }));
      const uuid = (id: string) => flags.members.find((m) => m.combatantId === id)?.actorUuid ?? "";
      const attacks = R.simultaneousAttacks(entries).map((a) => ({ ...a, attackerUuid: uuid(a.attacker), defenderUuid: uuid(a.defender) }));
      next = { ...next, revealed: entries.map((e) => ({ combatantId: e.id, hand: e.hand, target: e.target, blockWith: e.blockWith })), attacks };
      hands.delete(messageId);
    }
    await message.update({ content: await renderCard(next), flags: { [SYSTEM_ID]: { ...next } } });
    return null;
  });
}

/** GM button: clear the choices of a card not revealed yet (after a GM reload lost them). */
export async function onResetHands(message: ChatMessage.Implementation): Promise<void> {
  if (!isLedgerKeeper()) {
    notify("warn", "BREADBOX.Relay.NotGM");
    return;
  }
  const card = genuineCard(message.id);
  if (!card || card.flags.revealed) return;
  hands.delete(message.id ?? "");
  for (const m of card.flags.members) commitments.delete(key(message.id ?? "", m.combatantId));
  const next = { ...card.flags, chosen: [] };
  await message.update({ content: await renderCard(next), flags: { [SYSTEM_ID]: { ...next } } });
}

/* ---------- the attacks the reveal calls for ---------- */

/**
 * The attacker's button on a revealed card: declare the planned attack through the exchange engine
 * (its defence fixed by the reveal), then resolve it at once with its one response, "planned" (attack.ts).
 */
export async function onSimultaneousAttack(message: ChatMessage.Implementation, button: HTMLElement, event: Event): Promise<void> {
  const index = Number(button.dataset.index);
  const plan = message.id && Number.isSafeInteger(index) ? plannedAttack(message.id, index) : null;
  if (!plan || !message.id) return notify("warn", "BREADBOX.Relay.NotGenuine");
  const attacker = lookupUuidSync(plan.attackerUuid);
  const defender = lookupUuidSync(plan.defenderUuid);
  if (!(attacker instanceof BreadboxActor) || !(defender instanceof BreadboxActor) || !attacker.isOwner) return notify("warn", "BREADBOX.Flange.Combat.NotYourCombatant");
  // Where this client can read the ledger (the GM's), say so at once; the GM's client decides.
  if (hasMark(message.id, plannedAttackMark(plan.attacker))) return notify("warn", "BREADBOX.Flange.Combat.AlreadyResolved");
  const weapon = itemsWithModel(attacker, FlangeWeaponModel).find((w) => w.model.equipped);
  if (!weapon) return notify("warn", "BREADBOX.Flange.Combat.NoWeapon");
  // The odds against the defence the GM's client will use (it computes it again).
  const answer = await attackDialog(attacker, weapon.item, defender, event, plannedDefence(defender, plan));
  if (!answer) return;
  const card = await declareExchange(flangeAttack, attacker, defender, { ...answer.choices, weaponId: weapon.item.id ?? "", simultaneous: { messageId: message.id, index } }, { mode: answer.mode });
  if (!card?.id) return;
  const result = await applyOrRelay("core.respond", defender, { messageId: card.id, response: PLANNED, choices: {}, mode: "public" });
  // Refused (this planned attack was rolled already, Edge spent meanwhile, ...): the attack card
  // announced an attack that will not happen. The refusal itself was shown by the relay.
  // Still pending (the GM has not answered in time; its answer may yet come): keep the card.
  if (!result.ok && result.error !== RELAY_PENDING) await card.delete().catch((err: unknown) => console.error("Breadbox | simultaneous attack card", err));
}
