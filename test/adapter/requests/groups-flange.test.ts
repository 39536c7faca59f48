import { describeGroups } from "./groups";
import * as R from "../../../src/rulesets/flange/rules";
import { buildCheck, defaultChoices } from "../../../src/rulesets/flange/checks";
import { flangeCharacter, skill } from "../flange/helpers";

/** A side's pool as the check dialog builds it with its defaults (no Edge, no target change). */
const input = (actor: any, preset: Record<string, unknown>) => buildCheck(actor.system, defaultChoices(actor.system, preset)).options.input;

describeGroups({
  ruleset: "flange",
  actor: (name) => flangeCharacter(name, { attributes: { perception: 6, dexterity: 9, strength: 8, athleticism: 8, constitution: 9 } }, [skill("Surgery", "medicine", 2, { attribute: "perception" })]),
  check: { name: "Surgery", kind: null },
  difficulty: "0",
  forms: [
    // Surgery against Dexterity: the second side is asked another check.
    {
      form: "opposed",
      members: 2,
      cardType: "flangeOpposed",
      others: { name: "Dexterity", kind: "attribute" },
      odds: ([a, b]) => R.opposedOdds({ first: input(a, { skill: a.items.find((i: any) => i.name === "Surgery").id, attribute: "perception" }), second: input(b, { skill: "", attribute: "dexterity" }) }),
      named: ([a, b]) => [`${a.name} wins`, `${b.name} wins`, `${a.name} fails critically`, `${b.name} fails critically`],
    },
  ],
  wrongSize: { form: "opposed", members: 3 },
});
