import { expect } from "vitest";
import { describeInlineChecks, describeRequests, describeWords, type WordsFixture } from "./spec";

let bowsId = "";

const fixture: WordsFixture = {
  ruleset: "d100",
  actor: async () => {
    const a: any = await Actor.create({ name: "Tenner", type: "d100" } as never);
    const [bows] = await a.createEmbeddedDocuments("Item", [{ name: "Bows", type: "d100Skill", system: { parentSkill: "ranged", adjust: 4 } }]);
    bowsId = a.system.skillRows.find((r: any) => r.name === "Bows").id;
    expect(bows).toBeTruthy();
    return a;
  },
  get names() {
    return [
      ["bows", null, { kind: "skill", name: bowsId }],
      ["Agility", null, { kind: "attribute", name: "agility" }],
      ["agility", "attribute", { kind: "attribute", name: "agility" }],
    ] as any;
  },
  unknown: [
    ["Juggling", null],
    ["Bows", "attribute"],
  ],
  words: [
    ["hard", "hard"],
    ["Impossible?", "impossible"],
    ["tricky", "tricky"],
    ["+10", "+10"],
    ["-5", "-5"],
    ["0", "0"],
  ],
  notWords: ["hellish", "medium", "1.5", "99999"],
  rolled: { check: { kind: "attribute", name: "agility" }, difficulty: "hard", fields: { ladder: "hard", modifier: "0" } },
  inline: "[[/check agility hard]]",
  foreign: ["[[/check agility hellish]]", "[[/check ability:agility]]", "[[/check agility medium]]"],
};

describeWords(fixture);
describeInlineChecks(fixture);
describeRequests(fixture);
