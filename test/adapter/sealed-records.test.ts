/**
 * Issue 17, "GM-only records are not readable by players": the record book is treated as readable
 * by anyone with a console (VERIFY 42), so a record never holds more than its card shows the same
 * users. For a hidden card (whispered or blind) the record keeps a seal of the card's content
 * (src/core/exchange/seal.ts); the content stays on the card and is used only while it matches.
 * The d6 test ruleset proves the engine's path; Toaster's luck after the roll proves a GM rewrite of
 * a hidden declaration keeps its seal.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, harnessGeneration, scriptDiceFaces, setRandomUniform } from "../harness/index";
import { registerRuleset } from "../../src/core/registry";
import { d6Attack, d6AttackRoll, d6Ruleset } from "../fixtures/ruleset-d6/ruleset";
import { bootSystem, itemData, makeCharacter } from "./toaster/boot";
import { declareExchange } from "../../src/core/exchange/engine";
import { applyOrRelay } from "../../src/core/relay";
import { ledgerEntry, ledgerSettled, recordBook } from "../../src/core/chat/ledger";
import { isHiddenAudience, matchesSeal, sealOf } from "../../src/core/exchange/seal";
import { stableJson } from "../../src/core/stable-json";
import { attackWithWeapon } from "../../src/rulesets/toaster/chat/attack";
import { applyDamage, defend } from "./toaster/exchange";

Hooks.once("init", () => registerRuleset(d6Ruleset()));

beforeEach(bootSystem);

const msgs = (): any[] => [...(game as any).messages];

async function privateRolls(): Promise<void> {
  if (harnessGeneration() === "14") await (game as any).settings.set("core", "messageMode", "gm");
  else await (game as any).settings.set("core", "rollMode", "gmroll");
}

async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Target's player" });
  const attacker: any = await Actor.create({ name: "Ann", type: "d6", system: { skill: 2 }, ownership: { [p1.id!]: 3 } } as never);
  const target: any = await Actor.create({ name: "Bo", type: "d6", system: { skill: 1, focus: 1, health: 1 }, ownership: { [p2.id!]: 3 } } as never);
  return { p1, p2, attacker, target };
}

async function declare(s: any, modifier: number, face: number, mode: "public" | "gm"): Promise<any> {
  scriptDiceFaces([face]);
  const card = await asUser(s.p1, async () => declareExchange(d6Attack as any, s.attacker, s.target, { modifier }, { mode, rolls: [await d6AttackRoll()] }));
  await ledgerSettled();
  return card;
}

const respond = (user: any, s: any, card: any) => asUser(user, () => applyOrRelay("core.respond", s.target, { messageId: card.id, response: "take", choices: {}, mode: "gm" }));
const apply = (user: any, s: any, card: any) => asUser(user, () => applyOrRelay("core.apply", s.target, { messageId: card.id }));

/** Everything the record book holds, as a player's console would print it. */
const bookText = (): string => JSON.stringify((recordBook() as any)?.flags ?? {});

