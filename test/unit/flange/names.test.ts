/**
 * Names typed by users (issue 9.6): weapon attributes and ranges, skill names and headings,
 * attributes, levels, hands. Names that are also Object.prototype members are just names: they
 * are refused where unknown and work where they are a player's own skill name.
 */
import { describe, expect, it } from "vitest";
import {
  blankCharacter,
  characterAttack,
  characterCheck,
  characterSkillDice,
  creationSpend,
  parseRange,
  parseWeapon,
  simultaneousAction,
  skillPointCost,
  validateCharacter,
  type FlangeCharacter,
} from "../../../src/rulesets/flange/rules";

const PROTO_NAMES = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"] as const;

describe("flange lookups keyed by typed names", () => {
  for (const name of PROTO_NAMES) {
    it(`a weapon line with the attribute "${name}" is refused, not read from Object.prototype`, () => {
      expect(() => parseWeapon("Spoon", `${name}/-/-1`)).toThrow(new RegExp(`Unknown weapon attribute "${name.replace(/[_$]/g, "\\$&")}"`));
      expect(() => parseRange(name)).toThrow(/Unknown weapon range/);
    });

    it(`a weapon named "${name}" is just a name`, () => {
      expect(parseWeapon(name, "Str/-/●+1")).toEqual({ name, attribute: "strength", range: "melee", damageDice: 1, damageModifier: 1 });
    });

    it(`a skill named "${name}" rolls its own dots, with its heading's generalisation dots`, () => {
      const c: FlangeCharacter = {
        ...blankCharacter("mundane"),
        skills: [{ name, heading: "medicine", dots: 2 }, { name: "Surgery", heading: "medicine", dots: 1 }],
        generalisation: { medicine: 1 },
      };
      validateCharacter(c);
      expect(characterSkillDice(c, name)).toBe(3);
      expect(characterCheck(c, "perception", { name })).toEqual({ dice: 3, target: 10 });
      expect(characterAttack(c, { attribute: "dexterity" }, { name })).toEqual({ skillDice: 3, attributeTarget: 10 });
      expect(skillPointCost(c.skills, c.generalisation)).toBe(2 + 2 + 4);
      expect(creationSpend(c).skillPoints.used).toBe(8);
    });

    it(`the heading, attribute, level or hand "${name}" is refused with a clear message`, () => {
      const c = blankCharacter("heroic");
      expect(() => characterSkillDice(c, "Trumpet", name as "medicine")).toThrow(new RegExp(`Unknown skill heading`));
      expect(() => characterCheck(c, name as "perception", null)).toThrow(/Unknown attribute/);
      expect(() => characterAttack(c, { attribute: name as "strength" }, { name: "Boxing", heading: "combatBrawl" })).toThrow(/Unknown attribute/);
      expect(() => blankCharacter(name as "mundane")).toThrow(/Unknown level/);
      expect(() => simultaneousAction({ first: name as "stone", second: "paper" })).toThrow(/Unknown hand/);
      expect(() => validateCharacter({ ...c, skills: [{ name: "X", heading: name as "medicine", dots: 1 }] })).toThrow(/unknown heading/);
    });
  }

  it("a generalisation record carrying its own __proto__ key (as JSON makes it) is refused, not merged", () => {
    const generalisation = JSON.parse('{"__proto__": 3, "medicine": 1}') as FlangeCharacter["generalisation"];
    expect(Object.keys(generalisation)).toContain("__proto__");
    const c: FlangeCharacter = { ...blankCharacter("mundane"), generalisation };
    expect(() => validateCharacter(c)).toThrow(/Unknown skill heading "__proto__"/);
    expect(() => skillPointCost([], generalisation)).toThrow(/Unknown skill heading "__proto__"/);
  });

  it("an attributes record with an extra prototype-named key is refused", () => {
    const c = blankCharacter("mundane");
    const attributes = { ...c.attributes, constructor: 7 } as FlangeCharacter["attributes"];
    expect(() => validateCharacter({ ...c, attributes })).toThrow(/Unknown attribute "constructor"/);
  });
});
