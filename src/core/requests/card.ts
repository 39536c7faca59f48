/**
 * Roll requests (issue 21, docs/requests.md): a GM asks chosen characters for a check at a
 * difficulty; one card lists them; each owner rolls from the card (the ruleset's own dialog, at the
 * card's difficulty) and the answer is written onto the card by the active GM's client through the
 * relay, after checking that the requester owns the character, that the character is asked and
 * has not answered, and that the answer is the requester's own check card of that character. The
 * card's state lives in its flags (a GM's message: no player can write it); the GM alone sees each
 * character's exact odds (computed when the card is drawn on a GM's client, never stored) and can
 * change the difficulty or close the request while it is open. A character deleted, or with no
 * owner online, is said on the card.
 */
import { actorFromUuidSync, format, localize } from "../game";
import { SYSTEM_ID, templatePath } from "../ids";
import { getRuleset, type CheckWords } from "../registry";
import { rollCheckFor, type CheckRef } from "../hotbar";
import { applyOrRelay, registerCoreRelayAction, type RelayContext, type RelayResult } from "../relay";
import { registerCoreChatAction } from "../chat/actions";
import { cardFlags, cardWriter } from "../chat/trust";
import { rulesetOfCheckCard } from "../registry";
import { audienceForMode, type Audience, type MessageMode } from "../compat";
import { BREADBOX_HOOKS, type RollCheckPayload } from "../api/hooks";
import { oddsPanelHtml } from "../rolls/odds-panel";
import { findForm, fitsForm, roleOf, type GroupForms, type GroupMember } from "./groups";

export const REQUEST_CARD = templatePath("shared/request-card.hbs");
/** `flags.breadbox.type` of a request card. */
export const REQUEST_TYPE = "checkRequest";

/** A check as a request names it: a name, and its kind if written. */
export interface RequestCheck {
  name: string;
  kind: string | null;
}

/** One asked character and, once rolled, the answer. */
export interface RequestEntry {
  actorUuid: string;
  name: string;
  result: { messageId: string; total: number } | null;
  /** This member's own check (a group's other side), or null for the request's. */
  check: RequestCheck | null;
  /** A group request: whether this member's owner has answered "take part". */
  joined: boolean;
}

/** A group request (src/core/requests/groups.ts): its form, and once resolved its verdict. */
export interface RequestGroup {
  /** The form's id in the ruleset's `groupForms`. */
  form: string;
  /** Who sees the group's card: the request's visibility. */
  mode: MessageMode;
  /** The verdict line (the GM's language), once resolved. */
  verdict: string | null;
  /** The group card's message, once resolved. */
  resultId: string | null;
  /** Why the group could not be rolled, if it could not. */
  error: string | null;
}

/** What a request card keeps in `flags.breadbox`. */
export interface RequestFlags {
  type: typeof REQUEST_TYPE;
  ruleset: string;
  /** The check as written (a name, and its kind if written), looked up on each character. */
  check: { name: string; kind: string | null };
  /** The ruleset's difficulty (`CheckWords.difficulty`). */
  difficulty: string;
  closed: boolean;
  entries: RequestEntry[];
  /** A group request's form and verdict; null for a request that asks each character alone. */
  group: RequestGroup | null;
}

export interface NewRequest {
  actors: Actor.Implementation[];
  name: string;
  kind: string | null;
  difficulty: string;
  /** Who sees the card: public, or (any other mode) the GMs and the asked characters' owners. */
  mode: MessageMode;
  /** A group form of the ruleset (`RulesetApi.groupForms`): the characters, in order, act as one group. */
  group?: string | null;
  /** The check of every member after the first (a group's other side, the helpers), when not the same. */
  others?: RequestCheck | null;
}

function wordsOf(ruleset: string): CheckWords | null {
  return getRuleset(ruleset)?.api?.checkWords ?? null;
}

function formsOf(ruleset: string): GroupForms | undefined {
  return getRuleset(ruleset)?.api?.groupForms;
}

const MODES: readonly MessageMode[] = ["public", "gm", "blind", "self"];

function readCheck(raw: unknown): RequestCheck | null {
  if (!raw || typeof raw !== "object") return null;
  const c = raw as Record<string, unknown>;
  return typeof c.name === "string" ? { name: c.name, kind: typeof c.kind === "string" ? c.kind : null } : null;
}

