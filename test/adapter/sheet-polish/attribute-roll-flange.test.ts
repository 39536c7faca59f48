import { beforeEach, describe, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { expectRollButtons } from "./attribute-roll";
import { text } from "./spec";
import * as R from "../../../src/rulesets/flange/rules";

describe("Flange attributes: a labelled Roll button each (issue 24.2)", () => {
  beforeEach(bootWorld("flange"), 30_000);

  it("every attribute row has its Roll button in play and edit mode", async () => {
    const a: any = await Actor.create({ name: "Pip", type: "flange" } as never);
    await expectRollButtons(a, { rows: ".flange-attributes tbody tr[data-attribute]", label: (r) => text(r.querySelector('th[scope="row"]')) }, R.ATTRIBUTES.length);
  });
});
