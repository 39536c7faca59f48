import { describeInlineChecks, describeRequests, describeWords, type WordsFixture } from "./spec";
import { flangeCharacter, skill } from "../flange/helpers";

const fixture: WordsFixture = {
  ruleset: "flange",
  actor: () => flangeCharacter("Mr Tims", { attributes: { perception: 6, dexterity: 9, strength: 8, athleticism: 8, constitution: 9 } }, [skill("Surgery", "medicine", 2, { attribute: "perception" })]),
  names: [
    ["surgery", null, { kind: "skill", name: "Surgery" }],
    ["Dexterity", null, { kind: "attribute", name: "dexterity" }],
    ["perception", "attribute", { kind: "attribute", name: "perception" }],
  ],
  unknown: [
    ["Juggling", null],
    ["Surgery", "attribute"],
  ],
  words: [
    ["+2", "+2"],
    ["2", "+2"],
    ["-1", "-1"],
    ["0", "0"],
  ],
  notWords: ["hard", "average", "hellish", "1.5", "+100"],
  rolled: { check: { kind: "skill", name: "Surgery" }, difficulty: "+2", fields: { targetModifier: "2" } },
  inline: "[[/check Surgery +2]]",
  foreign: ["[[/check Surgery hard]]", "[[/check ability:Surgery]]", "[[/check Surgery average]]"],
};

describeWords(fixture);
describeInlineChecks(fixture);
describeRequests(fixture);
