import { beforeEach, describe, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { expectRollButtons } from "./attribute-roll";
import { text } from "./spec";
import * as R from "../../../src/rulesets/toast/rules";

describe("Toast attributes and aspects: a labelled Roll button each (issue 24.2)", () => {
  beforeEach(bootWorld("toast"), 30_000);

  it("every attribute row has its Roll button in play and edit mode", async () => {
    const a: any = await Actor.create({ name: "Pip", type: "toast" } as never);
    await expectRollButtons(a, { rows: ".toast-attributes tbody tr[data-attribute-row]", label: (r) => text(r.querySelector('th[scope="row"]')).replace(/\s+\S+$/, "") }, R.ATTRIBUTE_KEYS.length);
  });

  it("every aspect heading has its Roll button", async () => {
    const a: any = await Actor.create({ name: "Pip", type: "toast" } as never);
    await expectRollButtons(a, { rows: ".toast-aspect h2", label: (r) => text(r.querySelector(".toast-aspect-name")) }, R.ASPECT_KEYS.length);
  });
});
