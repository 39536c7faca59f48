import { describePreRollCheck } from "./pre-roll-check.spec";

describePreRollCheck({ ruleset: "d100", items: [], check: { kind: "attribute", name: "agility" }, field: "modifier", value: -10 });
