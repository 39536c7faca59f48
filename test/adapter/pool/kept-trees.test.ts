/**
 * The Dice Pool trait trees are kept from one preparation to the next while their rows stay the
 * same (issue 20, core/data/same-inputs.ts), with the score tables and activities that come of
 * them: each attribute and ability item's id, trait id (its rules role or name), name, parent,
 * score and activity, and the world's default activity (setting pool.defaultActivity). Each input
 * changed here must give new trees.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";

beforeEach(bootWorld("pool"));

const ability = (name: string, rating: number, parentTrait = "") => ({ name, type: "poolAbility", system: { rating, parentTrait } });
const attribute = (name: string, score: number, extra: Record<string, unknown> = {}) => ({ name, type: "poolAttribute", system: { score, ...extra } });

async function character(): Promise<any> {
  const actor: any = await Actor.create({ name: "Kept", type: "pool", system: {} } as never);
  await actor.createEmbeddedDocuments("Item", [ability("Athletics", 2), ability("Climbing", 1, "Athletics"), ability("Lore", 3), attribute("Strength", 2), attribute("Toughness", 1, { role: "toughness" })]);
  return actor;
}

const abilityRow = (actor: any, id: string): any => actor.system.abilityTree.rows.find((r: any) => r.traitId === id);
const attributeRow = (actor: any, id: string): any => actor.system.attributeTree.rows.find((r: any) => r.traitId === id);

describe("Dice Pool trait trees kept between preparations", () => {
  it("a preparation with the same rows hands back the same frozen trees", async () => {
    const a = await character();
    const abilities = a.system.abilityTree;
    const attributes = a.system.attributeTree;
    expect(Object.isFrozen(abilities.rows)).toBe(true);
    expect(Object.isFrozen(abilities.rows[0])).toBe(true);
    expect(Object.isFrozen(attributes.tree)).toBe(true);
    a.prepareData();
    expect(a.system.abilityTree).toBe(abilities);
    expect(a.system.attributeTree).toBe(attributes);
    // A wound does not touch the trees.
    await a.update({ "system.wounds": [{ kind: "physical", degree: 2, nonlethal: false }] });
    expect(a.system.abilityTree.rows.map((r: any) => [r.traitId, r.score, r.depth])).toEqual(abilities.rows.map((r: any) => [r.traitId, r.score, r.depth]));
  });

  it("an ability's rating, name and parent changed give new rows and new character tables", async () => {
    const a = await character();
    const climbing = a.items.find((i: any) => i.name === "Climbing");
    await climbing.update({ "system.rating": 3 });
    expect(abilityRow(a, "Climbing").score).toBe(3);
    expect(a.system.character.abilities.Climbing).toBe(3);
    await climbing.update({ "system.parentTrait": "Lore" });
    expect(abilityRow(a, "Climbing").parentId).toBe("Lore");
    expect(a.system.abilityTree.tree.Climbing).toBe("Lore");
    await climbing.update({ name: "Scaling" });
    expect(abilityRow(a, "Climbing")).toBeUndefined();
    expect(abilityRow(a, "Scaling").score).toBe(3);
  });

  it("an attribute's score and role changed give new rows", async () => {
    const a = await character();
    const strength = a.items.find((i: any) => i.name === "Strength");
    await strength.update({ "system.score": -1 });
    expect(attributeRow(a, "Strength").score).toBe(-1);
    expect(a.system.character.attributes.Strength).toBe(-1);
    await strength.update({ "system.role": "musclePower" });
    expect(attributeRow(a, "Strength")).toBeUndefined();
    expect(attributeRow(a, "musclePower").score).toBe(-1);
  });

  it("an item deleted or added gives new trees (a new item with an old name has a new id)", async () => {
    const a = await character();
    const lore = a.items.find((i: any) => i.name === "Lore");
    await lore.delete();
    expect(abilityRow(a, "Lore")).toBeUndefined();
    const [again] = await a.createEmbeddedDocuments("Item", [ability("Lore", 3)]);
    expect(abilityRow(a, "Lore").id).toBe(again.id);
    expect(abilityRow(a, "Lore").id).not.toBe(lore.id);
    await a.createEmbeddedDocuments("Item", [attribute("Wits", 1, { role: "wits" })]);
    expect(attributeRow(a, "wits").score).toBe(1);
  });

  it("an item's activity and the world's default activity changed give new activities", async () => {
    const a = await character();
    expect(a.system.abilityActivity.Climbing).toBe("physical");
    const athletics = a.items.find((i: any) => i.name === "Athletics");
    await athletics.update({ "system.activity": "mental" });
    // Climbing has none of its own: its parent's.
    expect(a.system.abilityActivity.Athletics).toBe("mental");
    expect(a.system.abilityActivity.Climbing).toBe("mental");
    expect(a.system.abilityActivity.Lore).toBe("physical");
    await (game as any).settings.set("breadbox", "pool.defaultActivity", "mental");
    a.prepareData();
    expect(a.system.abilityActivity.Lore).toBe("mental");
    expect(a.system.attributeActivity.Strength).toBe("mental");
  });

  it("each character keeps its own trees", async () => {
    const a = await character();
    const b: any = await Actor.create({ name: "Other", type: "pool", system: {} } as never);
    await b.createEmbeddedDocuments("Item", [ability("Athletics", 4)]);
    a.prepareData();
    b.prepareData();
    expect(abilityRow(a, "Athletics").score).toBe(2);
    expect(abilityRow(b, "Athletics").score).toBe(4);
    expect(abilityRow(b, "Lore")).toBeUndefined();
  });
});

/**
 * The wound status (penalties, knockout, healing times, wound rows, defender values and the
 * character as the rules read it) is kept too while its inputs are the same: the kept traits,
 * each wound's kind, degree and nonlethal flag, and the world's knockout penalty.
 */
