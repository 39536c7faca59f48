import { describePreRollCheck } from "./pre-roll-check.spec";

describePreRollCheck({ ruleset: "toast", items: [], check: { kind: "attribute", name: "strength" }, field: "gm", value: 2 });
