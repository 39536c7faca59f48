import { describe, expect, it } from "vitest";
import { characterActionPhases, characterCheck, characterStatus, defenderOf, type PoolCharacter, type TraitTree } from "../../../src/rulesets/pool/rules";

const tree: TraitTree = { firearms: null, pistols: "firearms", rifles: "firearms" };
const hero: PoolCharacter = {
  attributes: { dexterity: 2, wits: 1, speed: -1, toughness: 1, physicalThreshold: 1, immuneSystem: 2, stamina: -2 },
  abilities: { firearms: 2, rifles: 4 },
  wounds: [{ kind: "physical", degree: 2, severity: "serious", nonlethal: false }],
};

describe("seed 002 · a character's check", () => {
  it("uses the ancestor ability, the attribute and the wound penalties for the activity", () => {
    const c = characterCheck(hero, tree, { ability: "pistols", attribute: "dexterity", activity: "physical" });
    expect(c.ability).toMatchObject({ traitId: "firearms", relation: "ancestor", score: 2 });
    expect(c.woundPenaltyDice).toBe(2);
    expect(c.pool).toEqual({ addDice: 3, bonusDice: 0, penaltyDice: 0, die: "d8" });
    expect(c.cancelledPairs).toBe(2);
  });
  it("the asked ability wins over a better justified descendant; no defined relative gives none; mental checks ignore physical penalties", () => {
    const c = characterCheck(hero, tree, { ability: "firearms", attribute: "wits", activity: "mental", justifiedAbilities: ["rifles"], die: "d6Plus1" });
    expect(c.ability.relation).toBe("exact");
    const d = characterCheck(hero, { ...tree, marksman: null, sniping: "marksman", marksmanRifles: "marksman" }, { ability: "marksman", attribute: "wits", activity: "mental" });
    expect(d.ability.relation).toBe("none");
    expect(c.pool).toEqual({ addDice: 3, bonusDice: 1, penaltyDice: 0, die: "d6Plus1" });
  });
  it("derived values: defender, phases and status", () => {
    expect(defenderOf(hero)).toEqual({ physicalThreshold: 1, mentalThreshold: 0, toughness: 1 });
    expect(characterActionPhases(hero, 4, "speed")).toBe(5);
    expect(characterActionPhases(hero, 4, "wits")).toBe(3);
    expect(characterStatus(hero)).toEqual({ penalties: { physical: 2, mental: 0 }, incapacitated: false, knockedOut: false, dead: false, healingHours: [84] });
  });
  it("a supporting ability adds its rating as Bonus dice, but never the ability itself, an ancestor or an accepted descendant", () => {
    const t: TraitTree = { ...tree, tactics: null };
    const h: PoolCharacter = { ...hero, abilities: { ...hero.abilities, tactics: 2 }, wounds: [] };
    const c = characterCheck(h, t, { ability: "pistols", attribute: "dexterity", activity: "physical", supportingAbility: "tactics" });
    expect(c.supportingRating).toBe(2);
    expect(c.pool).toEqual({ addDice: 3, bonusDice: 4, penaltyDice: 0, die: "d8" });
    expect(() => characterCheck(h, t, { ability: "pistols", attribute: "dexterity", activity: "physical", supportingAbility: "firearms" })).toThrow(/"firearms" is an ancestor of "pistols"/);
    expect(() => characterCheck(h, t, { ability: "firearms", attribute: "dexterity", activity: "physical", justifiedAbilities: ["rifles"], supportingAbility: "rifles" })).toThrow(/accepted as a descendant/);
  });
  it("with a world attribute tree, a missing attribute is found up the tree like an ability", () => {
    const attributeTree: TraitTree = { agility: null, dexterity: "agility", balance: "agility", sleightOfHand: "dexterity" };
    const h: PoolCharacter = { attributes: { agility: -1, dexterity: 2 }, abilities: {}, wounds: [] };
    const up = characterCheck(h, tree, { ability: "pistols", attribute: "balance", activity: "physical", attributeTree });
    expect(up.attribute).toMatchObject({ traitId: "agility", relation: "ancestor", score: -1 });
    expect(up.pool).toEqual({ addDice: 1, bonusDice: 0, penaltyDice: 1, die: "d8" });
    const down = characterCheck(h, tree, { ability: "pistols", attribute: "agility", activity: "physical", attributeTree });
    expect(down.attribute.relation).toBe("exact");
    const flat = characterCheck(h, tree, { ability: "pistols", attribute: "balance", activity: "physical" });
    expect(flat.attribute).toMatchObject({ relation: "none", score: 0 });
    expect(flat.attributeScore).toBe(0);
    expect(() => characterCheck(h, tree, { ability: "pistols", attribute: "agility", activity: "physical", justifiedAttributes: ["dexterity"] })).toThrow(/justifiedAttributes needs an attributeTree/);
  });
  it("abilities, attributes and supporting abilities named like prototype members are plain names (issue 9.6)", () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
      // A character without such a trait is unaffected: the name is missing, not a function.
      const t: TraitTree = new Map<string, string | null>([...Object.entries(tree), [name, null]]);
      const plain = characterCheck(hero, t, { ability: name, attribute: name, activity: "mental" });
      expect(plain.ability).toMatchObject({ relation: "none", score: 0 });
      expect(plain.attribute).toMatchObject({ relation: "none", score: 0 });
      expect(plain.pool).toEqual({ addDice: 1, bonusDice: 0, penaltyDice: 0, die: "d8" });
      expect(characterActionPhases(hero, 4, "wits")).toBe(3);
      // A character whose data (from JSON, as Foundry stores it) names such traits uses them.
      const h = JSON.parse(`{"attributes": {"${name}": 2, "wits": 1}, "abilities": {"${name}": 3, "firearms": 1}, "wounds": []}`) as PoolCharacter;
      const c = characterCheck(h, t, { ability: name, attribute: name, activity: "physical", supportingAbility: "firearms" });
      expect(c.ability).toMatchObject({ traitId: name, relation: "exact", score: 3 });
      expect(c.attribute).toMatchObject({ traitId: name, relation: "exact", score: 2 });
      expect(c.supportingRating).toBe(1);
      expect(c.pool).toEqual({ addDice: 4, bonusDice: 3, penaltyDice: 0, die: "d8" });
      const asMaps: PoolCharacter = { attributes: new Map([[name, -1]]), abilities: new Map([[name, 2]]), wounds: [] };
      expect(characterCheck(asMaps, t, { ability: name, attribute: name, activity: "physical" }).pool).toEqual({ addDice: 3, bonusDice: 0, penaltyDice: 1, die: "d8" });
      expect(characterStatus(h)).toMatchObject({ penalties: { physical: 0, mental: 0 }, dead: false });
      expect(() => characterStatus({ ...h, wounds: [{ kind: name as never, degree: 1, severity: "light", nonlethal: false }] })).toThrow(/wound kind must be one of physical, mental/);
    }
  });
  it("rejects a bad activity or phase attribute", () => {
    expect(() => characterCheck(hero, tree, { ability: "pistols", attribute: "dexterity", activity: "social" as never })).toThrow(/activity must be one of physical, mental, not "social"/);
    expect(() => characterActionPhases(hero, 4, "dexterity" as never)).toThrow(/phase attribute must be one of reactionTime, speed, wits, not "dexterity"/);
  });
  it("rejects malformed character data", () => {
    expect(() => characterCheck({ ...hero, attributes: { dexterity: 1.5 } }, tree, { ability: "pistols", attribute: "dexterity", activity: "physical" })).toThrow(/attribute "dexterity" must be a whole number/);
    expect(() => characterCheck({ ...hero, abilities: { pistols: -1 } }, tree, { ability: "pistols", attribute: "dexterity", activity: "physical" })).toThrow(/ability "pistols" must be at least 0/);
  });
});
