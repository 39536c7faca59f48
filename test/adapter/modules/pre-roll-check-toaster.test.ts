import { describePreRollCheck } from "./pre-roll-check.spec";

describePreRollCheck({ ruleset: "toaster", items: [], check: { kind: "attribute", name: "coordination" }, field: "situational", value: 3 });
