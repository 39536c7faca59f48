/**
 * Issue 17: core's exchange engine, proven by a sixth ruleset that lives under test/ (a d6
 * roll-high with one attack, one defence, one wound: test/fixtures/ruleset-d6) and plugs in with
 * one line. The whole path — declare, record, respond through the relay, resolve on the active GM,
 * resolution card, Apply once, what follows — and its trust rules, on both harness profiles.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, scriptDiceFaces } from "../harness/index";
import { registerRuleset } from "../../src/core/registry";
import { d6Attack, d6AttackRoll, d6Contest, d6Ruleset } from "../fixtures/ruleset-d6/ruleset";
import { bootSystem } from "./toaster/boot";
import { declareExchange, onApply } from "../../src/core/exchange/engine";
import { applyOrRelay } from "../../src/core/relay";
import { ledgerEntry, ledgerSettled, updateLedger } from "../../src/core/chat/ledger";
import { hasMark } from "../../src/core/chat/ledger-marks";

// The one line a sixth ruleset needs (here before the system's own init runs).
Hooks.once("init", () => registerRuleset(d6Ruleset()));

beforeEach(bootSystem);

const msgs = (): any[] => [...(game as any).messages];

async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Target's player" });
  const p3 = createUser({ name: "Stranger" });
  const attacker: any = await Actor.create({ name: "Ann", type: "d6", system: { skill: 2 }, ownership: { [p1.id!]: 3 } } as never);
  const target: any = await Actor.create({ name: "Bo", type: "d6", system: { skill: 1, focus: 1, health: 1 }, ownership: { [p2.id!]: 3 } } as never);
  return { p1, p2, p3, attacker, target };
}

/** The attacker rolls her d6 (face `face`) on her own client and declares. */
async function declare(s: any, modifier = 0, face = 1): Promise<any> {
  scriptDiceFaces([face]);
  const card = await asUser(s.p1, async () => declareExchange(d6Attack as any, s.attacker, s.target, { modifier }, { rolls: [await d6AttackRoll()] }));
  await ledgerSettled();
  return card;
}

const respond = (user: any, s: any, card: any, response: string, choices: Record<string, unknown> = {}) => asUser(user, () => applyOrRelay("core.respond", s.target, { messageId: card.id, response, choices }));
const apply = (user: any, s: any, card: any, option?: unknown) => asUser(user, () => applyOrRelay("core.apply", s.target, option === undefined ? { messageId: card.id } : { messageId: card.id, option }));

/** The resolution card's Apply buttons, as rendered: [action, option, visible, label]. */
function applyButtons(card: any): string[][] {
  const div = document.createElement("div");
  div.innerHTML = card.content;
  return [...div.querySelectorAll<HTMLElement>('button[data-bb-action="core.apply"]')].map((b) => [b.dataset.option ?? "", b.dataset.bbVisible ?? "", b.textContent?.trim() ?? ""]);
}

