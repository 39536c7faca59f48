import { describe, expect, it } from "vitest";
import {
  ATTRIBUTES,
  LEVEL_BUDGETS,
  SKILL_HEADINGS,
  SKILL_HEADING_EXAMPLES,
  blankCharacter,
  characterAttack,
  characterCheck,
  characterSkillDice,
  creationSpend,
  grindBoxes,
  healthBoxes,
  skillDice,
  skillPointCost,
  totalBoxesCrossed,
  validateCharacter,
  type FlangeCharacter,
} from "../../../src/rulesets/flange/rules";

describe("flange character creation — seed 'Basic Attributes'", () => {
  it("nine attributes, all starting at 10", () => {
    const c = blankCharacter("mundane");
    expect(ATTRIBUTES).toHaveLength(9);
    expect(Object.values(c.attributes)).toEqual(new Array(9).fill(10));
    expect(totalBoxesCrossed(c.attributes)).toBe(0);
  });

  it("Peter Player's Joe Average: two boxes off everything, one more off Str/Ath/Con = the 21 Mundane boxes", () => {
    const blank = blankCharacter("mundane");
    const attributes = { ...blank.attributes };
    for (const a of ATTRIBUTES) attributes[a] = 8;
    attributes.strength = 7;
    attributes.athleticism = 7;
    attributes.constitution = 7;
    const joe: FlangeCharacter = { ...blank, attributes };
    expect(totalBoxesCrossed(attributes)).toBe(21);
    const spend = creationSpend(joe);
    expect(spend.attributeBoxes).toEqual({ used: 21, budget: LEVEL_BUDGETS.mundane.attributeBoxes });
    expect(spend.flangePoints.used).toBe(0);
    expect(spend.withinBudget).toBe(true);
  });

  it("level budgets: boxes 21/25/29, skill points 30/50/70, flange points 10/20/30", () => {
    expect(LEVEL_BUDGETS).toEqual({
      mundane: { attributeBoxes: 21, skillPoints: 30, flangePoints: 10 },
      heroic: { attributeBoxes: 25, skillPoints: 50, flangePoints: 20 },
      angelic: { attributeBoxes: 29, skillPoints: 70, flangePoints: 30 },
    });
  });

  it("attributes stay within 5..10", () => {
    const c = blankCharacter("heroic");
    expect(() => validateCharacter({ ...c, attributes: { ...c.attributes, perception: 4 } })).toThrow(/perception must be between 5 and 10/);
    expect(() => validateCharacter({ ...c, attributes: { ...c.attributes, perception: 7.5 } })).toThrow(/whole number/);
  });
});

describe("flange skills — seed 'Skills and Dice Rolls', 'Buying Skills'", () => {
  it("twenty-three headings", () => {
    expect(SKILL_HEADINGS).toHaveLength(23);
    expect(new Set(SKILL_HEADINGS).size).toBe(23);
  });

  it("first dot under a heading costs 2, every further dot under it 1, generalisation dots 4", () => {
    expect(skillPointCost([{ name: "Surgery", heading: "medicine", dots: 2 }], {})).toBe(3);
    expect(
      skillPointCost(
        [
          { name: "Surgery", heading: "medicine", dots: 2 },
          { name: "First aid", heading: "medicine", dots: 1 },
          { name: "Boxing", heading: "combatBrawl", dots: 3 },
        ],
        { medicine: 1 },
      ),
    ).toBe(3 + 1 + 4 + 4);
  });

  it("generalisation dots add to any skill under their heading, capped at 5 dice", () => {
    expect(skillDice({ skillDots: 2, generalisationDots: 1 })).toBe(3);
    expect(skillDice({ skillDots: 4, generalisationDots: 3 })).toBe(5);
    expect(skillDice({ skillDots: 4, generalisationDots: 3, cap: 7 })).toBe(7);
    const c: FlangeCharacter = { ...blankCharacter("mundane"), skills: [{ name: "Surgery", heading: "medicine", dots: 2 }], generalisation: { medicine: 1 } };
    expect(characterSkillDice(c, "Surgery")).toBe(3);
    expect(characterSkillDice(c, "Pharmaceuticals", "medicine")).toBe(1);
    expect(characterSkillDice(c, "Trumpet", "performance")).toBe(0);
    expect(() => characterSkillDice(c, "Trumpet")).toThrow(/no skill "Trumpet"/);
  });

  it("the example skills bracketed beside every heading are kept as hints", () => {
    expect(Object.keys(SKILL_HEADING_EXAMPLES)).toEqual([...SKILL_HEADINGS]);
    expect(SKILL_HEADING_EXAMPLES.medicine).toEqual(["First Aid", "Surgery", "Pharmaceuticals"]);
    expect(SKILL_HEADING_EXAMPLES.etiquette).toHaveLength(2);
  });

  it("a skill may not appear twice under one heading", () => {
    const c = blankCharacter("mundane");
    expect(() =>
      validateCharacter({ ...c, skills: [{ name: "Surgery", heading: "medicine", dots: 1 }, { name: "surgery ", heading: "medicine", dots: 2 }] }),
    ).toThrow(/"surgery " appears twice under medicine/);
  });

  it("skill dots stay within 1..5 and headings must exist", () => {
    const c = blankCharacter("mundane");
    expect(() => validateCharacter({ ...c, skills: [{ name: "Surgery", heading: "medicine", dots: 6 }] })).toThrow(/between 1 and 5/);
    expect(() => validateCharacter({ ...c, skills: [{ name: "X", heading: "juggling" as "medicine", dots: 1 }] })).toThrow(/unknown heading/);
  });
});

