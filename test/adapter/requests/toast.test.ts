import { describeInlineChecks, describeRequests, describeWords, type WordsFixture } from "./spec";

const fixture: WordsFixture = {
  ruleset: "toast",
  actor: async () => {
    const a: any = await Actor.create({ name: "Toasty", type: "toast" } as never);
    await a.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "toastSkill", system: { level: 5, baseAttributes: ["agility"], category: "weapon" } }]);
    return a;
  },
  names: [
    ["broadsword", null, { kind: "skill", name: "Broadsword" }],
    ["Strength", null, { kind: "attribute", name: "strength" }],
    ["Hand-Eye Coordination", "attribute", { kind: "attribute", name: "hec" }],
  ],
  unknown: [
    ["Juggling", null],
    ["Broadsword", "attribute"],
  ],
  words: [
    ["hard", "hard"],
    ["Really easy", "reallyEasy"],
    ["inestimablyHard", "inestimablyHard"],
    ["12", "12"],
    ["-3", "-3"],
  ],
  notWords: ["hellish", "tricky", "custom", "1.5", "99999"],
  rolled: { check: { kind: "attribute", name: "strength" }, difficulty: "hard", fields: { difficulty: "hard" } },
  inline: "[[/check Strength hard]]",
  foreign: ["[[/check Strength hellish]]", "[[/check ability:Strength]]", "[[/check Strength tricky]]"],
};

describeWords(fixture);
describeInlineChecks(fixture);
describeRequests(fixture);
