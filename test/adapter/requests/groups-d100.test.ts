import { describeGroups } from "./groups";
import { buildEffort, effortOdds, type EffortChoices } from "../../../src/rulesets/d100/effort";

/** The effort dialog's odds (effort.ts) for these characters on Agility at an average task. */
const dialogOdds = (kind: EffortChoices["kind"], mode: EffortChoices["mode"]) => (actors: any[]) =>
  effortOdds(buildEffort({ kind, mode, participants: actors.map((a) => ({ actorId: a.id, target: "attribute:agility" })), cumulativeMode: "positiveOnly", ladder: "average", modifier: 0, goal: 100, total: 0, checks: 1 }));

describeGroups({
  ruleset: "d100",
  actor: async (name) => {
    const a: any = await Actor.create({ name, type: "d100" } as never);
    await a.createEmbeddedDocuments("Item", [{ name: "Bows", type: "d100Skill", system: { parentSkill: "ranged", adjust: 4 } }]);
    return a;
  },
  check: { name: "Agility", kind: null },
  difficulty: "average",
  forms: [
    { form: "cooperative", members: 3, cardType: "d100Effort", odds: dialogOdds("cooperative", "direct") },
    { form: "assisted", members: 3, cardType: "d100Effort", odds: dialogOdds("cooperative", "indirect") },
    { form: "conflicting", members: 2, cardType: "d100Effort", odds: dialogOdds("conflicting", "direct"), named: ([a, b]) => [`${a.name} prevails`, `${b.name} prevails`] },
  ],
  wrongSize: { form: "conflicting", members: 3 },
});
