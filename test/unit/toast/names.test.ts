/**
 * Names typed by users (issue 9.6, core part): combatant ids, skill keys, attribute keys, weapon
 * categories, target words, defence kinds. Every lookup keyed by such a name goes through a Map, a
 * Set, a fixed list or a null-prototype record, so "constructor", "toString", "__proto__",
 * "hasOwnProperty" and "valueOf" are just names — or clearly refused where only known keys are
 * allowed.
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../../../src/dice/random";
import {
  attackOdds,
  bodyCheckOdds,
  deriveCharacter,
  endRound,
  findStarterSkill,
  holdAction,
  initiativeOrder,
  negateAction,
  nextToAct,
  rollSessionAdvancement,
  sharedInitiative,
  startRound,
  takeAction,
  targetNumber,
  taskModifier,
  validateCreation,
  weaponBaseDamage,
  type TaskSpec,
} from "../../../src/rulesets/toast/rules";
import { attrs } from "./helpers";

const NAMES = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"] as const;

describe("toast combat rounds keyed by names that Object.prototype also has", () => {
  it("a round of combatants named constructor, toString, __proto__, hasOwnProperty and valueOf runs like any other", () => {
    let s = startRound([...NAMES]);
    expect(Object.keys(s.statuses)).toEqual([...NAMES]);
    expect(nextToAct(s)).toBe("constructor");
    s = holdAction(s, "constructor");
    expect(nextToAct(s)).toBe("toString");
    s = takeAction(s, "toString");
    expect(nextToAct(s)).toBe("__proto__");
    s = takeAction(s, "__proto__");
    s = negateAction(s, "hasOwnProperty");
    s = takeAction(s, "constructor");
    expect(nextToAct(s)).toBe("valueOf");
    expect(Object.entries(s.statuses)).toEqual([
      ["constructor", "acted"],
      ["toString", "acted"],
      ["__proto__", "acted"],
      ["hasOwnProperty", "lost"],
      ["valueOf", "waiting"],
    ]);
    const { ended, lost, next } = endRound(s);
    expect(lost).toEqual(["hasOwnProperty", "valueOf"]);
    expect(ended.statuses.valueOf).toBe("lost");
    expect(nextToAct(next)).toBe("constructor");
  });
  it("a name the round does not hold is not in the round, even when Object.prototype has it", () => {
    const s = startRound(["ann", "bob"]);
    for (const name of NAMES) {
      expect(() => takeAction(s, name)).toThrow(/is not in this round/);
      expect(() => holdAction(s, name)).toThrow(/is not in this round/);
      expect(() => negateAction(s, name)).toThrow(/is not in this round/);
    }
    expect(endRound(takeAction(s, "ann")).lost).toEqual(["bob"]);
  });
  it("initiative orders and shared group rolls take such names as ids", () => {
    const order = initiativeOrder(NAMES.map((id, i) => ({ id, rank: 10 - i })));
    expect(order.map((o) => o.id)).toEqual([...NAMES]);
    const group = sharedInitiative([...NAMES], { faces: [5], roll: { faces: [5], kind: "number", number: 5, degree: null }, modifier: 2, total: 7, rank: 7 });
    expect(initiativeOrder(group).every((o) => o.place === 1 && o.tied)).toBe(true);
    expect(() => initiativeOrder([{ id: "__proto__", rank: 1 }, { id: "__proto__", rank: 2 }])).toThrow(/twice/);
  });
});

describe("toast skills and creation keyed by names that Object.prototype also has", () => {
  it("no starter skill is found under a prototype name", () => {
    for (const name of NAMES) expect(findStarterSkill(name)).toBeUndefined();
    expect(findStarterSkill("broadsword")?.baseAttributes).toEqual(["agility"]);
  });
  it("creation counts skills with such names, and finds their duplicates", () => {
    const report = validateCreation({ attributes: attrs({ strength: 15 }), skills: [...NAMES.map((key) => ({ key, level: 3 })), { key: "constructor", level: 2 }] });
    expect(report.skillPointsSpent).toBe(17);
    expect(report.issues).toEqual([{ key: "duplicateSkill", subject: "constructor", value: 2, limit: 1 }]);
  });
  it("a character with skills so named derives, and an attribute so named is refused", () => {
    const d = deriveCharacter({ attributes: attrs({ agility: 17 }), skills: NAMES.map((key) => ({ key, category: "athletic" as const, baseAttributes: ["agility" as const], level: 2 })), woundLevels: 0 });
    expect(d.skills.map((s) => [s.key, s.modifier])).toEqual(NAMES.map((k) => [k, 5]));
    for (const name of NAMES) {
      expect(() =>
        deriveCharacter({ attributes: attrs(), skills: [{ key: "x", category: "athletic", baseAttributes: [name as "agility"], level: 1 }], woundLevels: 0 }),
      ).toThrow(/Skill base attributes must be one of/);
    }
  });
  it("a task, defence, body check or difficulty named like a prototype key is refused with the allowed keys", () => {
    for (const name of NAMES) {
      const task: unknown = JSON.parse(`{"kind": "${name}"}`);
      expect(() => taskModifier({ attributes: attrs(), task: task as TaskSpec })).toThrow(new RegExp(`Unknown task kind ${name}`));
      expect(() => taskModifier({ attributes: attrs(), task: { kind: "aspect", aspect: name as "physical" } })).toThrow(/Aspect must be one of physical, mental/);
      expect(() => targetNumber(name as "medium")).toThrow(/Difficulty must be one of/);
      expect(() => attackOdds({ attack: 3, defence: { kind: name as "target", target: 3 } })).toThrow(/Defence kind must be one of contested, target/);
      expect(() => bodyCheckOdds({ target: { attributes: attrs(), woundLevels: 0 }, check: name as "death", effective: 3 })).toThrow(/Body check must be one of death, collapse/);
      expect(() => weaponBaseDamage(name as "small")).toThrow(/Weapon category must be one of/);
    }
  });
  it("end-of-session advancement keeps such skill keys", () => {
    const out = rollSessionAdvancement(
      { skills: NAMES.map((key) => ({ key, level: 5, used: true, learnedThisSession: false })), focus: 4 },
      new ScriptedDice([12, 1, 10, 11, 1, 9, 2]).source(12),
    );
    expect(out.map((o) => [o.key, o.result.reason])).toEqual([
      ["constructor", "auto"],
      ["toString", "rollHigher"],
      ["__proto__", "flub"],
      ["hasOwnProperty", "rollHigher"],
      ["valueOf", "rollNotHigher"],
    ]);
  });
});