function readGroup(raw: unknown): RequestGroup | null {
  if (!raw || typeof raw !== "object") return null;
  const g = raw as Record<string, unknown>;
  const mode = MODES.find((m) => m === g.mode);
  if (typeof g.form !== "string" || !mode) return null;
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  return { form: g.form, mode, verdict: text(g.verdict), resultId: text(g.resultId), error: text(g.error) };
}

/** A request card's flags, or null when the message is not one (or is malformed). */
export function requestFlags(message: ChatMessage.Implementation): RequestFlags | null {
  const f = cardFlags(message);
  if (f.type !== REQUEST_TYPE || typeof f.ruleset !== "string" || typeof f.difficulty !== "string" || !Array.isArray(f.entries)) return null;
  const check = readCheck(f.check);
  if (!check) return null;
  const entries: RequestEntry[] = [];
  for (const raw of f.entries as unknown[]) {
    if (!raw || typeof raw !== "object") return null;
    const e = raw as Record<string, unknown>;
    if (typeof e.actorUuid !== "string" || typeof e.name !== "string") return null;
    const r = e.result && typeof e.result === "object" ? (e.result as Record<string, unknown>) : null;
    entries.push({ actorUuid: e.actorUuid, name: e.name, result: r && typeof r.messageId === "string" && typeof r.total === "number" ? { messageId: r.messageId, total: r.total } : null, check: readCheck(e.check), joined: e.joined === true });
  }
  return { type: REQUEST_TYPE, ruleset: f.ruleset, check, difficulty: f.difficulty, closed: f.closed === true, entries, group: readGroup(f.group) };
}

/** The card's content for its flags (the same for everyone; per-user parts are added when drawn). */
export async function requestContent(flags: RequestFlags): Promise<string> {
  const words = wordsOf(flags.ruleset);
  const difficultyLabel = words?.difficultyLabel(flags.difficulty) ?? flags.difficulty;
  const form = flags.group ? findForm(formsOf(flags.ruleset), flags.group.form) : undefined;
  const group = flags.group && form
    ? { label: localize(form.label), noDifficulty: !form.difficulty, verdict: flags.group.verdict, error: flags.group.error, hidden: flags.group.mode !== "public" }
    : null;
  const title = format("BREADBOX.Requests.CheckLabel", { name: flags.check.name, difficulty: difficultyLabel });
  return foundry.applications.handlebars.renderTemplate(REQUEST_CARD, {
    title: group ? format("BREADBOX.Requests.Group.Title", { form: group.label, check: group.noDifficulty ? flags.check.name : title }) : title,
    closed: flags.closed,
    group,
    difficulties: (words?.difficulties() ?? []).map((d) => ({ ...d, selected: d.value === flags.difficulty })),
    entries: flags.entries.map((e, i) => {
      const role = form ? roleOf(form, i) : null;
      return { ...e, answered: e.result !== null, role: role ? localize(role) : "", checkName: e.check ? e.check.name : "" };
    }),
  });
}

/** The audience of a request card: everyone, or the GMs and the owners of the asked characters. */
function requestAudience(actors: Actor.Implementation[], mode: MessageMode): Audience {
  if (mode === "public") return audienceForMode("public");
  const users = [...(game.users ?? [])].filter((u) => u.isGM || actors.some((a) => a.testUserPermission(u, "OWNER")));
  return { whisper: users.map((u) => u.id ?? "").filter(Boolean), blind: false };
}

/** Post a request card (a GM's client). Null when nothing can be asked. */
export async function createCheckRequest(request: NewRequest): Promise<ChatMessage.Implementation | null> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(localize("BREADBOX.Requests.GMOnly"));
    return null;
  }
  const actors = request.actors.filter((a, i, all) => all.findIndex((b) => b.uuid === a.uuid) === i);
  const ruleset = actors.length ? String(actors[0]?.type) : "";
  const words = wordsOf(ruleset);
  if (!actors.length || !words || actors.some((a) => String(a.type) !== ruleset) || words.difficulty(request.difficulty) !== request.difficulty) {
    ui.notifications?.warn(localize("BREADBOX.Requests.NothingToAsk"));
    return null;
  }
  const form = request.group ? findForm(formsOf(ruleset), request.group) : undefined;
  if (request.group && (!form || !fitsForm(form, actors.length))) {
    ui.notifications?.warn(form ? format("BREADBOX.Requests.Group.WrongSize", { form: localize(form.label), min: form.min, max: form.max }) : localize("BREADBOX.Requests.NothingToAsk"));
    return null;
  }
  const others = request.others && (request.others.name !== request.name || request.others.kind !== request.kind) ? request.others : null;
  const flags: RequestFlags = {
    type: REQUEST_TYPE,
    ruleset,
    check: { name: request.name, kind: request.kind },
    difficulty: request.difficulty,
    closed: false,
    entries: actors.map((a, i) => ({ actorUuid: a.uuid, name: a.name ?? "", result: null, check: i > 0 ? others : null, joined: false })),
    group: form ? { form: form.id, mode: request.mode, verdict: null, resultId: null, error: null } : null,
  };
  const audience = requestAudience(actors, request.mode);
  const created = await ChatMessage.create({ content: await requestContent(flags), flags: { [SYSTEM_ID]: { ...flags } }, whisper: audience.whisper, blind: audience.blind });
  return created ?? null;
}

