import { describeGroups } from "./groups";
import { buildGroup, groupOdds, type GroupMode } from "../../../src/rulesets/pool/group";
import { PoolActorModel } from "../../../src/rulesets/pool/data/actor";

/** The group dialog's odds (group.ts) for these characters rolling Agility together at Difficulty 10. */
const dialogOdds = (mode: GroupMode) => (actors: any[]) =>
  groupOdds(
    buildGroup(
      actors.map((actor) => ({ actor, model: actor.system as PoolActorModel, included: true })),
      { mode, die: "d8", difficulty: 10, requiredDegree: 0, chance: "random", members: actors.map((_, index) => ({ index, ability: "", attribute: "Agility", hasChance: false, phobe: false })) },
    ),
  );

describeGroups({
  ruleset: "pool",
  actor: async (name) => {
    const a: any = await Actor.create({ name, type: "pool" } as never);
    await a.createEmbeddedDocuments("Item", [
      { name: "Agility", type: "poolAttribute", system: { score: 2 } },
      { name: "Athletics", type: "poolAbility", system: { rating: 1 } },
    ]);
    return a;
  },
  check: { name: "Agility", kind: null },
  difficulty: "10",
  forms: (["simpleAddition", "combiningDice", "worstRoller", "eitherOr", "direct", "indirect"] as const).map((form) => ({
    form,
    members: form === "direct" || form === "indirect" ? 2 : 3,
    cardType: "poolGroup",
    odds: dialogOdds(form),
  })),
  wrongSize: { form: "direct", members: 3 },
});
