/**
 * The campaign-scale characters of the prepareData benches (1,000 characters × 40 items per
 * ruleset), built in the Foundry test harness. Shared by the adapter benches, profiling runs and
 * the browser bench (tools/e2e/page.ts bundles this file: `bb.benchPrepare`). Call after the
 * world is ready (`runStartupHooks()` in the adapter benches).
 */
import { ATTRIBUTES as FLANGE_ATTRIBUTES, SKILL_HEADINGS as FLANGE_HEADINGS } from "../../../src/rulesets/flange/rules";

/** Create actors from source data, 100 per createDocuments call. */
async function createAll(data: Record<string, unknown>[]): Promise<Actor[]> {
  const out: Actor[] = [];
  for (let i = 0; i < data.length; i += 100) out.push(...((await Actor.createDocuments(data.slice(i, i + 100) as never)) as Actor[]));
  return out;
}

function toasterItems(n: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const k = i % 5;
    if (k === 0) out.push({ name: `Skill ${i}`, type: "toasterSkill", system: { base: i % 10, attribute: "coordination", specialties: [{ name: "x", bonus: 1 }] } });
    else if (k === 1) out.push({ name: `Trait ${i}`, type: "toasterTrait", system: { rank: (i % 3) - 1, kind: i % 2 ? "general" : "size" } });
    else if (k === 2) out.push({ name: `Weapon ${i}`, type: "toasterWeapon", system: { baseWC: 8, strengthReq: 4, skill: `Skill ${i - 2}` } });
    else if (k === 3) out.push({ name: `Armor ${i}`, type: "toasterArmor", system: { ac: 4, equipped: i % 2 === 0 } });
    else out.push({ name: `Gear ${i}`, type: "toasterGear", system: { quantity: 2 } });
  }
  return out;
}

/** 1,000 Toaster characters with 40 items each (skills, traits, weapons, armor, gear). */
export async function toasterActors(count = 1000): Promise<Actor[]> {
  const data: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) data.push({ name: `Actor ${i}`, type: "toaster", system: { attributes: { physique: { value: 5 } }, stun: { value: i % 20 } }, items: toasterItems(40) });
  return createAll(data);
}

const TOAST_CATEGORIES = ["animal", "artistic", "athletic", "combat", "covert", "craft", "esoteric", "knowledge", "medical", "outdoor", "professional", "social", "weapon"];
const TOAST_ATTRS = ["strength", "agility", "hec", "health", "tolerance", "perception", "focus", "empathy", "will", "psyche"];

function toastItems(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < 30; i++) {
    const base = TOAST_ATTRS.slice(i % 8, (i % 8) + 1 + (i % 3));
    out.push({ name: `Skill ${i}`, type: "toastSkill", system: { level: i % 9, baseAttributes: base, category: TOAST_CATEGORIES[i % TOAST_CATEGORIES.length], used: i % 4 === 0 } });
  }
  for (let i = 0; i < 4; i++) out.push({ name: `Weapon ${i}`, type: "toastWeapon", system: { category: "medium", baseDamage: 2, skill: `Skill ${i}` } });
  for (let i = 0; i < 2; i++) out.push({ name: `Armor ${i}`, type: "toastArmor", system: { woundReduction: 3 + i, encumbrance: 20 + 20 * i, equipped: i === 0 } });
  for (let i = 0; i < 4; i++) out.push({ name: `Gear ${i}`, type: "toastGear", system: { quantity: 2 } });
  return out;
}

/** 1,000 Toast characters with 40 items each (30 skills of every category, weapons, armor, gear) and wounds. */
export async function toastActors(count = 1000): Promise<Actor[]> {
  const data: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const attributes = Object.fromEntries(TOAST_ATTRS.map((a, j) => [a, 6 + ((i + j) % 12)]));
    data.push({ name: `Actor ${i}`, type: "toast", system: { attributes, wounds: { value: i % 30 } }, items: toastItems() });
  }
  return createAll(data);
}

const POOL_ROLES = ["reactionTime", "speed", "wits", "immuneSystem", "stamina", "musclePower", "toughness", "physicalThreshold"];

function poolItems(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < 16; i++) out.push({ name: `Ability ${i}`, type: "poolAbility", system: { rating: i % 4, parentTrait: i === 0 ? "" : `Ability ${Math.floor((i - 1) / 3)}` } });
  for (let i = 0; i < 8; i++) out.push({ name: `Attribute ${i}`, type: "poolAttribute", system: { score: (i % 5) - 2, role: POOL_ROLES[i] } });
  for (let i = 0; i < 6; i++) out.push({ name: `Weapon ${i}`, type: "poolWeapon", system: { ability: `Ability ${i}`, damageModifier: 1 } });
  for (let i = 0; i < 4; i++) out.push({ name: `Armor ${i}`, type: "poolArmor", system: { rating: i, equipped: i % 2 === 0 } });
  for (let i = 0; i < 6; i++) out.push({ name: `Gear ${i}`, type: "poolGear", system: { quantity: 2 } });
  return out;
}

