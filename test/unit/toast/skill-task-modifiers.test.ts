/**
 * skillTaskModifiers (data preparation computes every skill's task modifier at once, the
 * character's part once) gives exactly what taskModifier gives skill by skill, errors included.
 */
import { describe, expect, it } from "vitest";
import { ARMOR_TABLE, ATTRIBUTE_KEYS, skillTaskModifiers, taskModifier, type AttributeKey, type Attributes, type TaskModifierInput } from "../../../src/rulesets/toast/rules";

function attributes(over: Partial<Record<AttributeKey, number>> = {}): Attributes {
  const out: Record<string, number> = {};
  ATTRIBUTE_KEYS.forEach((k, i) => { out[k] = over[k] ?? 6 + ((i * 5) % 12); });
  return out as Attributes;
}

type Skill = { baseAttributes: readonly AttributeKey[]; level: number };

function oneByOne(input: Omit<TaskModifierInput, "task">, skills: readonly Skill[]) {
  return skills.map((s) => {
    try {
      return { ok: true, value: taskModifier({ ...input, task: { kind: "skill", baseAttributes: s.baseAttributes, level: s.level } }) };
    } catch (error) {
      return { ok: false, error };
    }
  });
}

const SKILLS: Skill[] = [
  { baseAttributes: ["strength"], level: 3 },
  { baseAttributes: ["perception", "focus"], level: 0 },
  { baseAttributes: ["agility", "tolerance", "hec"], level: 8 },
  { baseAttributes: ["will", "psyche", "empathy"], level: 5 },
  { baseAttributes: [], level: 2 },
  { baseAttributes: ["nonsense" as AttributeKey], level: 2 },
  { baseAttributes: ["focus"], level: -1 },
  { baseAttributes: ["health"], level: 2.5 },
  // The fast path (what the data model guarantees) must hand everything else to the checks.
  { baseAttributes: ["strength", "nonsense" as AttributeKey], level: 1 },
  { baseAttributes: "strength" as unknown as readonly AttributeKey[], level: 1 },
  { baseAttributes: ["strength", "strength", "agility"], level: 500 },
  { baseAttributes: ["agility"], level: 501 },
  { baseAttributes: ["agility"], level: Number.NaN },
  { baseAttributes: ["agility"], level: "3" as unknown as number },
];

describe("skillTaskModifiers", () => {
  const cases: [string, Omit<TaskModifierInput, "task">][] = [
    ["no wounds, no armor", { attributes: attributes() }],
    ["wounded, plate armor", { attributes: attributes(), woundLevels: 17, woundScale: 4, armor: ARMOR_TABLE.fullPlate }],
    ["a hardier race, light armor, situational", { attributes: attributes({ strength: 3, agility: 2 }), woundLevels: 9, woundScale: 6, armor: ARMOR_TABLE.leather, situational: -2 }],
    ["ignoring wound and armor penalties", { attributes: attributes(), woundLevels: 30, armor: ARMOR_TABLE.fullPlate, ignoreWoundPenalty: true, ignoreArmorPenalty: true }],
    ["a bad attribute", { attributes: attributes({ will: 0 }) }],
    ["a monster's attributes past the seed table", { attributes: attributes({ strength: 1000, agility: 999, tolerance: 41, hec: 23 }), armor: ARMOR_TABLE.fullPlate }],
    ["bad wound levels", { attributes: attributes(), woundLevels: -3 }],
    ["bad armor", { attributes: attributes(), armor: { woundReduction: 2, encumbrance: -1 } }],
    ["a bad situational modifier", { attributes: attributes(), situational: 1.5 }],
  ];
  for (const [name, input] of cases) {
    it(`equals taskModifier skill by skill: ${name}`, () => {
      const batch = skillTaskModifiers(input, SKILLS);
      const single = oneByOne(input, SKILLS);
      expect(batch).toHaveLength(SKILLS.length);
      batch.forEach((r, i) => {
        const s = single[i]!;
        expect(r.ok).toBe(s.ok);
        if (r.ok && s.ok) expect(r.value).toEqual(s.value);
        if (!r.ok && !s.ok) {
          expect((r.error as Error).constructor).toBe((s.error as Error).constructor);
          expect((r.error as Error).message).toBe((s.error as Error).message);
        }
      });
    });
  }
});