/** Write new flags (and the content drawn from them) onto a request card: the active GM's client. */
async function writeRequest(message: ChatMessage.Implementation, flags: RequestFlags): Promise<void> {
  await message.update({ content: await requestContent(flags), flags: { [SYSTEM_ID]: { ...flags } } });
}

/* ---------- a player's roll from the card ---------- */

/** Roll the asked check for one character of the card and send the answer to the GM. */
export async function onRequestRoll(message: ChatMessage.Implementation, button: HTMLElement): Promise<void> {
  const flags = requestFlags(message);
  const uuid = button.dataset.actorUuid ?? "";
  const entry = flags?.entries.find((e) => e.actorUuid === uuid);
  if (!flags || !entry || flags.closed || entry.result) return;
  const actor = actorFromUuidSync(uuid);
  if (!actor?.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.Requests.NotYours"));
    return;
  }
  const ref: CheckRef | null = wordsOf(flags.ruleset)?.checkOf(actor, flags.check.name, flags.check.kind) ?? null;
  if (!ref) {
    ui.notifications?.warn(format("BREADBOX.Requests.Missing", { actor: actor.name ?? "", name: flags.check.name }));
    return;
  }
  // The check card this roll posts (breadbox.rollCheck fires where every check card is posted).
  const seen: { message: ChatMessage.Implementation | null } = { message: null };
  const hookId = Hooks.on(BREADBOX_HOOKS.rollCheck, (payload: RollCheckPayload) => {
    if (payload.actor?.uuid === actor.uuid && !seen.message) seen.message = payload.message;
  });
  try {
    await rollCheckFor(actor, ref, { difficulty: flags.difficulty });
  } finally {
    Hooks.off(BREADBOX_HOOKS.rollCheck, hookId);
  }
  const answer = seen.message;
  if (!answer) return;
  await applyOrRelay("core.requestAnswer", message, { messageId: message.id ?? "", actorUuid: uuid, resultId: answer.id ?? "" });
}

/* ---------- the active GM's side ---------- */

function isRequestCard(target: unknown): target is ChatMessage.Implementation {
  return target instanceof ChatMessage && requestFlags(target) !== null && Boolean(cardWriter(target)?.isGM);
}

/** An answer being checked: the open request, and the asked character the requester owns, not yet answered. */
interface OpenAnswer {
  flags: RequestFlags;
  index: number;
  entry: RequestEntry;
  actor: Actor.Implementation;
}

/**
 * The checks every answer to a request passes on the active GM's client: a genuine, open request
 * of the right kind (a group's or not), asking this character, not yet answered, which still exists
 * and which the requester owns (or a GM). A refusal, or what was checked.
 */
function openAnswer(requester: RelayContext["requester"], target: unknown, payload: RelayContext["payload"], group: boolean): OpenAnswer | RelayResult {
  if (!isRequestCard(target)) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  const flags = requestFlags(target);
  // A group's members take part (the group's dice are the ruleset's, rolled here); others answer with a check card.
  if (!flags || (flags.group !== null) !== group) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  if (flags.closed) return { ok: false, error: "BREADBOX.Requests.Closed" };
  const index = flags.entries.findIndex((e) => e.actorUuid === payload.actorUuid);
  const entry = flags.entries[index];
  if (!entry) return { ok: false, error: "BREADBOX.Requests.NotAsked" };
  if (entry.result || entry.joined) return { ok: false, error: "BREADBOX.Requests.Answered" };
  const actor = actorFromUuidSync(entry.actorUuid);
  if (!actor) return { ok: false, error: "BREADBOX.Requests.Deleted" };
  if (!requester.isGM && !actor.testUserPermission(requester, "OWNER")) return { ok: false, error: "BREADBOX.Requests.NotYours" };
  return { flags, index, entry, actor };
}

