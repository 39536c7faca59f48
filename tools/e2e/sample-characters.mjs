/**
 * Sample characters for the rulesets whose packs hold none (Toast, Dice Pool, D10/0), furnished as
 * their own browser tests furnish theirs (skills, a weapon, armour), and a second character of each
 * to be the target of attacks. Each function runs in the test bed's page (`page.evaluate(fn)`):
 * the browser gallery test (test/e2e/gallery.test.ts) and `npm run media` (tools/media.mjs) use them.
 */
export const SAMPLE_CHARACTERS = {
  toast: async () => {
    const g = window.game;
    const average = { strength: 10, agility: 10, hec: 10, health: 10, tolerance: 10, perception: 10, focus: 10, empathy: 10, will: 10, psyche: 10 };
    await g.actors.documentClass.create({
      name: "Ysolde",
      type: "toast",
      system: { attributes: { ...average, agility: 17, strength: 12 }, wounds: { value: 3 } },
      items: [
        { name: "Broadsword", type: "toastSkill", system: { key: "broadsword", category: "weapon", baseAttributes: ["agility"], level: 5 } },
        { name: "First Aid", type: "toastSkill", system: { key: "firstAid", level: 3, baseAttributes: ["perception", "hec"], category: "medical" } },
        { name: "Broadsword", type: "toastWeapon", system: { category: "medium", baseDamage: 2, delivery: "wielded", bonusDice: 0, skill: "broadsword", equipped: true } },
        { name: "Chain Mail", type: "toastArmor", system: { armorType: "chainMail", woundReduction: 5, encumbrance: 40 } },
      ],
    });
    await g.actors.documentClass.create({
      name: "Guard",
      type: "toast",
      system: { attributes: { ...average, agility: 12 } },
      items: [
        { name: "Short sword", type: "toastSkill", system: { key: "shortSword", category: "weapon", baseAttributes: ["agility"], level: 3 } },
        { name: "Short sword", type: "toastWeapon", system: { category: "medium", baseDamage: 2, delivery: "wielded", bonusDice: 0, skill: "shortSword", equipped: true } },
      ],
    });
  },
  pool: async () => {
    const win = window;
    const attacker = await win.Actor.create({ name: "Rhoenda", type: "pool" });
    await attacker.createEmbeddedDocuments("Item", [
      { name: "Blades", type: "poolAbility", system: { rating: 3 } },
      { name: "Athletics", type: "poolAbility", system: { rating: 2 } },
      { name: "Climbing", type: "poolAbility", system: { rating: 0, parentTrait: "Athletics" } },
      { name: "Physique", type: "poolAttribute", system: { score: 1 } },
      { name: "Muscle Power", type: "poolAttribute", system: { role: "musclePower", score: 2, parentTrait: "Physique" } },
      { name: "Reaction Time", type: "poolAttribute", system: { role: "reactionTime", score: 1 } },
      { name: "Sword", type: "poolWeapon", system: { ability: "Blades", attribute: "Physique", trauma: "physical", damageType: "lethal", musclePowered: true, damageModifier: 2 } },
      { name: "Leather armor", type: "poolArmor", system: { rating: 1, convertsLethal: false } },
    ]);
    const guard = await win.Actor.create({ name: "Guard", type: "pool" });
    await guard.createEmbeddedDocuments("Item", [
      { name: "Dodge", type: "poolAbility", system: { rating: 1 } },
      { name: "Toughness", type: "poolAttribute", system: { role: "toughness", score: 1 } },
    ]);
  },
  d100: async () => {
    const g = window;
    const attacker = await g.Actor.create({
      name: "Marksman",
      type: "d100",
      system: { attributes: { agility: 8, focus: 7, perception: 5 }, skills: { ranged: { major1: "agility", major2: "focus", adjust: 110 } } },
    });
    await attacker.createEmbeddedDocuments("Item", [
      { name: "Flak vest", type: "d100Armor", system: { adjustment: "-5F", coverage: ["chest"], equipped: true } },
    ]);
    // A burst weapon from the pack (its resolution lists each shot).
    const pack = [...g.game.packs.values()].find((p) => p.metadata.name === "d100-weapons");
    const entry = [...(await pack.getIndex())].find((e) => e.name === "Assault Rifle");
    await attacker.createEmbeddedDocuments("Item", [(await pack.getDocument(entry._id)).toObject()]);
    await g.Actor.create({ name: "Officer", type: "d100", system: { attributes: { agility: 1, endurance: 5, strength: 1, spirit: 5 }, health: { current: 50, bonus: 0 } } });
  },
};
