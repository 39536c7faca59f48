import { describeGroups } from "./groups";
import * as R from "../../../src/rulesets/toast/rules";
import { taskParts, type ToastTask } from "../../../src/rulesets/toast/checks";

/** A side's task modifier as the contest dialog builds it (wounds and armor applying). */
const modifier = (actor: any, task: ToastTask) => taskParts(actor, task, { applyWounds: true, applyArmor: true, gm: 0 }).modifier.total;
const broadsword = (actor: any): ToastTask => ({ kind: "skill", itemId: actor.items.find((i: any) => i.name === "Broadsword").id });

describeGroups({
  ruleset: "toast",
  actor: async (name) => {
    const a: any = await Actor.create({ name, type: "toast" } as never);
    await a.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "toastSkill", system: { level: 5, baseAttributes: ["agility"], category: "weapon" } }]);
    return a;
  },
  check: { name: "Broadsword", kind: null },
  difficulty: "hard",
  forms: [
    // Broadsword against Strength: the second side is asked another check.
    { form: "contest", members: 2, cardType: "toastContest", others: { name: "Strength", kind: "attribute" }, odds: ([a, b]) => R.contestOdds({ first: modifier(a, broadsword(a)), second: modifier(b, { kind: "attributes", attributes: ["strength"] }) }),
      named: ([a, b]) => [`${a.name} wins`, `${b.name} wins`, `${a.name}'s Auto`, `${b.name}'s Flub`] },
  ],
  wrongSize: { form: "contest", members: 3 },
});
