/**
 * Issue 18.9, the relay half: when the only GM online is an Assistant (`game.users.activeGM` falls
 * back to one, foundryvtt#11678), a player's relayed requests still resolve. An Assistant may not
 * write world settings (VERIFY 46) nor another user's User document (VERIFY 52), so nothing on
 * the way — the record book, the card records and once-marks, the locks, Apply, the relay's
 * one-time nonce — may need either. A Toaster attack to Apply and a Flange attack through
 * `core.respond`, each from a fresh world the Assistant opened; and the old ledger setting, which
 * only a full GM may empty.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { Hooks, asUser, createUser, gmUser, scriptDiceFaces, setRandomUniform, setUserActive } from "../harness/index";
import { bootSystem, itemData, makeCharacter, notifications } from "./toaster/boot";
import { attackWithWeapon as toasterAttackWithWeapon } from "../../src/rulesets/toaster/chat/attack";
import { attackWithWeapon as flangeAttackWithWeapon } from "../../src/rulesets/flange/combat/attack";
import { applyOrRelay } from "../../src/core/relay";
import { ledgerEntry, ledgerSettled, recordBook } from "../../src/core/chat/ledger";
import { ensureRecordBook, migrateLegacyLedger } from "../../src/core/chat/ledger-migrate";
import { hasMark, resetLedgerOverlay } from "../../src/core/chat/ledger-marks";
import { defend } from "./toaster/exchange";
import { applyThroughRelay, respondThroughRelay } from "./exchange-relay";

beforeEach(bootSystem);

const shift = new MouseEvent("click", { shiftKey: true });
const msgs = (): any[] => (game as any).messages.contents;
const resolutions = (): any[] => msgs().filter((m) => m.flags?.breadbox?.type === "exchangeResolution");

/**
 * The world as an Assistant finds it when no full GM is connected: the full GM logs out, and the
 * record book is not there yet (the Assistant's client makes it when the world is ready).
 */
async function assistantOnly(): Promise<any> {
  const assistant = createUser({ name: "Assistant", role: "ASSISTANT" });
  await recordBook()?.delete();
  setUserActive(gmUser() as never, false);
  expect((game as any).users.activeGM).toBe(assistant);
  await asUser(assistant, () => ensureRecordBook());
  expect(recordBook()).toBeDefined();
  return assistant;
}

/** World setting writes and writes to other users' User documents while `fn` runs. */
async function watchWrites<T>(fn: () => Promise<T>): Promise<{ result: T; settings: unknown[]; refusals: string[] }> {
  const settings: unknown[] = [];
  const h = Hooks.on("updateSetting", (s: unknown) => settings.push(s));
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args.map(String).join(" "));
  };
  try {
    const result = await fn();
    await ledgerSettled();
    return { result, settings, refusals: errors.filter((e) => /lacks permission/.test(e)) };
  } finally {
    console.error = original;
    Hooks.off("updateSetting", h);
  }
}

/** Toaster dice: each entry is a d10* face (u → face 9 − ⌊10u⌋). */
function toasterFaces(list: number[]): void {
  const queue = [...list];
  setRandomUniform(() => {
    const f = queue.shift();
    if (f === undefined) throw new Error("test dice ran out");
    return 1 - (f + 0.5) / 10;
  });
}

