import { describePreRollCheck } from "./pre-roll-check.spec";

describePreRollCheck({ ruleset: "pool", items: [{ name: "Agility", type: "poolAttribute", system: { score: 1 } }], check: { kind: "attribute", name: "Agility" }, field: "extraAdd", value: 1 });
