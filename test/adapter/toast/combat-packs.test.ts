/**
 * The Toast weapons and armor packs carry the rulebook's numbers: every example weapon of the
 * guideline table with its category's base damage (bow and crossbow missiles without attribute
 * dice), and the ten armor types with wound reduction and encumbrance. Each document builds
 * through its data model on an actor and feeds the rules core.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import * as R from "../../../src/rulesets/toast/rules";
import { toastCharacter } from "./combat-boot";
import { bootWorld } from "../toaster/boot";
import { fighterOf, weaponDamageDice, weaponOf, weaponSkill } from "../../../src/rulesets/toast/combat/fighter";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

function sources(pack: string): any[] {
  const dir = join("packs/_source", pack);
  return readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")));
}

const camel = (name: string) => name.toLowerCase().replace(/[^a-z]+(.)/g, (_m, c: string) => c.toUpperCase());

describe("toast-weapons", () => {
  const docs = sources("toast-weapons");
  it("has every example weapon of the rulebook's table, with its category's base damage", () => {
    const byKey = new Map(docs.map((d) => [camel(d.name), d]));
    for (const category of R.WEAPON_CATEGORY_KEYS) {
      for (const key of R.WEAPON_EXAMPLES[category]) {
        const d = byKey.get(key);
        expect(d && camel(d.name), key).toBe(key);
        expect(d.system.category).toBe(category);
        expect(d.system.baseDamage).toBe(R.WEAPON_BASE_DAMAGE[category]);
        expect(d.system.description).toBe("");
      }
    }
    expect(docs).toHaveLength(Object.values(R.WEAPON_EXAMPLES).flat().length);
    expect(byKey.get("arrow").system.delivery).toBe("bow");
    expect(byKey.get("crossbowBolt").system.delivery).toBe("crossbow");
  });

  it("each names a skill of the listed skills, and rolls the book's damage dice (Agility 17 broadsword: 5)", async () => {
    for (const d of docs) expect(R.STARTER_SKILLS.some((s) => s.key === d.system.skill), d.name).toBe(true);
    const { _id, _key, ...sword } = docs.find((d) => d.name === "Broadsword");
    const { _id: i2, _key: k2, ...arrow } = docs.find((d) => d.name === "Arrow");
    const actor = await toastCharacter("Ysolde", { agility: 17, hec: 17 }, [sword, arrow]);
    const f = fighterOf(actor)!;
    const w = weaponOf(f, actor.items.find((i: any) => i.name === "Broadsword").id)!;
    expect(weaponDamageDice(f, w.model, weaponSkill(f, w)!).total).toBe(5);
    const a = weaponOf(f, actor.items.find((i: any) => i.name === "Arrow").id)!;
    expect(weaponDamageDice(f, a.model, weaponSkill(f, a)!)).toMatchObject({ base: 2, attributeBonus: 0, total: 2 });
  });
});

describe("toast-armor", () => {
  it("has the ten armor types with the rulebook's wound reduction and encumbrance", async () => {
    const docs = sources("toast-armor");
    expect(docs).toHaveLength(R.ARMOR_KEYS.length);
    for (const key of R.ARMOR_KEYS) {
      const d = docs.find((x) => x.system.armorType === key);
      expect(d?.system.armorType, key).toBe(key);
      expect(d.system.woundReduction).toBe(R.ARMOR_TABLE[key].woundReduction);
      expect(d.system.encumbrance).toBe(R.ARMOR_TABLE[key].encumbrance);
    }
    const { _id, _key, ...plate } = docs.find((d) => d.system.armorType === "fullPlate");
    const actor = await toastCharacter("Knight", { strength: 12, agility: 12 }, [plate]);
    // Full plate: encumbrance 75 ÷ (12 + 12) = 3.
    expect(actor.system.armor).toEqual({ woundReduction: 9, encumbrance: 75 });
    expect(actor.system.armorPenalty).toBe(3);
  });
});

describe("token bar", () => {
  it("offers the wound tally as a bar, with the level where Deadly begins as its maximum", async () => {
    expect(CONFIG.Actor.trackableAttributes.toast.bar).toEqual(["wounds"]);
    // TOL 14 → threshold 2; Deadly starts at effective 25 (scale 4) → 27; scale 5 → 31 + 2 = 33.
    const a = await toastCharacter("Tough", { tolerance: 14 }, [], { wounds: { value: 3 } });
    expect(a.system.wounds).toMatchObject({ value: 3, max: 27 });
    await a.update({ system: { woundScale: 5 } });
    expect(a.system.wounds.max).toBe(33);
  });
});
