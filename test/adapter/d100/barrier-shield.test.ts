/**
 * Issue 19, point 11 (seed: "Example: Spirit Shaman", Barrier Shield): the pack's Spirit Shaman
 * raises the Barrier Shield (Need 3, Hold 3); attacks on the shaman face 25 more difficulty; an
 * attack the shield stops strikes the shield, which blocks up to 25 damage; when it fails, a Focus
 * check decides whether the 3 held points are kept or drained. All of it on the GM's side of the
 * attack's resolution.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld, packDoc } from "../toaster/boot";
import { attackWithWeapon, performAttack } from "../../../src/rulesets/d100/combat/attack";
import { spendPowerAction } from "../../../src/rulesets/d100/powers";
import { amountOf, respond } from "./exchange";

// A loaded machine may take more than the default 10 s to boot the system for the first test.
beforeEach(bootWorld("d100"), 30_000);

const msgs = (): any[] => (game as any).messages.contents;
const fives = { agility: 5, endurance: 5, intellect: 5, perception: 5, strength: 5, focus: 5, spirit: 5, sense: 5, beyond: 5, charisma: 5 };
const simple = { ladder: "average", modifier: 0, block: -1, x: 1, apChoice: null, overflow: false, criticalArea: false } as const;

async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Shaman's player" });
  const attacker: any = await Actor.create({ name: "Janet", type: "d100", system: { attributes: { ...fives, agility: 6, focus: 6 }, skills: { ranged: { major1: "agility", major2: "focus", adjust: 21 } } } } as never);
  await attacker.createEmbeddedDocuments("Item", [{ name: "Pistol", type: "d100Weapon", system: { skill: "ranged", range: "ranged", damage: "5 + 1D", attackAp: 2 } }]);
  await attacker.update({ ownership: { [p1.id!]: 3 } });
  const shaman: any = await Actor.create({ name: "Shaman", type: "d100", system: { attributes: fives, health: { current: 50, bonus: 0 } } } as never);
  const { _id, _key, ...power } = packDoc("d100-powers", "Spirit Shaman");
  await shaman.createEmbeddedDocuments("Item", [power]);
  await shaman.update({ ownership: { [p2.id!]: 3 } });
  return { p1, p2, attacker, shaman, gun: attacker.items.getName("Pistol"), power: shaman.items.getName("Spirit Shaman") };
}

async function attack(s: Awaited<ReturnType<typeof scene>>, faces: number[]): Promise<any> {
  const left = scriptDiceFaces(faces);
  const card = await asUser(s.p1, () => performAttack(s.attacker, s.gun, s.shaman, simple, "public"));
  expect((await respond(s.p2, card, "take")).ok).toBe(true);
  expect(left.remaining()).toBe(0);
  return msgs().at(-1);
}

describe("D10/0 Barrier Shield in an attack", () => {
  it("raised from the pack's power, it adds 25 to the difficulty, takes what it stops, and fails with a Focus check", async () => {
    const s = await scene();
    expect(s.power.system.current).toBe(5);
    expect(s.shaman.system.combat.shield.remaining).toBe(0);
    // Barrier Shield: Need 3, Hold 3 — the shield is up.
    await asUser(s.p2, () => spendPowerAction(s.shaman, s.power, 0, { post: false }));
    expect(s.power.system.held).toBe(3);
    expect(s.shaman.system.combat.shield).toMatchObject({ remaining: 25, power: s.power.id });

    // Ranged 50, roll 05 → effort 45 > 0 + 25: through the shield, degree 20; 5 + [4] = 9 to the shaman.
    let card = await attack(s, [5, 4]);
    expect(card.content).toContain("gets through the shield");
    expect(amountOf(card)).toBe(9);
    expect(s.shaman.system.combat.shield.remaining).toBe(25);

    // Roll 35 → effort 15: it would hit, but not past 25 more — it strikes the shield: 5 + [7] = 12 taken.
    card = await attack(s, [35, 7]);
    expect(card.content).toContain("strikes the shield");
    expect(amountOf(card)).toBe(0);
    expect(s.shaman.system.health.current).toBe(50);
    expect(s.shaman.system.combat.shield.remaining).toBe(13);

    // Again: 5 + [0 = 10] = 15 > 13: the shield fails. Focus 5, d10 [2] → effort 3, a success: the 3 held points are kept.
    card = await attack(s, [35, 10, 2]);
    expect(card.content).toContain("The shield fails");
    expect(card.content).toContain("kept");
    expect(amountOf(card)).toBe(0);
    expect(s.shaman.system.combat.shield.remaining).toBe(0);
    expect(s.power.system).toMatchObject({ current: 5, held: 0 });

    // No shield now: the same roll hits the shaman.
    card = await attack(s, [35, 6]);
    expect(amountOf(card)).toBe(11);
  });

  it("the attack dialog's odds show the shield: where a simple attack lands", async () => {
    const s = await scene();
    await asUser(s.p2, () => spendPowerAction(s.shaman, s.power, 0, { post: false }));
    (s.p1 as any).targets = new Set([{ actor: s.shaman }]);
    const pending = asUser(s.p1, () => attackWithWeapon(s.attacker, s.gun));
    const dialog = await waitForDialog();
    const panel = dialog.element.querySelector("[data-bb-odds]")!.textContent!;
    expect(panel).toContain("Shaman's Barrier Shield adds 25 to the difficulty and blocks 25 more damage");
    // Ranged 50 at Average: effort > 25 on rolls 00–24 (25%), 1–25 on 25–49 (25%).
    expect(panel).toMatch(/gets through the shield\s*25(\.0)?%/);
    expect(panel).toMatch(/strikes the shield\s*25(\.0)?%/);
    await answerDialog({ action: "cancel" }).catch(() => undefined);
    await pending.catch(() => undefined);
  });

  it("a failed Focus check drains the held points", async () => {
    const s = await scene();
    await asUser(s.p2, () => spendPowerAction(s.shaman, s.power, 0, { post: false }));
    // 5 + [0 = 10] = 15, then 5 + [0] = 15 > 10 left: fails. Focus 5, d10 [8] → effort −3: drained.
    await attack(s, [35, 10]);
    const card = await attack(s, [35, 10, 8]);
    expect(card.content).toContain("drained");
    expect(s.power.system).toMatchObject({ current: 2, held: 0 });
    expect(s.shaman.system.combat.shield.remaining).toBe(0);
  });
});