describe("the exchange engine with a sixth ruleset (test/fixtures/ruleset-d6)", () => {
  it("registers from one line: its actor type validates and its exchange is known", async () => {
    const s = await scene();
    expect(s.attacker.system.skill).toBe(2);
    expect(CONFIG.Actor.dataModels.d6).toBeDefined();
  });

  it("declare → take it → resolution card → Apply once → what follows", async () => {
    const s = await scene();
    const card = await declare(s, 1, 3); // 3 + 2 + 1 = 6 > 3: a hit
    expect(ledgerEntry(card.id)?.posted).toMatchObject({ exchange: "d6.attack", attackerUuid: s.attacker.uuid, targetUuid: s.target.uuid, choices: { modifier: 1 } });
    expect(ledgerEntry(card.id)?.posted?.rolls).toHaveLength(1);
    expect(card.content).toContain('data-response="take"');
    const r: any = await respond(s.p2, s, card, "take");
    expect(r.ok).toBe(true);
    const resolution = msgs().at(-1);
    expect(resolution.flags.breadbox.type).toBe("exchangeResolution");
    expect(resolution.content).toContain('<p class="d6-take">Hit: 6</p>');
    expect(resolution.content).toContain('data-bb-action="core.apply"');
    expect(ledgerEntry(resolution.id)?.exchange).toMatchObject({ ruleset: "d6", kind: "attack", outcome: { wounds: 1 } });
    const results: any[] = await Promise.all([apply(s.p1, s, resolution), apply(s.p2, s, resolution)]);
    expect(results.filter((x) => x.ok)).toHaveLength(1);
    expect(s.target.system.health).toBe(0);
    expect(msgs().at(-1).content).toContain("Bo is down");
    expect((await apply(s.p2, s, resolution) as any).error).toBe("BREADBOX.Exchange.AlreadyApplied");
  });

  it("the declarer edits her card after posting: the GM uses what was posted", async () => {
    const s = await scene();
    const card = await declare(s, -2, 2); // 2 + 2 − 2 = 2, not > 3: a miss (with the edited +2 it would have hit)
    await asUser(s.p1, () => card.update({ flags: { breadbox: { choices: { modifier: 2 }, targetUuid: s.attacker.uuid } } }));
    expect((await respond(s.p2, s, card, "take") as any).ok).toBe(true);
    expect(msgs().at(-1).content).toContain("Miss");
    expect(ledgerEntry(msgs().at(-1).id)?.exchange).toBeUndefined();
  });

  it("a declaration posted by someone who does not own the attacker, or with choices the dialog never offers, is refused", async () => {
    const s = await scene();
    const forged: any = await asUser(s.p3, () => ChatMessage.create({ content: "x", flags: { breadbox: { type: "exchangeDeclaration", exchange: "d6.attack", attackerUuid: s.attacker.uuid, targetUuid: s.target.uuid, choices: { modifier: 0 } } } } as never));
    await ledgerSettled();
    expect(await respond(s.p2, s, forged, "take")).toMatchObject({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
    const wild: any = await asUser(s.p1, () => ChatMessage.create({ content: "x", flags: { breadbox: { type: "exchangeDeclaration", exchange: "d6.attack", attackerUuid: s.attacker.uuid, targetUuid: s.target.uuid, choices: { modifier: 99 } } } } as never));
    await ledgerSettled();
    expect((await respond(s.p2, s, wild, "take") as any).ok).toBe(false);
    expect(hasMark(wild.id, "resolved")).toBe(false);
    expect(s.target.system.health).toBe(1);
  });

  it("only the target's owner (or a GM) responds; a GM-only response needs a GM; a response not offered is refused", async () => {
    const s = await scene();
    const card = await declare(s);
    expect(await respond(s.p3, s, card, "take")).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    expect(await respond(s.p2, s, card, "ruling")).toMatchObject({ ok: false, error: "BREADBOX.Exchange.GMOnly" });
    expect(await respond(s.p2, s, card, "teleport")).toMatchObject({ ok: false, error: "BREADBOX.Exchange.ResponseNotAllowed" });
    expect(hasMark(card.id, "resolved")).toBe(false);
    expect((await respond(game.users!.activeGM, s, card, "ruling") as any).ok).toBe(true);
  });

  it("two responses at once resolve the exchange exactly once", async () => {
    const s = await scene();
    const card = await declare(s);
    const results: any[] = await Promise.all([respond(s.p2, s, card, "take"), respond(s.p2, s, card, "take"), respond(s.p2, s, card, "take")]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(msgs().filter((m) => m.flags.breadbox?.type === "exchangeResolution")).toHaveLength(1);
  });

  it("two dodges against two attacks at once spend the one point of focus once; the refused exchange stays open", async () => {
    const s = await scene();
    const a = await declare(s);
    const b = await declare(s);
    scriptDiceFaces([6, 6]);
    const results: any[] = await Promise.all([respond(s.p2, s, a, "dodge"), respond(s.p2, s, b, "dodge")]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(s.target.system.focus).toBe(0);
    const open = results[0].ok ? b : a;
    expect(hasMark(open.id, "resolved")).toBe(false);
  });

  it("Apply reads the GM's record only: another ruleset's record, a card without one, or the wrong target is refused and nothing changes", async () => {
    const s = await scene();
    const other: any = await ChatMessage.create({ content: "x", flags: { breadbox: { type: "exchangeResolution", targetUuid: s.target.uuid } } } as never);
    await updateLedger(other.id, { resolution: { ruleset: "toaster", attackMessageId: "a", attackerUuid: s.attacker.uuid, targetUuid: s.target.uuid, stun: 3, wounds: 1, applied: false } });
    expect(await apply(s.p2, s, other)).toMatchObject({ ok: false, error: "BREADBOX.Exchange.NothingToApply" });
    await updateLedger(other.id, { exchange: { ruleset: "nobody", kind: "attack", declarationId: "a", attackerUuid: s.attacker.uuid, targetUuid: s.target.uuid, outcome: { wounds: 1 } } });
    expect(await apply(s.p2, s, other)).toMatchObject({ ok: false, error: "BREADBOX.Exchange.Unknown" });
    // A record that names a real ruleset's exchange but not the d6 one is that ruleset's to check: not applied here.
    await updateLedger(other.id, { exchange: { ruleset: "toaster", kind: "attack", declarationId: "a", attackerUuid: s.attacker.uuid, targetUuid: s.target.uuid, outcome: { wounds: 1 } } });
    expect((await apply(s.p2, s, other) as any).ok).toBe(false);
    const card = await declare(s, 0, 6);
    await respond(s.p2, s, card, "take");
    const resolution = msgs().at(-1);
    expect(await asUser(s.p2, () => applyOrRelay("core.apply", s.attacker, { messageId: resolution.id }))).toMatchObject({ ok: false, error: "BREADBOX.Relay.TargetMismatch" });
    expect(await apply(s.p3, s, resolution)).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    expect(s.target.system.health).toBe(1);
    // The player edits the resolution card (not hers: refused by Foundry) — and the record stays the GM's.
    await expect(asUser(s.p2, () => resolution.update({ flags: { breadbox: { targetUuid: s.attacker.uuid } } }))).rejects.toThrow(/permission/);
  });

  it("the declarer's dice count as they were posted: rolls edited into her card afterwards are not read", async () => {
    const s = await scene();
    const card = await declare(s, 0, 1); // 1 + 2 = 3, not > 3: a miss
    scriptDiceFaces([6]);
    const six = await d6AttackRoll();
    await asUser(s.p1, () => card.update({ rolls: [JSON.stringify(six.toJSON())] } as never));
    expect((await respond(s.p2, s, card, "take") as any).ok).toBe(true);
    expect(msgs().at(-1).content).toContain("Miss: 3");
  });

  it("a response's choices are checked on the GM: out of the dialog's range, or a GM-only input from a player, is refused and the exchange stays open", async () => {
    const s = await scene();
    const card = await declare(s, 0, 6);
    expect(await respond(s.p2, s, card, "dodge", { bonus: 5 })).toMatchObject({ ok: false });
    expect(await respond(s.p2, s, card, "dodge", { bonus: 0, edge: 2 })).toMatchObject({ ok: false, error: "BREADBOX.Exchange.GMOnly" });
    expect(hasMark(card.id, "resolved")).toBe(false);
    expect(s.target.system.focus).toBe(1);
    scriptDiceFaces([6]); // 6 + 1 + 1 + 2 = 10 ≥ 8 (6 + 2): a miss
    expect((await respond(game.users!.activeGM, s, card, "dodge", { bonus: 1, edge: 2 }) as any).ok).toBe(true);
    expect(msgs().at(-1).content).toContain("Miss");
    expect(msgs().at(-1).content).toContain("10");
  });

  it("once resolve has spent, a card that cannot be posted does not reopen the exchange (no second spend)", async () => {
    const s = await scene();
    const card = await declare(s, 0, 6);
    const block = Hooks.on("preCreateChatMessage", (doc: any) => (doc.flags?.breadbox?.type === "exchangeResolution" ? false : undefined));
    scriptDiceFaces([1]);
    try {
      expect(await respond(s.p2, s, card, "dodge")).toMatchObject({ ok: false, error: "BREADBOX.Exchange.CardFailed" });
    } finally {
      Hooks.off("preCreateChatMessage", block);
    }
    expect(s.target.system.focus).toBe(0);
    expect(hasMark(card.id, "resolved")).toBe(true);
    expect(await respond(s.p2, s, card, "take")).toMatchObject({ ok: false, error: "BREADBOX.Exchange.AlreadyResolved" });
  });

  it("apply options: extra buttons after Apply; the id chosen reaches apply; a GM-only one from a GM only; one not offered, or not a string, is refused", async () => {
    const s = await scene();
    await s.target.update({ system: { health: 3 } });
    const card = await declare(s, 0, 6);
    expect(((await respond(s.p2, s, card, "take")) as any).ok).toBe(true);
    const resolution = msgs().at(-1);
    const owners = `owner:${s.attacker.uuid},${s.target.uuid}`;
    expect(applyButtons(resolution)).toEqual([
      ["", owners, "Apply"],
      ["double", "gm", "GM: two wounds"],
      ["graze", owners, "Just a graze"],
    ]);
    expect(resolution.content).toContain("fa-solid fa-skull");
    expect(await apply(s.p2, s, resolution, "double")).toMatchObject({ ok: false, error: "BREADBOX.Exchange.OptionGMOnly" });
    expect(await apply(s.p1, s, resolution, "teleport")).toMatchObject({ ok: false, error: "BREADBOX.Exchange.OptionNotAllowed" });
    expect(await apply(s.p1, s, resolution, "constructor")).toMatchObject({ ok: false, error: "BREADBOX.Exchange.OptionNotAllowed" });
    expect(await apply(game.users!.activeGM, s, resolution, { id: "double" })).toMatchObject({ ok: false, error: "BREADBOX.Relay.Malformed" });
    expect(await apply(s.p3, s, resolution, "graze")).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    expect(hasMark(resolution.id, "applied")).toBe(false);
    expect(s.target.system.health).toBe(3);
    // The GM's ruling: two wounds, once.
    expect(await apply(game.users!.activeGM, s, resolution, "double")).toMatchObject({ ok: true, data: { wounds: 2 } });
    expect(s.target.system.health).toBe(1);
    expect(await apply(game.users!.activeGM, s, resolution, "double")).toMatchObject({ ok: false, error: "BREADBOX.Exchange.AlreadyApplied" });
    // A player's graze, clicked on the card (the button's data-option reaches apply and the notice).
    const next = await declare(s, 0, 6);
    await respond(s.p2, s, next, "take");
    const second = msgs().at(-1);
    const div = document.createElement("div");
    div.innerHTML = second.content;
    const graze = div.querySelector<HTMLElement>('[data-option="graze"]')!;
    await asUser(s.p2, () => onApply(second, graze));
    expect(hasMark(second.id, "applied")).toBe(true);
    expect(s.target.system.health).toBe(1);
    expect((ui.notifications as any).history.map((n: any) => n.message)).toContain("Bo: 0 wound(s) (graze)");
  });

  it("a contest (a definition without apply) resolves to a card naming the winner, with no Apply and no outcome to apply", async () => {
    const s = await scene();
    scriptDiceFaces([4]);
    const card: any = await asUser(s.p1, async () => declareExchange(d6Contest as any, s.attacker, s.target, {}, { rolls: [await d6AttackRoll()] }));
    await ledgerSettled();
    expect(card.content).toContain('data-response="oppose"');
    scriptDiceFaces([2]);
    expect(((await respond(s.p2, s, card, "oppose")) as any).ok).toBe(true);
    const resolution = msgs().at(-1);
    expect(resolution.content).toContain("Winner: Ann");
    expect(resolution.content).not.toContain("core.apply");
    expect(ledgerEntry(resolution.id)?.exchange).toBeUndefined();
    const r: any = await apply(s.p2, s, resolution);
    expect(r.ok).toBe(false);
    expect(r.error).toBe("BREADBOX.Exchange.NothingToApply");
    expect(s.target.system.health).toBe(1);
  });
});