/** An answer: the requester's own check card of an asked character, written onto the request. */
export async function relayRequestAnswer({ requester, target, payload }: RelayContext): Promise<RelayResult> {
  const open = openAnswer(requester, target, payload, false);
  if ("ok" in open) return open;
  const { flags, index, entry, actor } = open;
  if (!isRequestCard(target)) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  const result = typeof payload.resultId === "string" ? game.messages?.get(payload.resultId) : undefined;
  if (!result || cardWriter(result)?.id !== requester.id) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  if (rulesetOfCheckCard(cardFlags(result).type) !== flags.ruleset || result.speaker?.actor !== actor.id) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  if ((result.timestamp ?? 0) < (target.timestamp ?? 0) || flags.entries.some((e) => e.result?.messageId === result.id)) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  const total = Number(result.rolls[0]?.total);
  flags.entries[index] = { ...entry, result: { messageId: result.id ?? "", total: Number.isFinite(total) ? total : 0 } };
  await writeRequest(target, flags);
  return { ok: true };
}

/** The GM closes the request, or changes its difficulty while it is open. */
export async function relayRequestChange({ requester, target, payload }: RelayContext): Promise<RelayResult> {
  if (!requester.isGM) return { ok: false, error: "BREADBOX.Requests.GMOnly" };
  if (!isRequestCard(target)) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  const flags = requestFlags(target);
  if (!flags) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  if (flags.closed) return { ok: false, error: "BREADBOX.Requests.Closed" };
  if (payload.close === true) flags.closed = true;
  else if (typeof payload.difficulty === "string") {
    const read = wordsOf(flags.ruleset)?.difficulty(payload.difficulty);
    if (!read) return { ok: false, error: "BREADBOX.Relay.Malformed" };
    flags.difficulty = read;
  } else return { ok: false, error: "BREADBOX.Relay.Malformed" };
  await writeRequest(target, flags);
  return { ok: true };
}

/* ---------- group requests ---------- */

/** The members of a group request (each character with the check it is asked for), or null when one is deleted or lacks the check. */
export function groupMembers(flags: RequestFlags): GroupMember[] | null {
  const words = wordsOf(flags.ruleset);
  if (!words) return null;
  const out: GroupMember[] = [];
  for (const e of flags.entries) {
    const actor = actorFromUuidSync(e.actorUuid);
    const asked = e.check ?? flags.check;
    const check = actor ? words.checkOf(actor, asked.name, asked.kind) : null;
    if (!actor || !check) return null;
    out.push({ actor, check });
  }
  return out;
}

/** A member's owner takes part in the group: ask the active GM to write it (and roll the group when all have). */
export async function onRequestJoin(message: ChatMessage.Implementation, button: HTMLElement): Promise<void> {
  const flags = requestFlags(message);
  const uuid = button.dataset.actorUuid ?? "";
  const entry = flags?.entries.find((e) => e.actorUuid === uuid);
  if (!flags?.group || !entry || flags.closed || entry.joined) return;
  if (!actorFromUuidSync(uuid)?.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.Requests.NotYours"));
    return;
  }
  await applyOrRelay("core.requestJoin", message, { messageId: message.id ?? "", actorUuid: uuid });
}

/**
 * Roll the group (the active GM's client), all members having answered: the ruleset's own group
 * rules roll its dice from the documents as they are now and post its card; the verdict, or why it
 * could not be rolled, goes onto the request.
 */
async function resolveGroup(flags: RequestFlags, group: RequestGroup): Promise<void> {
  const forms = formsOf(flags.ruleset);
  const members = groupMembers(flags);
  if (!forms || !members) {
    group.error = localize("BREADBOX.Requests.Group.Missing");
    return;
  }
  try {
    const done = await forms.resolve(group.form, members, flags.difficulty, group.mode);
    group.verdict = done.verdict;
    group.resultId = done.message?.id ?? null;
    group.error = null;
    flags.closed = true;
  } catch (err) {
    group.error = err instanceof Error ? localize(err.message) : String(err);
  }
}

