/**
 * Issue 19, point 11 (seed: "Example: Spirit Shaman", Spirit Lance: "Need 1, Hold X or Drain X ...
 * costs 2 Action Quota points and makes use of the Ranged -> Shaman -> Energy Projection skill. If
 * the projected energy misses it is released from the hold to the shaman ... If the projected
 * energy hits, it is drained from the shaman and does a number of dies of damage equal to the power
 * points invested"): the pack's Spirit Lance is an attack — its skill, X dice, 2 AP, Need 1 and
 * Hold X paid when the GM resolves it, the held points drained on a hit and released on a miss.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, scriptDiceFaces, settle, turnEventsSettled } from "../../harness/index";
import { bootWorld, packDoc } from "../toaster/boot";
import { attackWithLance, performAttack } from "../../../src/rulesets/d100/combat/attack";
import { amountOf, respond } from "./exchange";

// A loaded machine may take more than the default 10 s to boot the system for the first test.
beforeEach(bootWorld("d100"), 30_000);

const msgs = (): any[] => (game as any).messages.contents;
const fives = { agility: 5, endurance: 5, intellect: 5, perception: 5, strength: 5, focus: 5, spirit: 5, sense: 5, beyond: 5, charisma: 5 };

async function scene() {
  const p1 = createUser({ name: "Shaman's player" });
  const p2 = createUser({ name: "Target's player" });
  // Ranged 25 (fives, majors AG FO); Shaman 25 + 1 = 26; Energy Projection 26 + 14 = 40.
  const shaman: any = await Actor.create({ name: "Shaman", type: "d100", system: { attributes: fives, skills: { ranged: { major1: "agility", major2: "focus", adjust: 0 } } } } as never);
  const strip = ({ _id, _key, ...doc }: Record<string, any>) => doc;
  await shaman.createEmbeddedDocuments("Item", [
    strip(packDoc("d100-powers", "Spirit Shaman")),
    { ...strip(packDoc("d100-skills", "Shaman")), system: { ...packDoc("d100-skills", "Shaman").system, parentSkill: "ranged", adjust: 1 } },
    { ...strip(packDoc("d100-skills", "Energy Projection")), system: { ...packDoc("d100-skills", "Energy Projection").system, parentSkill: "Shaman", adjust: 14 } },
  ]);
  await shaman.update({ ownership: { [p1.id!]: 3 } });
  const target: any = await Actor.create({ name: "Officer", type: "d100", system: { attributes: fives, health: { current: 50, bonus: 0 } } } as never);
  await target.update({ ownership: { [p2.id!]: 3 } });
  (p1 as any).targets = new Set([{ actor: target }]);
  const power = shaman.items.getName("Spirit Shaman");
  const lance = power.system.actions.findIndex((a: any) => a.name === "Spirit Lance");
  return { p1, p2, shaman, target, power, lance };
}

const lanceChoice = (power: any, lance: number, x: number) => ({ ladder: "average", modifier: 0, block: -1, x: 1, apChoice: null, overflow: false, criticalArea: false, power: `${power.id}:${lance}`, powerX: x }) as const;

describe("D10/0 Spirit Lance as an attack", () => {
  it("hits with X dice on Energy Projection; the X held points are drained", async () => {
    const s = await scene();
    expect(s.power.system.current).toBe(5);
    expect(s.shaman.system.skillRows.find((r: any) => r.name === "Energy Projection").total).toBe(40);
    // X = 3. Roll 15 → effort 25: a hit; 3D: [4, 5, 6] = 15.
    const left = scriptDiceFaces([15, 4, 5, 6]);
    const card = await asUser(s.p1, () => performAttack(s.shaman, s.power, s.target, lanceChoice(s.power, s.lance, 3), "public"));
    expect(card).not.toBe(null);
    expect(card.content).toContain("Energy Projection");
    expect((await respond(s.p2, card, "take")).ok).toBe(true);
    expect(left.remaining()).toBe(0);
    const resolution = msgs().at(-1);
    expect(amountOf(resolution)).toBe(15);
    expect(resolution.content).toContain("drained");
    // Need 1, Hold 3, then drained: 5 − 3 = 2, nothing held.
    expect(s.power.system).toMatchObject({ current: 2, held: 0 });
  });

  it("a miss releases the held points; in a strict period it costs its 2 AP", async () => {
    const s = await scene();
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.shaman.id, name: "Shaman" }]);
    await combat.startCombat();
    await turnEventsSettled();
    expect(s.shaman.system.combat.ap.value).toBe(5);
    // X = 2. Roll 95 → effort −55: a miss.
    scriptDiceFaces([95]);
    const card = await asUser(s.p1, () => performAttack(s.shaman, s.power, s.target, lanceChoice(s.power, s.lance, 2), "public"));
    expect((await respond(s.p2, card, "take")).ok).toBe(true);
    const resolution = msgs().at(-1);
    expect(amountOf(resolution)).toBe(0);
    expect(resolution.content).toContain("released");
    expect(s.power.system).toMatchObject({ current: 5, held: 0 });
    expect(s.shaman.system.combat.ap.value).toBe(3);
  });

  it("the sheet offers the lance on the power's action; another power action or X 0 is no attack", async () => {
    const s = await scene();
    const sheet = s.shaman.sheet;
    await sheet.render({ force: true });
    await settle();
    expect(sheet.element.querySelector(`[data-item-id="${s.power.id}"] [data-action="d100Lance"][data-index="${s.lance}"]`)).not.toBeNull();
    expect(sheet.element.querySelectorAll('[data-action="d100Lance"]').length).toBe(1);
    // Shift: no dialog, X = 1 — one die.
    scriptDiceFaces([15]);
    const card = await asUser(s.p1, () => attackWithLance(s.shaman, s.power, s.lance, new MouseEvent("click", { shiftKey: true })));
    expect(card).not.toBe(null);
    // The Barrier Shield action is no attack; nor is a lance with X 0.
    const shieldIndex = s.power.system.actions.findIndex((a: any) => a.name === "Barrier Shield");
    expect(await asUser(s.p1, () => performAttack(s.shaman, s.power, s.target, lanceChoice(s.power, shieldIndex, 1), "public"))).toBe(null);
    expect(await asUser(s.p1, () => performAttack(s.shaman, s.power, s.target, lanceChoice(s.power, s.lance, 0), "public"))).toBe(null);
  });
});