describe("Dice Pool wound status kept between preparations", () => {
  const wound = (kind: string, degree: number, nonlethal = false) => ({ kind, degree, nonlethal });

  async function wounded(): Promise<any> {
    const a = await character();
    await a.createEmbeddedDocuments("Item", [attribute("Immune", 2, { role: "immuneSystem" }), attribute("Stamina", 1, { role: "stamina" })]);
    await a.update({ "system.wounds": [wound("physical", 1), wound("mental", 2, true)] });
    return a;
  }

  it("a preparation with the same inputs hands back the same frozen status", async () => {
    const a = await wounded();
    const { status, woundViews, defender, character: c } = a.system;
    expect(Object.isFrozen(status)).toBe(true);
    expect(Object.isFrozen(woundViews)).toBe(true);
    expect(Object.isFrozen(woundViews[0])).toBe(true);
    expect(Object.isFrozen(defender)).toBe(true);
    expect(Object.isFrozen(c.wounds)).toBe(true);
    a.prepareData();
    expect(a.system.status).toBe(status);
    expect(a.system.woundViews).toBe(woundViews);
    expect(a.system.defender).toBe(defender);
    expect(a.system.character).toBe(c);
    // A note changes nothing the status reads.
    await a.update({ "system.notes": "<p>rested</p>" });
    expect(a.system.status).toBe(status);
  });

  it("a wound's kind, degree and nonlethal flag, and a wound added or removed, give a new status", async () => {
    const a = await wounded();
    // Physical moderate (1 die, healing 3 days ÷ Immune 2) and mental serious nonlethal (2 dice, 1 day ÷ Stamina 1).
    expect(a.system.status.penalties).toEqual({ physical: 1, mental: 2 });
    expect(a.system.woundViews.map((w: any) => w.healingHours)).toEqual([36, 24]);
    await a.update({ "system.wounds": [wound("mental", 1), wound("mental", 2, true)] });
    expect(a.system.status.penalties).toEqual({ physical: 0, mental: 3 });
    expect(a.system.character.wounds[0].kind).toBe("mental");
    expect(a.system.woundViews[0].healingHours).toBe(4);
    await a.update({ "system.wounds": [wound("mental", 3), wound("mental", 2, true)] });
    expect(a.system.status.penalties).toEqual({ physical: 1, mental: 4 });
    expect(a.system.woundViews[0].severity).toBe("severe");
    expect(a.system.status.knockedOut).toBe(false);
    await a.update({ "system.wounds": [wound("mental", 3, true), wound("mental", 2, true)] });
    expect(a.system.woundViews[0].nonlethal).toBe(true);
    expect(a.system.status.knockedOut).toBe(true);
    await a.update({ "system.wounds": [wound("mental", 3, true)] });
    expect(a.system.woundViews).toHaveLength(1);
    expect(a.system.status.knockedOut).toBe(false);
    await a.update({ "system.wounds": [wound("mental", 3, true), wound("physical", 0)] });
    expect(a.system.woundViews.map((w: any) => w.severity)).toEqual(["severe", "light"]);
  });

  it("the world's knockout penalty changed gives a new status", async () => {
    const a = await wounded();
    await a.update({ "system.wounds": [wound("physical", 3, true)] });
    expect(a.system.status.knockedOut).toBe(false);
    await (game as any).settings.set("breadbox", "pool.knockoutPenalty", 2);
    a.prepareData();
    expect(a.system.status.knockedOut).toBe(true);
    expect(a.system.status.incapacitated).toBe(true);
  });

  it("the scores changed (a new kept traits value) give new healing times, defender values and character tables", async () => {
    const a = await wounded();
    const immune = a.items.find((i: any) => i.name === "Immune");
    await immune.update({ "system.score": 3 });
    expect(a.system.woundViews[0].healingHours).toBe(24);
    await immune.update({ "system.score": -2 });
    expect(a.system.woundViews[0].healingHours).toBe(144);
    expect(a.system.defender.toughness).toBe(1);
    const toughness = a.items.find((i: any) => i.name === "Toughness");
    await toughness.update({ "system.score": 4 });
    expect(a.system.defender.toughness).toBe(4);
    expect(a.system.character.attributes.toughness).toBe(4);
    const lore = a.items.find((i: any) => i.name === "Lore");
    await lore.update({ "system.rating": 1 });
    expect(a.system.character.abilities.Lore).toBe(1);
  });
});
