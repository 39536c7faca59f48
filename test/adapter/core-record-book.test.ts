/**
 * Issue 17, attack 7: the GM-only card ledger was one world setting that every card rewrote,
 * readable by every player, growing with the chat history and re-sent on every roll. Each card's
 * record now lives in the record book, a GM-owned journal entry, written one card at a time.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { Hooks, asUser, createUser, gmUser } from "../harness/index";
import { bootSystem, makeCharacter } from "./toaster/boot";
import { claimRoll, rollFingerprint, rollUsed } from "../../src/core/chat/once";
import { ledgerEntry, ledgerSettled, recordBook, updateLedger } from "../../src/core/chat/ledger";
import { migrateLegacyLedger } from "../../src/core/chat/ledger-migrate";
import { claimMark, hasMark, markValue, releaseMark, resetLedgerOverlay } from "../../src/core/chat/ledger-marks";

beforeEach(bootSystem);

async function playerCard(p: any, content = "x"): Promise<any> {
  const m = await asUser(p, () => ChatMessage.create({ content, flags: { breadbox: { type: "toasterCheck" } } } as never));
  await ledgerSettled();
  return m;
}

describe("the record book", () => {
  it("is a GM-owned journal entry that no player may write", async () => {
    const book: any = recordBook();
    expect(book).toBeDefined();
    expect(book.ownership.default).toBe(CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE);
    const p = createUser({ name: "P" });
    await expect(asUser(p, () => book.update({ flags: { breadbox: { cards: { fake: { writer: p.id } } } } }))).rejects.toThrow(/permission/);
    expect(ledgerEntry("fake")).toBeUndefined();
  });

  it("posting a card writes that card's record only: the update carries one key, and the old setting is not written", async () => {
    const p = createUser({ name: "P" });
    for (let i = 0; i < 5; i++) await playerCard(p, `old ${i}`);
    const diffs: any[] = [];
    const settingWrites: unknown[] = [];
    // Hooks fire on every connected client: count what the GM's client sees.
    const h1 = Hooks.on("updateJournalEntry", (_doc: unknown, diff: any) => game.user?.isGM && diffs.push(diff));
    const h2 = Hooks.on("updateSetting", (s: unknown) => game.user?.isGM && settingWrites.push(s));
    const m = await playerCard(p, "new");
    Hooks.off("updateJournalEntry", h1);
    Hooks.off("updateSetting", h2);
    expect(diffs).toHaveLength(1);
    expect(Object.keys(diffs[0].flags.breadbox.cards)).toEqual([m.id]);
    expect(settingWrites).toHaveLength(0);
    expect(game.settings!.get("breadbox", "cardLedger")).toEqual({});
    resetLedgerOverlay();
    expect(ledgerEntry(m.id)?.writer).toBe(p.id);
  });

  it("deleting many cards at once (Clear chat log) drops their records in one update", async () => {
    const p = createUser({ name: "P" });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await playerCard(p, `c${i}`)).id);
    let updates = 0;
    const h = Hooks.on("updateJournalEntry", () => game.user?.isGM && updates++);
    await ChatMessage.deleteDocuments(ids);
    await ledgerSettled();
    Hooks.off("updateJournalEntry", h);
    expect(updates).toBe(1);
    resetLedgerOverlay();
    for (const id of ids) expect(ledgerEntry(id)).toBeUndefined();
  });

  it("a mark is claimed once, also by concurrent claims", async () => {
    const p = createUser({ name: "P" });
    const m = await playerCard(p);
    const results = await Promise.all([claimMark(m.id, "rerolled"), claimMark(m.id, "rerolled"), claimMark(m.id, "rerolled")]);
    expect(results.filter(Boolean)).toHaveLength(1);
    await ledgerSettled();
    resetLedgerOverlay();
    expect(hasMark(m.id, "rerolled")).toBe(true);
    expect(await claimMark(m.id, "rerolled")).toBe(false);
    expect(ledgerEntry(m.id)?.writer).toBe(p.id);
  });

  it("marks with dots or operator-like names are stored as named, and a released mark is gone from the book", async () => {
    const p = createUser({ name: "P" });
    const m = await playerCard(p);
    expect(await claimMark(m.id, "d100.choice", "{\"x\":1}")).toBe(true);
    expect(await claimMark(m.id, "-=resolved")).toBe(true);
    await ledgerSettled();
    resetLedgerOverlay();
    expect(markValue(m.id, "d100.choice")).toBe("{\"x\":1}");
    expect(hasMark(m.id, "-=resolved")).toBe(true);
    await releaseMark(m.id, "d100.choice");
    await ledgerSettled();
    resetLedgerOverlay();
    expect(hasMark(m.id, "d100.choice")).toBe(false);
    expect(hasMark(m.id, "-=resolved")).toBe(true);
    expect(await claimMark(m.id, "d100.choice")).toBe(true);
  });

  it("a world-wide key (once per roll) is claimed once, also concurrently, and outlives the card it was claimed on", async () => {
    const p = createUser({ name: "P" });
    const m = await playerCard(p);
    const fp = rollFingerprint(["Actor.x", "1dt", [3], "rollid"]);
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
    const results = await Promise.all([claimRoll("test.reroll", fp, m.id), claimRoll("test.reroll", fp, m.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    await ChatMessage.deleteDocuments([m.id]);
    await ledgerSettled();
    resetLedgerOverlay();
    expect(rollUsed("test.reroll", fp)).toBe(true);
    expect(await claimRoll("test.reroll", fp)).toBe(false);
    expect(rollUsed("other.scope", fp)).toBe(false);
  });

  it("a player cannot claim a mark or write a record", async () => {
    const p = createUser({ name: "P" });
    const m = await playerCard(p);
    await expect(asUser(p, () => claimMark(m.id, "resolved"))).rejects.toThrow(/active GM/);
    await expect(asUser(p, () => updateLedger(m.id, { writer: gmUser().id }))).rejects.toThrow(/active GM/);
    expect(ledgerEntry(m.id)?.writer).toBe(p.id);
  });
});

describe("a ledger kept by an earlier version (the world setting)", () => {
  it("moves into the record book once, tags untagged resolutions with their target's ruleset, and empties the setting", async () => {
    const target = await makeCharacter("Target");
    const legacy = {
      aaaaaaaaaaaaaaaa: { writer: gmUser().id },
      bbbbbbbbbbbbbbbb: { writer: gmUser().id, resolution: { attackMessageId: "aaaaaaaaaaaaaaaa", attackerUuid: target.uuid, targetUuid: target.uuid, stun: 3, wounds: 1, applied: false } },
      cccccccccccccccc: { resolution: { attackMessageId: "x", attackerUuid: "Actor.gone", targetUuid: "Actor.gone", stun: 1, wounds: 0, applied: true } },
    };
    await game.settings!.set("breadbox", "cardLedger", legacy as never);
    expect(await migrateLegacyLedger((uuid) => (uuid === target.uuid ? "toaster" : undefined))).toBe(3);
    await ledgerSettled();
    resetLedgerOverlay();
    expect(ledgerEntry("aaaaaaaaaaaaaaaa")?.writer).toBe(gmUser().id);
    expect(ledgerEntry("bbbbbbbbbbbbbbbb")?.resolution).toMatchObject({ ruleset: "toaster", stun: 3, wounds: 1, applied: false });
    expect(ledgerEntry("cccccccccccccccc")?.resolution?.ruleset).toBeUndefined();
    expect(game.settings!.get("breadbox", "cardLedger")).toEqual({});
    expect(await migrateLegacyLedger(() => "toaster")).toBe(0);
  });
});
