import { describeInlineChecks, describeRequests, describeWords, type WordsFixture } from "./spec";
import { actorFromPack } from "../toaster/boot";

const fixture: WordsFixture = {
  ruleset: "toaster",
  actor: () => actorFromPack("Rhoenda Dumas"),
  names: [
    ["sword", null, { kind: "skill", name: "Sword" }],
    ["Sword", "skill", { kind: "skill", name: "Sword" }],
    ["Coordination", null, { kind: "attribute", name: "coordination" }],
    ["coordination", "attribute", { kind: "attribute", name: "coordination" }],
  ],
  unknown: [
    ["Juggling", null],
    ["Sword", "attribute"],
    ["Sword", "ability"],
  ],
  words: [
    ["hellish", "hellish"],
    ["Very difficult", "veryDifficult"],
    ["very-difficult", "veryDifficult"],
    ["Child's play", "childsPlay"],
    ["-2", "difficult"],
    ["+5", "childsPlay"],
    ["0", "average"],
  ],
  notWords: ["hard", "medium", "20", "+6", "tricky", "impossible"],
  rolled: { check: { kind: "skill", name: "Sword" }, difficulty: "difficult", fields: { difficulty: "difficult" } },
  inline: "[[/check Sword difficult]]",
  foreign: ["[[/check Sword hard]]", "[[/check ability:Sword]]", "[[/check Sword +7]]"],
};

describeWords(fixture);
describeInlineChecks(fixture);
describeRequests(fixture);
