import { describeInlineChecks, describeRequests, describeWords, type WordsFixture } from "./spec";

const fixture: WordsFixture = {
  ruleset: "pool",
  actor: async () => {
    const a: any = await Actor.create({ name: "Mira", type: "pool" } as never);
    await a.createEmbeddedDocuments("Item", [
      { name: "Agility", type: "poolAttribute", system: { score: 1 } },
      { name: "Athletics", type: "poolAbility", system: { rating: 2 } },
    ]);
    return a;
  },
  names: [
    ["athletics", null, { kind: "ability", name: "Athletics" }],
    ["AGILITY", null, { kind: "attribute", name: "Agility" }],
    ["Agility", "attribute", { kind: "attribute", name: "Agility" }],
  ],
  unknown: [
    ["Bows", null],
    ["Athletics", "attribute"],
    ["Athletics", "skill"],
  ],
  words: [
    ["20", "20"],
    ["+5", "5"],
    ["15", "15"],
  ],
  notWords: ["hard", "average", "1.5", "99999"],
  rolled: { check: { kind: "attribute", name: "Agility" }, difficulty: "5", fields: { difficulty: "5" } },
  inline: "[[/check Agility 5]]",
  foreign: ["[[/check Agility hard]]", "[[/check skill:Agility]]", "[[/check Agility 1.5]]"],
};

describeWords(fixture);
describeInlineChecks(fixture);
describeRequests(fixture);
