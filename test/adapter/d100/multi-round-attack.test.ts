/**
 * Issue 19, point 8 (seed: "Action Quota": "A character is not limited to the action points from a
 * single round and can allot following rounds towards actions with high costs"): a Quota-5
 * character fires the book's 3 + 3 X Shot Burst (6 AP). The attack is started with the 5 points of
 * this initiative (the player confirms), the next initiative pays the last point, and the same
 * attack is then made without paying its AP again — the book's 11 effort: 9 of the 15 shots hit.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, scriptDiceFaces, turnEventsSettled } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { performAttack } from "../../../src/rulesets/d100/combat/attack";
import { amountOf, respond } from "./exchange";

// A loaded machine may take more than the default 10 s to boot the system for the first test.
beforeEach(bootWorld("d100"), 30_000);

const msgs = (): any[] => (game as any).messages.contents;
const fives = { agility: 5, endurance: 5, intellect: 5, perception: 5, strength: 5, focus: 5, spirit: 5, sense: 5, beyond: 5, charisma: 5 };
const machineGun = {
  name: "Machine Gun",
  type: "d100Weapon",
  system: {
    skill: "ranged",
    range: "ranged",
    damage: "10",
    attackAp: 2,
    capacity: 0,
    fireBlocks: [{ title: "X Shot Burst", kind: "xShotBurst", apKind: "perX", apCost: 3, shotsPerX: 5, spread: ["> -10", "> 0", "> 10", "> 25", "> 50"], amountKind: "perX", amounts: [1, 2, 3, 4, 5], damageBy: "all", damage: ["10"] }],
  },
};
const burst = { ladder: "average", modifier: 0, block: 0, x: 3, apChoice: null, overflow: false, criticalArea: false } as const;

async function scene() {
  const p1 = createUser({ name: "Gunner's player" });
  const p2 = createUser({ name: "Target's player" });
  // Ranged AG FO PE, majors AG and FO: 5·2 + 5·2 + 5 = 25, +25 Adjust = 50. Quota floor((5 + 5) / 2) = 5.
  const gunner: any = await Actor.create({ name: "Janet", type: "d100", system: { attributes: fives, skills: { ranged: { major1: "agility", major2: "focus", adjust: 25 } } } } as never);
  await gunner.createEmbeddedDocuments("Item", [machineGun]);
  await gunner.update({ ownership: { [p1.id!]: 3 } });
  const target: any = await Actor.create({ name: "Officer", type: "d100", system: { attributes: { ...fives, endurance: 10, spirit: 10 }, health: { current: 100, bonus: 0 } } } as never);
  await target.update({ ownership: { [p2.id!]: 3 } });
  (p1 as any).targets = new Set([{ actor: target }]);
  const gun = gunner.items.getName("Machine Gun");
  const combat: any = await Combat.create({} as never);
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: gunner.id, name: "Janet" }]);
  await combat.startCombat();
  await turnEventsSettled();
  return { p1, p2, gunner, target, gun, combat };
}

describe("D10/0: an attack costing more than the points left is paid over several rounds", () => {
  it("a Quota-5 character fires the 3 + 3 X Shot Burst: started with 5 AP, finished with 1 on the next initiative", async () => {
    const s = await scene();
    expect(s.gunner.system.actionQuota).toBe(5);
    expect(s.gunner.system.combat.ap.value).toBe(5);

    // Round 1: 6 AP, 5 left. The player confirms starting it; nothing is rolled yet.
    const started = asUser(s.p1, () => performAttack(s.gunner, s.gun, s.target, burst, "public"));
    await answerDialog({ action: "yes" });
    expect(await started).toBe(null);
    expect(s.gunner.system.combat.ap.value).toBe(0);
    expect(s.gunner.system.combat.pending).toMatchObject([{ label: "Attack: Machine Gun", cost: 6, paid: 5 }]);
    expect(msgs().at(-1).content).toContain("5 of 6 AP paid");

    // The attack cannot be made before it is paid in full.
    expect(await asUser(s.p1, () => performAttack(s.gunner, s.gun, s.target, burst, "public"))).toBe(null);
    expect(notifications().at(-1)?.message).toContain("under way (5 of 6 AP paid)");

    // Round 2: the quota refills, 1 point completes the burst, 4 are left; a card says so.
    await s.combat.nextRound();
    await turnEventsSettled();
    expect(s.gunner.system.combat.ap.value).toBe(4);
    expect(s.gunner.system.combat.pending).toMatchObject([{ cost: 6, paid: 6 }]);
    expect(msgs().at(-1).content).toContain("paid in full");

    // The burst is made now and its AP is not paid again. 39 → effort 11: step 3 (> 10), 3X = 9 hits of 10.
    scriptDiceFaces([39]);
    const card = await asUser(s.p1, () => performAttack(s.gunner, s.gun, s.target, burst, "public"));
    expect(card).not.toBe(null);
    expect((await respond(s.p2, card, "take")).ok).toBe(true);
    expect(amountOf(msgs().at(-1))).toBe(90);
    expect(s.gunner.system.combat.ap.value).toBe(4);
    expect(s.gunner.system.combat.pending).toEqual([]);
  });

  it("once the combat is over (a free period), an attack left under way neither blocks nor pays the same attack", async () => {
    const s = await scene();
    const started = asUser(s.p1, () => performAttack(s.gunner, s.gun, s.target, burst, "public"));
    await answerDialog({ action: "yes" });
    await started;
    expect(s.gunner.system.combat.pending).toMatchObject([{ cost: 6, paid: 5 }]);
    await s.combat.delete();
    scriptDiceFaces([39]);
    const card = await asUser(s.p1, () => performAttack(s.gunner, s.gun, s.target, burst, "public"));
    expect(card).not.toBe(null);
    expect((await respond(s.p2, card, "take")).ok).toBe(true);
    expect(amountOf(msgs().at(-1))).toBe(90);
  });

  it("declining the confirmation starts nothing", async () => {
    const s = await scene();
    const started = asUser(s.p1, () => performAttack(s.gunner, s.gun, s.target, burst, "public"));
    await answerDialog({ action: "no" });
    expect(await started).toBe(null);
    expect(s.gunner.system.combat.ap.value).toBe(5);
    expect(s.gunner.system.combat.pending).toEqual([]);
  });
});