/** A member takes part: checked on the active GM's client; the last one to answer has the group rolled. */
export async function relayRequestJoin({ requester, target, payload }: RelayContext): Promise<RelayResult> {
  const open = openAnswer(requester, target, payload, true);
  if ("ok" in open) return open;
  const { flags, index, entry, actor } = open;
  const group = flags.group;
  if (!group || !isRequestCard(target)) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const asked = entry.check ?? flags.check;
  if (!wordsOf(flags.ruleset)?.checkOf(actor, asked.name, asked.kind)) return { ok: false, error: "BREADBOX.Requests.NoSuchCheck" };
  flags.entries[index] = { ...entry, joined: true };
  if (flags.entries.every((e) => e.joined)) await resolveGroup(flags, group);
  await writeRequest(target, flags);
  return { ok: true };
}

/** The GM's part of a group request's card: the group's combined exact odds at its difficulty. */
function drawGroupOdds(flags: RequestFlags, html: HTMLElement): void {
  const cell = html.querySelector<HTMLElement>("[data-request-group-odds]");
  const group = flags.group;
  if (!cell || !group || group.verdict !== null) return;
  const members = groupMembers(flags);
  const odds = members ? formsOf(flags.ruleset)?.odds(group.form, members, flags.difficulty) : null;
  cell.innerHTML = odds ? oddsPanelHtml(odds.odds, odds) : "";
  if (!odds) cell.textContent = localize(members ? "BREADBOX.Requests.Group.NoOdds" : "BREADBOX.Requests.Group.Missing");
}

/* ---------- drawing the card on each client ---------- */

/** Whether a user other than a GM who owns the actor is online. */
function ownerOnline(actor: Actor.Implementation): boolean {
  return [...(game.users ?? [])].some((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER"));
}

/** The per-user parts of a request card: each row's state, and for a GM the odds and the controls. */
export function onRenderRequest(message: ChatMessage.Implementation, html: HTMLElement): void {
  const flags = requestFlags(message);
  if (!flags) return;
  const words = wordsOf(flags.ruleset);
  const isGM = game.user?.isGM === true;
  for (const row of html.querySelectorAll<HTMLElement>("[data-request-actor]")) {
    const entry = flags.entries.find((e) => e.actorUuid === row.dataset.requestActor);
    if (!entry) continue;
    const actor = actorFromUuidSync(entry.actorUuid);
    const status = row.querySelector<HTMLElement>("[data-request-status]");
    if (!actor) {
      if (status) status.textContent = localize("BREADBOX.Requests.Deleted");
      row.querySelector("[data-bb-action]")?.remove();
      continue;
    }
    if (!entry.result && status && !ownerOnline(actor)) status.textContent = localize("BREADBOX.Requests.OwnerOffline");
    const oddsCell = row.querySelector<HTMLElement>("[data-request-odds]");
    if (!isGM || !oddsCell || entry.result || !words || flags.group) continue;
    const ref = words.checkOf(actor, flags.check.name, flags.check.kind);
    const odds = ref ? getRuleset(flags.ruleset)?.api?.odds?.(actor, ref, { difficulty: flags.difficulty }) : null;
    oddsCell.textContent = odds ? format("BREADBOX.Requests.Odds", { chance: `${(odds.success * 100).toFixed(1)}%` }) : ref ? "" : localize("BREADBOX.Requests.NoSuchCheck");
  }
  if (!isGM) return;
  if (flags.group) drawGroupOdds(flags, html);
  html.querySelector<HTMLSelectElement>("select[data-request-difficulty]")?.addEventListener("change", (event) => {
    const select = event.currentTarget;
    if (select instanceof HTMLSelectElement) void applyOrRelay("core.requestChange", message, { messageId: message.id ?? "", difficulty: select.value });
  });
}

async function onRequestClose(message: ChatMessage.Implementation): Promise<void> {
  await applyOrRelay("core.requestChange", message, { messageId: message.id ?? "", close: true });
}

let registered = false;

/** Register the card's buttons, its relay actions and its drawing (init, once). */
export function registerRequests(): void {
  if (registered) return;
  registered = true;
  registerCoreChatAction("requestRoll", onRequestRoll);
  registerCoreChatAction("requestClose", onRequestClose);
  registerCoreChatAction("requestJoin", onRequestJoin);
  registerCoreRelayAction("requestJoin", relayRequestJoin);
  registerCoreRelayAction("requestAnswer", relayRequestAnswer);
  registerCoreRelayAction("requestChange", relayRequestChange);
  Hooks.on("renderChatMessageHTML", (message, html) => {
    if (message instanceof ChatMessage && html instanceof HTMLElement) onRenderRequest(message, html);
  });
}