describe("flange points and edge — seed 'Flange Points', 'Edge'", () => {
  it("extra boxes cost 6, skill overflow 2 per skill point, edge points 3", () => {
    const blank = blankCharacter("mundane");
    const attributes = { ...blank.attributes };
    for (const a of ATTRIBUTES) attributes[a] = 7; // 27 boxes: 6 beyond the 21 free
    const c: FlangeCharacter = {
      ...blank,
      attributes,
      skills: [{ name: "Boxing", heading: "combatBrawl", dots: 5 }], // 6 skill points
      edgePoints: 2,
    };
    const s = creationSpend(c);
    expect(s.flangeBreakdown).toEqual({ attributeSteps: 36, skillOverflow: 0, edgePoints: 6, other: 0 });
    expect(s.withinBudget).toBe(false);
    const many: FlangeCharacter = {
      ...blankCharacter("mundane"),
      skills: SKILL_HEADINGS.slice(0, 16).map((h) => ({ name: h, heading: h, dots: 1 })), // 32 skill points
    };
    expect(creationSpend(many).flangeBreakdown.skillOverflow).toBe(4);
    expect(creationSpend(many).withinBudget).toBe(true);
  });
});

describe("flange health — seed 'Health', 'Dramatic Wounds System'", () => {
  it("18 − Constitution boxes; grind wounds half that, rounded up", () => {
    expect(healthBoxes(9)).toBe(9); // Mr Tims
    expect(healthBoxes(6)).toBe(12); // Don Smits
    expect(grindBoxes(9)).toBe(5);
    expect(grindBoxes(6)).toBe(6);
    expect(() => healthBoxes(11)).toThrow(/Constitution/);
  });
});

describe("flange sheet → roll inputs", () => {
  const tims: FlangeCharacter = {
    ...blankCharacter("mundane"),
    attributes: { ...blankCharacter("mundane").attributes, perception: 6, dexterity: 9, strength: 8, athleticism: 8, constitution: 9 },
    skills: [
      { name: "Surgery", heading: "medicine", dots: 2 },
      { name: "Sock of sand", heading: "combatMelee", dots: 2 },
    ],
  };
  it("Mr Tims' Surgery on Perception is 2 dice at 6; an attribute-only Dexterity roll is 3 dice at 9", () => {
    expect(characterCheck(tims, "perception", { name: "Surgery" })).toEqual({ dice: 2, target: 6 });
    expect(characterCheck(tims, "dexterity", null, { targetModifier: 1 })).toEqual({ dice: 3, target: 9, targetModifier: 1 });
  });
  it("a roll cannot spend more Edge than the character owns", () => {
    const edged: FlangeCharacter = { ...tims, edgePoints: 2 };
    expect(characterCheck(edged, "perception", { name: "Surgery" }, { edgeDice: 1, edgeTarget: 1 })).toEqual({ dice: 2, target: 6, edgeDice: 1, edgeTarget: 1 });
    expect(() => characterCheck(edged, "perception", { name: "Surgery" }, { edgeDice: 2, edgeTarget: 1 })).toThrow(/spends 3 Edge points; the character owns 2/);
    expect(() => characterAttack(tims, { attribute: "strength" }, { name: "Sock of sand" }, { edgeDice: 1 })).toThrow(/owns 0/);
  });
  it("attacks default to the weapon's attribute", () => {
    expect(characterAttack(tims, { attribute: "strength" }, { name: "Sock of sand" })).toEqual({ skillDice: 2, attributeTarget: 8 });
    expect(characterAttack(tims, { attribute: "strength" }, { name: "Sock of sand" }, { attribute: "dexterity", counterattackBonus: true })).toEqual({
      skillDice: 2,
      attributeTarget: 9,
      counterattackBonus: true,
    });
  });
});
