import { beforeEach, describe, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { expectRollButtons } from "./attribute-roll";
import * as R from "../../../src/rulesets/d100/rules";

describe("D10/0 attributes: a labelled Roll button each (issue 24.2)", () => {
  beforeEach(bootWorld("d100"), 30_000);

  it("every attribute row has its Roll button in play and edit mode", async () => {
    const a: any = await Actor.create({ name: "Pip", type: "d100" } as never);
    await expectRollButtons(a, { rows: ".d100-attributes .d100-attribute", label: (r) => r.querySelector("abbr")?.getAttribute("title") ?? "" }, R.ATTRIBUTE_KEYS.length);
  });
});