describe("the relay with an Assistant as the only GM online", () => {
  it("a Toaster attack: the defender's Defend and the attacker's Apply go through the Assistant, once", async () => {
    const assistant = await assistantOnly();
    const p1 = createUser({ name: "Attacker's player" });
    const p2 = createUser({ name: "Defender's player" });
    const attacker = await makeCharacter("Rhoenda", { attributes: { physique: { value: 5 }, coordination: { value: 7 } } }, [
      { name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } },
      itemData("toaster-weapons", "Broadsword"),
    ]);
    await attacker.update({ ownership: { [p1.id!]: 3 } });
    const defender = await makeCharacter("Guard", { attributes: { physique: { value: 4 }, coordination: { value: 5 } } }, [
      { name: "Dodge", type: "toasterSkill", system: { base: 3, attribute: "coordination", role: "dodge" } },
    ]);
    await defender.update({ ownership: { [p2.id!]: 3 } });
    const sword = attacker.items.find((i: any) => i.type === "toasterWeapon");
    (p1 as any).targets = new Set([{ actor: defender }]);

    const { settings, refusals } = await watchWrites(async () => {
      toasterFaces([6]);
      await asUser(p1, () => toasterAttackWithWeapon(attacker, sword, shift));
      await ledgerSettled();
      const attack = msgs().at(-1);
      expect(ledgerEntry(attack.id)?.writer).toBe(p1.id);
      toasterFaces([7, 7, 1]);
      const defended = await asUser(p2, () => defend(attack, shift));
      expect(defended).toMatchObject({ ok: true });
      const resolution = resolutions().at(-1);
      expect(resolution.author?.id ?? resolution.author).toBe(assistant.id);
      // Two Apply clicks at once (the attacker's player through the relay): applied once.
      const [a, b] = await Promise.all([
        asUser(p1, () => applyOrRelay("core.apply", { uuid: defender.uuid }, { messageId: resolution.id })),
        asUser(p1, () => applyOrRelay("core.apply", { uuid: defender.uuid }, { messageId: resolution.id })),
      ]);
      expect([a.ok, b.ok].sort()).toEqual([false, true]);
      expect(hasMark(resolution.id, "applied")).toBe(true);
    });
    expect(defender.system.stun.value).toBe(10);
    expect(defender.system.wounds.value).toBe(2);
    expect(settings).toEqual([]);
    expect(refusals).toEqual([]);
    // Each request's one-time nonce is gone from the player's User document.
    for (const p of [p1, p2]) expect(Object.keys((p as any).flags?.breadbox ?? {}).filter((k) => k.startsWith("relay_"))).toEqual([]);
    // The only warning is the refusal of the second, concurrent Apply; nothing tells a player that a
    // full Gamemaster is needed.
    const warnings = notifications().filter((n) => n.type === "warning" || n.type === "error");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).not.toMatch(/Gamemaster/);
  });

  it("a Flange attack: the defender's block through core.respond, then Apply, resolved by the Assistant", async () => {
    await assistantOnly();
    const pTims = createUser({ name: "Tims's player" });
    const pDon = createUser({ name: "Don's player" });
    const tims: any = await Actor.create({ name: "Mr Tims", type: "flange", system: { attributes: { perception: 6, strength: 8, athleticism: 8, constitution: 9 } } } as never);
    await tims.createEmbeddedDocuments("Item", [
      { name: "Sock of sand", type: "flangeSkill", system: { heading: "combatMelee", dots: 2 } },
      { name: "Sock of sand", type: "flangeWeapon", system: { equipped: true, attribute: "strength", range: "melee", damageDots: 0, damageModifier: -3, skill: "Sock of sand", heading: "combatMelee" } },
    ]);
    const don: any = await Actor.create({ name: "Don Smits", type: "flange", system: { attributes: { perception: 8, athleticism: 7, constitution: 6 } } } as never);
    await don.createEmbeddedDocuments("Item", [{ name: "Parkour", type: "flangeSkill", system: { heading: "acrobatics", dots: 2 } }]);
    await tims.update({ ownership: { [pTims.id!]: 3 } });
    await don.update({ ownership: { [pDon.id!]: 3 } });
    const sock = tims.items.find((i: any) => i.type === "flangeWeapon");
    (pTims as any).targets = new Set([{ actor: don }]);

    const { settings, refusals } = await watchWrites(async () => {
      const card = await asUser(pTims, () => flangeAttackWithWeapon(tims, sock, shift));
      scriptDiceFaces([9, 4, 8, 7, 1]);
      expect(await respondThroughRelay(pDon, card, "blockBody")).toMatchObject({ ok: true });
      const res = resolutions().at(-1);
      // The book's example: one success, 8 − 3 = 5, halved by the block to 3.
      expect(res.flags.breadbox).toMatchObject({ damage: 3, hit: true });
      expect(ledgerEntry(res.id)?.exchange).toMatchObject({ ruleset: "flange", declarationId: card.id });
      expect(await applyThroughRelay(pDon, res)).toMatchObject({ ok: true });
      expect(hasMark(res.id, "applied")).toBe(true);
      expect((await applyThroughRelay(pTims, res)).ok).toBe(false);
    });
    expect(don.system.wounds.value).toBe(3);
    expect(settings).toEqual([]);
    expect(refusals).toEqual([]);
  });
});

describe("the old ledger setting with an Assistant as the active GM", () => {
  const legacy = () => ({ aaaaaaaaaaaaaaaa: { writer: gmUser().id, marks: { resolved: true } } });

  it("the Assistant moves the records into the book once without writing the setting; a full GM empties it later", async () => {
    await (game as any).settings.set("breadbox", "cardLedger", legacy());
    const assistant = await assistantOnly();
    const { result, settings } = await watchWrites(() => asUser(assistant, () => migrateLegacyLedger(() => undefined)));
    expect(result).toBe(1);
    expect(settings).toEqual([]);
    resetLedgerOverlay();
    expect(ledgerEntry("aaaaaaaaaaaaaaaa")?.writer).toBe(gmUser().id);
    // The setting still holds them (only a full GM may empty it), but they are not moved twice.
    expect((game as any).settings.get("breadbox", "cardLedger")).toEqual(legacy());
    expect(await asUser(assistant, () => migrateLegacyLedger(() => undefined))).toBe(0);
    // The full GM logs in: the setting is emptied; the records stay in the book.
    setUserActive(gmUser() as never, true);
    expect(await migrateLegacyLedger(() => undefined)).toBe(0);
    expect((game as any).settings.get("breadbox", "cardLedger")).toEqual({});
    resetLedgerOverlay();
    expect(ledgerEntry("aaaaaaaaaaaaaaaa")?.writer).toBe(gmUser().id);
  });
});
