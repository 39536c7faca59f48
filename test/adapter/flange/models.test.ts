import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { rulesetOfType } from "../../../src/core/registry";
import { flangeCharacter, skill, JOE_AVERAGE } from "./helpers";

// A flange world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("flange"));

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

describe("Flange packs", () => {
  it("the skills pack files every example skill of the book under its heading, one folder per heading", async () => {
    const { packSources } = await import("../toaster/boot");
    const { SKILL_HEADINGS, SKILL_HEADING_EXAMPLES } = await import("../../../src/rulesets/flange/rules");
    const docs = packSources("flange-skills");
    const folders = docs.filter((d) => d._key.startsWith("!folders!"));
    expect(folders.map((f) => f.flags.breadbox.flangeHeading).sort()).toEqual([...SKILL_HEADINGS].sort());
    for (const h of SKILL_HEADINGS) {
      const folder = folders.find((f) => f.flags.breadbox.flangeHeading === h)!;
      const skills = docs.filter((d) => d.type === "flangeSkill" && d.system.heading === h);
      // The book's examples; skills that are ours (issue 19: Rifles, for the Barret) say so in their flags.
      expect(skills.filter((s) => s.flags?.breadbox?.ours !== true).map((s) => s.name).sort()).toEqual([...SKILL_HEADING_EXAMPLES[h]].sort());
      for (const s of skills) expect(s.folder).toBe(folder._id);
    }
    const a = await flangeCharacter("Dropper");
    await a.createEmbeddedDocuments("Item", [docs.find((d) => d.name === "Surgery")!].map(({ _id, _key, folder, ...rest }) => rest));
    expect(a.system.skills[0]).toMatchObject({ name: "Surgery", heading: "medicine", dice: 1 });
  });

  it("the price-list tables carry the rules core's prices", async () => {
    const { packSources } = await import("../toaster/boot");
    const { FLANGE_POINT_COSTS, SKILL_POINT_COSTS } = await import("../../../src/rulesets/flange/rules");
    const tables = packSources("flange-tables");
    const flange = tables.find((t) => t.name === "Flange Point Prices")!;
    expect(Object.fromEntries(flange.results.map((r: any) => [r.flags.breadbox.flangePrice.key, r.flags.breadbox.flangePrice.cost]))).toEqual({ ...FLANGE_POINT_COSTS });
    const skill = tables.find((t) => t.name === "Skill Point Prices")!;
    expect(Object.fromEntries(skill.results.map((r: any) => [r.flags.breadbox.skillPrice.key, r.flags.breadbox.skillPrice.cost]))).toEqual({ ...SKILL_POINT_COSTS });
    for (const t of tables) for (const r of t.results) expect(r.description).toMatch(new RegExp(`: ${Object.values<any>(r.flags.breadbox)[0].cost}$`));
  });
});