/** 1,000 Dice Pool characters with 40 items each (a 16-ability tree, 8 attributes with roles, weapons, armor, gear) and three wounds. */
export async function poolActors(count = 1000): Promise<Actor[]> {
  const wounds = [{ kind: "physical", degree: 1, nonlethal: false }, { kind: "physical", degree: 3, nonlethal: true }, { kind: "mental", degree: 2, nonlethal: false }];
  const data: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) data.push({ name: `Actor ${i}`, type: "pool", system: { wounds }, items: poolItems() });
  return createAll(data);
}

/** The D10/0 items: 14 branch skills in a tree three deep, 6 TABs, 4 powers, 6 weapons, 4 armor, 6 gear. */
export function d100Items(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const roots = ["athletic", "close", "ranged", "sensory"];
  for (let i = 0; i < 14; i++) out.push({ name: `Skill ${i}`, type: "d100Skill", system: { parentSkill: i < 4 ? roots[i] : `Skill ${Math.floor((i - 4) / 3)}`, adjust: 1 + (i % 12) } });
  for (let i = 0; i < 6; i++) out.push({ name: `TAB ${i}`, type: "d100Tab", system: { kind: "trait", effects: [{ kind: "difficulty", when: `tag${i}`, attributeDelta: -1, skillDelta: -10 }, { kind: "adjustment", notation: "-1F" }] } });
  for (let i = 0; i < 4; i++) out.push({ name: `Power ${i}`, type: "d100Power", system: { normalAttributes: ["focus", "perception"], current: 3, actions: [{ name: "A", cost: "Need 1, Hold X or Drain X" }] } });
  for (let i = 0; i < 6; i++) out.push({ name: `Weapon ${i}`, type: "d100Weapon", system: { damage: "10 + 2D(ST)" } });
  for (let i = 0; i < 4; i++) out.push({ name: `Armor ${i}`, type: "d100Armor", system: { adjustment: "-5F -1R", coverage: ["chest"], equipped: i % 2 === 0 } });
  for (let i = 0; i < 6; i++) out.push({ name: `Gear ${i}`, type: "d100Gear", system: { quantity: 2, region: "chest" } });
  return out;
}

/** 1,000 D10/0 characters with 40 items each. */
export async function d100Actors(count = 1000): Promise<Actor[]> {
  const data: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) data.push({ name: `Agent ${i}`, type: "d100", system: { attributes: { agility: 1 + (i % 10) } }, items: d100Items() });
  return createAll(data);
}

/** The Flange skill headings the bench characters use (the first 12). */
function flangeItems(): Record<string, unknown>[] {
  const headings = FLANGE_HEADINGS.slice(0, 12);
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < 24; i++) out.push({ name: `Skill ${i}`, type: "flangeSkill", system: { heading: headings[i % 12], dots: (i % 5) + 1, attribute: FLANGE_ATTRIBUTES[i % 9] } });
  for (let i = 0; i < 6; i++) out.push({ name: `Weapon ${i}`, type: "flangeWeapon", system: { attribute: "strength", range: "short", damageDots: i % 3, damageModifier: i - 3 } });
  for (let i = 0; i < 4; i++) out.push({ name: `Armour ${i}`, type: "flangeArmor", system: { armour: i, equipped: i % 2 === 0 } });
  for (let i = 0; i < 2; i++) out.push({ name: `Power ${i}`, type: "flangePower", system: { cost: 3 } });
  for (let i = 0; i < 4; i++) out.push({ name: `Gear ${i}`, type: "flangeGear", system: { quantity: 2 } });
  return out;
}

/** 1,000 Flange characters with 40 items each (24 skills over 12 headings, weapons, armours, powers, gear), generalisation dots, Edge and wounds. */
export async function flangeActors(count = 1000): Promise<Actor[]> {
  const system = {
    level: "heroic",
    attributes: { strength: 5, athleticism: 7, constitution: 7, perception: 8, dexterity: 8, appearance: 8, personality: 8, subtlety: 8, intellect: 8 },
    generalisation: { combatBrawl: 1, medicine: 2 },
    edge: { points: 6, spent: 2 },
    wounds: { value: 3 },
  };
  const items = flangeItems();
  const data: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) data.push({ name: `Actor ${i}`, type: "flange", system, items });
  return createAll(data);
}

export const PREPARE_SETS = { toaster: toasterActors, toast: toastActors, pool: poolActors, d100: d100Actors, flange: flangeActors } as const;
export type PrepareRuleset = keyof typeof PREPARE_SETS;
