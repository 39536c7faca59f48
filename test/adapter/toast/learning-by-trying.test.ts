/**
 * Issue 19.6: an untrained attempt teaches the skill in combat too — "If a character attempts a
 * skill in which she does not yet have a level, the character's skill level becomes 1 after the task
 * has been resolved." An untrained attack, an untrained defence and an untrained initiative roll
 * each leave the listed skill on her sheet at level 1, learned this session (no advancement check).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, scriptDiceFaces } from "../../harness/index";
import { clickCard, defend, lastMessage, toastCharacter, weapon } from "./combat-boot";
import { bootWorld } from "../toaster/boot";
import { toastAttack } from "../../../src/rulesets/toast/combat/attack";
import { ledgerSettled } from "../../../src/core/chat/ledger";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

const shift = new MouseEvent("click", { shiftKey: true });
const skillNamed = (actor: any, key: string) => actor.items.find((i: any) => i.type === "toastSkill" && i.system.key === key);

/** Neither side has the skill her weapon names: a mace (listed "mace"), a dagger (listed "dagger"). */
async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const attacker = await toastCharacter("Ysolde", { agility: 14 }, [weapon("Mace", "mace")]);
  await attacker.update({ ownership: { [p1.id!]: 3 } });
  const defender = await toastCharacter("Guard", {}, [weapon("Dagger", "dagger", { category: "small", baseDamage: 1 })]);
  return { p1, attacker, defender, mace: attacker.items.find((i: any) => i.type === "toastWeapon") };
}

describe("issue 19.6: untrained attempts in combat teach the skill", () => {
  it("an untrained attack gives the attacker the weapon's listed skill at level 1, learned this session", async () => {
    const s = await scene();
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    scriptDiceFaces([6]);
    const card: any = await asUser(s.p1, () => toastAttack(s.attacker, s.mace, shift));
    expect(card?.id).toMatch(/\S/);
    // The card shows the untrained attempt: AGI/STR mean 12 → +1, level 0.
    expect((await card.renderHTML()).textContent).toContain("6 +1 = 7");
    const mace = skillNamed(s.attacker, "mace");
    expect(mace?.name).toBe("Mace");
    expect(mace?.system).toMatchObject({ level: 1, learned: true, used: true, category: "weapon", baseAttributes: ["agility", "strength"] });
    // A second attack rolls the skill she now has: nothing more is added.
    scriptDiceFaces([6]);
    await asUser(s.p1, () => toastAttack(s.attacker, s.mace, shift));
    expect(s.attacker.items.filter((i: any) => i.type === "toastSkill")).toHaveLength(1);
    expect(skillNamed(s.attacker, "mace").system.level).toBe(1);
  });

  it("an untrained defence gives the defender her weapon's listed skill at level 1 (on the GM's client, when resolved)", async () => {
    const s = await scene();
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    scriptDiceFaces([6]);
    const card: any = await asUser(s.p1, () => toastAttack(s.attacker, s.mace, shift));
    await ledgerSettled();
    expect(skillNamed(s.defender, "dagger")).toBeUndefined();
    // Defence: the untrained Dagger (AGI 10 → +0, level 0); 9 beats 7: a miss.
    scriptDiceFaces([9]);
    const { r, resolution } = await defend(null, card, s.defender, "dagger");
    expect(r.ok).toBe(true);
    expect(resolution.flags.breadbox.outcome).toBe("miss");
    expect(skillNamed(s.defender, "dagger")?.system).toMatchObject({ level: 1, learned: true, used: true });
    expect(skillNamed(s.defender, "dagger").name).toBe("Dagger");
  });

  it("an untrained initiative roll gives the combatant the Initiative skill at level 1; the setting off teaches nothing", async () => {
    const [a, b, c, d] = await Promise.all(["Ada", "Bryn", "Cato", "Dara"].map((n) => toastCharacter(n)));
    const combat: any = await Combat.create({} as never);
    // Two at once: no pre-roll dialog. PER/AGI 10 → +0, untrained level 0.
    await combat.createEmbeddedDocuments("Combatant", [a, c].map((x: any) => ({ actorId: x.id, name: x.name })));
    scriptDiceFaces([5, 6]);
    await combat.rollAll();
    expect(combat.combatants.find((x: any) => x.name === "Ada").initiative).toBe(5);
    for (const x of [a, c]) expect(skillNamed(x, "initiative")?.system).toMatchObject({ level: 1, learned: true, used: true, category: "combat" });
    expect(lastMessage().flags.breadbox.type).toBe("toastInitiative");
    await (game as any).settings.set("breadbox", "toast.learnByTrying", false);
    await combat.createEmbeddedDocuments("Combatant", [b, d].map((x: any) => ({ actorId: x.id, name: x.name })));
    scriptDiceFaces([5, 6]);
    await combat.rollAll();
    expect(combat.combatants.find((x: any) => x.name === "Bryn").initiative).toBe(5);
    expect(skillNamed(b, "initiative")).toBeUndefined();
  });
});
