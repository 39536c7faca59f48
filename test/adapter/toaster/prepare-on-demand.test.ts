/**
 * Issue 20: what only sheets and attacks read (a skill's specialty allowance and warning, its rank
 * descriptor, a trait's label and warning, the AC by body area) is computed on first read after
 * each preparation. A change to each input — the skill, the actor's attributes, an Active Effect,
 * the owned items — is seen by the next read, even when the value was read before the change.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { effectChangesData } from "../../../src/core/compat";
import { bootWorld, makeCharacter } from "./boot";

beforeEach(bootWorld("toaster"));

const skillOf = (a: any, name: string): any => a.items.find((i: any) => i.name === name).system;

describe("Toaster values computed on first read", () => {
  it("a skill's specialty allowance and warning follow the skill, the attribute and an Active Effect", async () => {
    // Coordination 4, base 4 → rank 4: one specialty step.
    const a = await makeCharacter("Reader", { attributes: { coordination: { value: 4 } } }, [
      { name: "Stealth", type: "toasterSkill", system: { base: 4, attribute: "coordination", specialties: [{ name: "Shadows", bonus: 1 }] } },
    ]);
    expect(skillOf(a, "Stealth").rank).toBe(4);
    expect(skillOf(a, "Stealth").specialtySlots).toBe(1);
    expect(skillOf(a, "Stealth").specialtyWarning).toBe("");
    expect(skillOf(a, "Stealth").descriptor).toBe("student");

    // The skill changes: two steps at rank 4 is one too many.
    const item = a.items.find((i: any) => i.name === "Stealth");
    await item.update({ "system.specialties": [{ name: "Shadows", bonus: 2 }] });
    expect(skillOf(a, "Stealth").specialtyWarning).toContain("allows 1");

    // The attribute changes: Coordination 0 → rank 2, no step at all.
    await a.update({ "system.attributes.coordination.value": 0 });
    expect(skillOf(a, "Stealth").rank).toBe(2);
    expect(skillOf(a, "Stealth").specialtySlots).toBe(0);
    expect(skillOf(a, "Stealth").specialtyWarning).toContain("allows 0");

    // An Active Effect raises Coordination by 12 → rank 8: two steps, the warning goes.
    await a.createEmbeddedDocuments("ActiveEffect", [{ name: "Grace", ...effectChangesData([{ key: "system.attributes.coordination.value", type: "add", value: "12" }]) }]);
    expect(skillOf(a, "Stealth").rank).toBe(8);
    expect(skillOf(a, "Stealth").specialtySlots).toBe(2);
    expect(skillOf(a, "Stealth").specialtyMax).toBe(2);
    expect(skillOf(a, "Stealth").specialtyWarning).toBe("");
    expect(skillOf(a, "Stealth").descriptor).toBe("expert");
  });

  it("a trait's label and warning follow its rank", async () => {
    const a = await makeCharacter("Traits", {}, [{ name: "Lucky", type: "toasterTrait", system: { kind: "general", rank: 1 } }]);
    const trait = a.items.contents[0];
    const label = trait.system.rankLabel;
    expect(trait.system.warning).toBe("");
    await trait.update({ "system.rank": -5 });
    expect(trait.system.rankLabel).not.toBe(label);
  });

  it("the AC by body area follows equipping, coverage and Physique", async () => {
    const a = await makeCharacter("Armored", { attributes: { physique: { value: 4 } } }, [
      { name: "Helmet", type: "toasterArmor", system: { ac: 3, coverage: ["head"], equipped: false } },
    ]);
    const bare = a.system.acByArea.head;
    expect(a.system.acByArea.torso).toBe(bare);
    const helmet = a.items.contents[0];
    await helmet.update({ "system.equipped": true });
    expect(a.system.acByArea.head).toBeGreaterThan(bare);
    expect(a.system.acByArea.torso).toBe(bare);
    const headWithHelmet = a.system.acByArea.head;
    await helmet.update({ "system.coverage": ["head", "torso"] });
    expect(a.system.acByArea.torso).toBe(headWithHelmet);
    await a.update({ "system.attributes.physique.value": 12 });
    expect(a.system.acByArea.torso).not.toBe(headWithHelmet);
    await a.deleteEmbeddedDocuments("Item", [helmet.id]);
    expect(a.system.acByArea.head).toBe(a.system.acByArea.torso);
  });

  it("a weapon's class follows the wielder's Physique; alone it is the base class", async () => {
    const a = await makeCharacter("Wielder", { attributes: { physique: { value: 4 } } }, [
      { name: "Club", type: "toasterWeapon", system: { baseWC: 6, strengthReq: 8, musclePowered: true } },
    ]);
    const club = a.items.contents[0];
    const at4 = club.system.wc;
    await a.update({ "system.attributes.physique.value": 10 });
    expect(club.system.wc).toBeGreaterThan(at4);
    const loose: any = await Item.create({ name: "Loose club", type: "toasterWeapon", system: { baseWC: 6, musclePowered: true } } as never);
    expect(loose.system.wc).toBe(6);
    expect(loose.system.strengthPenalty).toBe(0);
  });

  it("a skill package added to a character without one raises the listed skill's base", async () => {
    const a = await makeCharacter("Packaged", { attributes: { coordination: { value: 4 } } }, [
      { name: "Stealth", type: "toasterSkill", system: { base: 4, attribute: "coordination" } },
    ]);
    expect(skillOf(a, "Stealth").effectiveBase).toBe(4);
    await a.createEmbeddedDocuments("Item", [{ name: "Thief", type: "toasterTrait", system: { kind: "skillPackage", rank: 2, skills: ["stealth"] } }]);
    expect(skillOf(a, "Stealth").effectiveBase).toBe(6);
    expect(skillOf(a, "Stealth").rank).toBe(5);
    await a.deleteEmbeddedDocuments("Item", [a.items.find((i: any) => i.name === "Thief").id]);
    expect(skillOf(a, "Stealth").effectiveBase).toBe(4);
  });
});
