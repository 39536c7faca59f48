import { describePreRollCheck } from "./pre-roll-check.spec";

describePreRollCheck({ ruleset: "flange", items: [], check: { kind: "attribute", name: "perception" }, field: "diceModifier", value: 1 });