describe("seals (src/core/exchange/seal.ts)", () => {
  it("are the same for the same content whatever its key order, and differ for other content", () => {
    expect(stableJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    expect(sealOf({ a: 1, b: 2 })).toBe(sealOf({ b: 2, a: 1 }));
    expect(sealOf({ a: 1 })).not.toBe(sealOf({ a: 2 }));
    expect(matchesSeal({ a: 1 }, sealOf({ a: 1 }))).toBe(true);
    expect(matchesSeal({ a: 1 }, "x")).toBe(false);
    expect(matchesSeal({ a: 1 }, undefined)).toBe(false);
    expect(isHiddenAudience({ whisper: [], blind: false })).toBe(false);
    expect(isHiddenAudience({ whisper: ["u"], blind: false })).toBe(true);
    expect(isHiddenAudience({ whisper: [], blind: true })).toBe(true);
  });
});

describe("a hidden exchange's records keep seals, not what the cards hide", () => {
  it("a private declaration and its private resolution: the book holds seals only, and the exchange still resolves and applies once", async () => {
    const s = await scene();
    const card = await declare(s, 1, 3, "gm"); // 3 + 2 + 1 = 6 > 3: a hit
    expect(card.whisper.length).toBeGreaterThan(0);
    const posted = ledgerEntry(card.id)!.posted!;
    expect(posted.sealed).toMatch(/^[0-9a-f]{64}$/);
    expect(posted.choices).toBeUndefined();
    expect(posted.rolls).toBeUndefined();
    expect((await respond(s.p2, s, card) as any).ok).toBe(true);
    const resolution = msgs().at(-1);
    expect(resolution.whisper.length).toBeGreaterThan(0);
    const record = ledgerEntry(resolution.id)!.exchange!;
    expect(record.outcome).toBeUndefined();
    expect(record.sealed).toMatch(/^[0-9a-f]{64}$/);
    expect(resolution.flags.breadbox.sealedOutcome).toEqual({ wounds: 1 });
    // Nothing the two hidden cards keep is in the book: no choices, no dice, no outcome.
    expect(bookText()).not.toMatch(/"choices"|"rolls"|"outcome"|"wounds"|"modifier"/);
    const results: any[] = await Promise.all([apply(s.p1, s, resolution), apply(s.p2, s, resolution)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(s.target.system.health).toBe(0);
  });

  it("a public exchange's record keeps its own copy, as before", async () => {
    const s = await scene();
    const card = await declare(s, 1, 3, "public");
    expect(ledgerEntry(card.id)!.posted).toMatchObject({ choices: { modifier: 1 } });
    expect(ledgerEntry(card.id)!.posted!.sealed).toBeUndefined();
  });

  it("a hidden declaration its writer edits after posting is refused (its choices or its dice)", async () => {
    const s = await scene();
    const edited = await declare(s, -2, 2, "gm"); // 2 + 2 − 2 = 2: a miss
    await asUser(s.p1, () => edited.update({ flags: { breadbox: { choices: { modifier: 2 } } } }));
    expect(await respond(s.p2, s, edited)).toMatchObject({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
    const reRolled = await declare(s, -2, 2, "gm");
    const roll = JSON.parse(reRolled._source.rolls[0]);
    roll.terms[0].results[0].result = 6;
    await asUser(s.p1, () => reRolled.update({ rolls: [JSON.stringify(roll)] }));
    expect(await respond(s.p2, s, reRolled)).toMatchObject({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
    const kept = await declare(s, -2, 2, "gm");
    await asUser(s.p1, () => kept.update({ flags: { breadbox: { postedRolls: [JSON.stringify(roll)] } } }));
    expect(await respond(s.p2, s, kept)).toMatchObject({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
    expect(s.target.system.health).toBe(1);
  });

  it("a hidden declaration posted with dice 'kept' beside its own is never recorded", async () => {
    const s = await scene();
    scriptDiceFaces([1]);
    const roll = await d6AttackRoll();
    const forged: any = await asUser(s.p1, () => declareExchange(d6Attack as any, s.attacker, s.target, { modifier: 0 }, { mode: "gm", rolls: [roll], flags: { postedRolls: [] } }));
    await ledgerSettled();
    expect(ledgerEntry(forged.id)?.posted).toBeUndefined();
    expect(await respond(s.p2, s, forged)).toMatchObject({ ok: false, error: "BREADBOX.Exchange.NotRecorded" });
  });

  it("a hidden resolution whose kept outcome no longer matches its seal applies nothing", async () => {
    const s = await scene();
    const card = await declare(s, 1, 3, "gm");
    await respond(s.p2, s, card);
    const resolution = msgs().at(-1);
    await resolution.update({ flags: { breadbox: { sealedOutcome: { wounds: 9 } } } });
    expect(await apply(s.p2, s, resolution)).toMatchObject({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
    expect(s.target.system.health).toBe(1);
  });
});

describe("Toaster: luck spent after a hidden attack roll keeps the declaration's seal", () => {
  it("the GM rewrites what the card shows, keeps the dice as posted beside them, and the attack resolves with the luck counted", async () => {
    await privateRolls();
    const p1 = createUser({ name: "Attacker's player" });
    const p2 = createUser({ name: "Defender's player" });
    const attacker: any = await makeCharacter("Rhoenda", { attributes: { physique: { value: 5 }, coordination: { value: 7 } } }, [
      { name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } },
      itemData("toaster-weapons", "Broadsword"),
    ]);
    await attacker.update({ ownership: { [p1.id!]: 3 }, "system.luck.value": 2 });
    const defender: any = await makeCharacter("Guard", { attributes: { physique: { value: 4 }, coordination: { value: 5 } } }, [
      { name: "Dodge", type: "toasterSkill", system: { base: 3, attribute: "coordination", role: "dodge" } },
    ]);
    await defender.update({ ownership: { [p2.id!]: 3 } });
    const sword = attacker.items.find((i: any) => i.type === "toasterWeapon");
    (p1 as any).targets = new Set([{ actor: defender }]);
    const faces = [6, 7, 7, 1];
    setRandomUniform(() => 1 - ((faces.shift() ?? 0) + 0.5) / 10);
    const shift = new MouseEvent("click", { shiftKey: true });
    await asUser(p1, () => attackWithWeapon(attacker, sword, shift));
    const card = msgs().at(-1);
    await ledgerSettled();
    expect(card.whisper.length).toBeGreaterThan(0);
    expect(ledgerEntry(card.id)!.posted!.sealed).toMatch(/^[0-9a-f]{64}$/);
    const postedRolls = [...card._source.rolls];
    const { onLuckAfter } = await import("../../src/rulesets/toaster/chat/luck");
    await asUser(p1, () => onLuckAfter(card));
    expect(attacker.system.luck.value).toBe(1);
    expect(card.rolls[0].checkResult.luckAfter).toBe(1);
    expect(card.flags.breadbox.postedRolls).toEqual(postedRolls);
    await asUser(p2, () => defend(card, shift));
    const resolution = msgs().at(-1);
    expect(resolution.flags.breadbox.type).toBe("exchangeResolution");
    // Attack 6 + Sword 8 + 1 luck = 15 against defence 7 + 4 = 11.
    expect(resolution.flags.breadbox.hit).toBe(true);
    expect(ledgerEntry(resolution.id)!.exchange!.sealed).toMatch(/^[0-9a-f]{64}$/);
    expect((await asUser(p2, () => applyDamage(resolution)) as any).ok).toBe(true);
    expect(defender.system.stun.value).toBeGreaterThan(0);
  });
});

describe("sealed marks (src/core/chat/sealed-marks.ts): Toast's recorded attack modifier on a hidden card", () => {
  it("the record keeps a seal, the card the modifier; the defence faces it; an edited value is not read", async () => {
    const { toastCharacter, skill, weapon, defend, outcomeOf } = await import("./toast/combat-boot");
    const { ATTACK_MODIFIER_MARK, toastAttack } = await import("../../src/rulesets/toast/combat/attack");
    const { markValue } = await import("../../src/core/chat/ledger-marks");
    const { sealedMarkValue } = await import("../../src/core/chat/sealed-marks");
    await privateRolls();
    const p1 = createUser({ name: "Attacker's player" });
    const attacker: any = await toastCharacter("Ysolde", { agility: 17 }, [skill("Broadsword", "broadsword", ["agility"], 5), weapon("Broadsword", "Broadsword")]);
    await attacker.update({ ownership: { [p1.id!]: 3 } });
    const defender: any = await toastCharacter("Guard", { agility: 12 }, [skill("Acrobatics", "acrobatics", ["agility"], 6, "athletic")]);
    const sword = attacker.items.find((i: any) => i.type === "toastWeapon");
    (p1 as any).targets = new Set([{ actor: defender }]);
    const shift = new MouseEvent("click", { shiftKey: true });
    const attackCard = async () => {
      scriptDiceFaces([9]);
      const card: any = await asUser(p1, () => toastAttack(attacker, sword, shift));
      await ledgerSettled();
      return card;
    };
    const card = await attackCard();
    expect(card.whisper.length).toBeGreaterThan(0);
    expect(String(markValue(card.id, ATTACK_MODIFIER_MARK))).toMatch(/^seal:[0-9a-f]{64}$/);
    expect(card.flags.breadbox.sealedMarks).toEqual({ "toast~2e~attackModifier": 8 });
    expect(sealedMarkValue(card, ATTACK_MODIFIER_MARK)).toBe(8);
    expect(bookText()).not.toMatch(/attackModifier":8/);
    scriptDiceFaces([10, 1, 1, 1, 1, 1]);
    const { resolution } = await defend(null, card, defender, "acrobatics");
    expect(outcomeOf(resolution)).toEqual({ outcome: "tie", damage: 5 });
    // Its writer raises the kept modifier: the GM no longer reads one, and the defence is refused.
    const edited = await attackCard();
    await asUser(p1, () => edited.update({ flags: { breadbox: { sealedMarks: { "toast~2e~attackModifier": 30 } } } }));
    expect(sealedMarkValue(edited, ATTACK_MODIFIER_MARK)).toBeUndefined();
    const before = msgs().length;
    scriptDiceFaces([10, 1, 1, 1, 1, 1]);
    await defend(null, edited, defender, "acrobatics").catch(() => null);
    expect(msgs().filter((m) => m.flags.breadbox?.type === "exchangeResolution" && m.flags.breadbox?.declarationId === edited.id)).toHaveLength(0);
    expect(msgs().length).toBeGreaterThanOrEqual(before);
  });
});
