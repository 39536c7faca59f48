import { beforeEach, describe, expect, it } from "vitest";
import { bootSystem } from "../toaster/boot";
import { rulesetOfType } from "../../../src/core/registry";

beforeEach(bootSystem);

export async function flangeCharacter(name: string, system: Record<string, unknown> = {}, items: Record<string, unknown>[] = []): Promise<any> {
  const actor: any = await Actor.create({ name, type: "flange", system } as never);
  if (items.length) await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

export const skill = (name: string, heading: string, dots: number, extra: Record<string, unknown> = {}) => ({ name, type: "flangeSkill", system: { heading, dots, ...extra } });

/** Peter Player's "Joe Average": two boxes off all nine, one more off Strength, Athleticism, Constitution. */
export const JOE_AVERAGE = { strength: 7, athleticism: 7, constitution: 7, perception: 8, dexterity: 8, appearance: 8, personality: 8, subtlety: 8, intellect: 8 };

describe("Flange registration", () => {
  it("registers the actor type and every item type under the flange ruleset", () => {
    expect(Object.keys(CONFIG.Actor.dataModels)).toContain("flange");
    for (const t of ["flangeSkill", "flangeWeapon", "flangeArmor", "flangePower", "flangeGear"]) {
      expect(Object.keys(CONFIG.Item.dataModels)).toContain(t);
      expect(rulesetOfType(t)).toBe("flange");
    }
  });

  it("refuses an item of another ruleset on a Flange character", async () => {
    const a = await flangeCharacter("Mr Tims");
    const created = await a.createEmbeddedDocuments("Item", [{ name: "Sword", type: "toasterSkill" }]);
    expect(created).toEqual([]);
    expect(a.items.size).toBe(0);
  });
});

describe("Flange data models", () => {
  it("starts every attribute at 10 and derives boxes, health, budgets through the core", async () => {
    const a = await flangeCharacter("Blank");
    const sys = a.system;
    expect(sys.attributeViews.map((v: any) => v.target)).toEqual(Array(9).fill(10));
    expect(sys.effectiveLevel).toBe("mundane");
    expect(sys.healthBoxes).toBe(8);
    expect(sys.grindBoxes).toBe(0);
    expect(sys.spend.attributeBoxes).toEqual({ used: 0, budget: 21 });
    expect(sys.problems.map((p: any) => p.key)).toContain("BREADBOX.Flange.Problem.boxesLeft");
  });

  it("counts Joe Average's 21 boxes and Mr Tims' skills at the book's prices", async () => {
    const a = await flangeCharacter("Joe", { attributes: JOE_AVERAGE, generalisation: { medicine: 1 } }, [skill("Surgery", "medicine", 2), skill("Sock", "combatMelee", 2)]);
    const sys = a.system;
    expect(sys.spend.attributeBoxes).toEqual({ used: 21, budget: 21 });
    // medicine: 2 + 1 = 3, generalisation 4; melee: 2 + 1 = 3.
    expect(sys.spend.skillPoints).toEqual({ used: 10, budget: 30 });
    expect(sys.skills.find((s: any) => s.name === "Surgery").dice).toBe(3);
    expect(sys.healthBoxes).toBe(11);
    const src = a.toObject().system;
    for (const key of ["spend", "skills", "character", "healthBoxes", "attributeViews", "edgeAvailable"]) expect(src).not.toHaveProperty(key);
  });

  it("keeps target numbers within 5..10 (Foundry's cleaning clamps; the sheet refuses first)", async () => {
    const a = await flangeCharacter("Bad", { attributes: { strength: 4, intellect: 12 } });
    expect(a.system.attributes.strength).toBe(5);
    expect(a.system.attributes.intellect).toBe(10);
  });

  it("derives grind wounds only with the Dramatic Wounds System on", async () => {
    await game.settings!.set("breadbox", "flange.dramaticWounds", true);
    const a = await flangeCharacter("Tims", { attributes: { constitution: 9 } });
    expect(a.system.healthBoxes).toBe(9);
    expect(a.system.grindBoxes).toBe(5);
    expect(a.system.grind.max).toBe(5);
  });
});
