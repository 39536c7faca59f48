import { beforeEach, describe, it } from "vitest";
import { actorFromPack, bootWorld } from "../toaster/boot";
import { expectRollButtons } from "./attribute-roll";
import { text } from "./spec";
import { ATTRIBUTE_KEYS } from "../../../src/rulesets/toaster/data/fields";

describe("Toaster attributes and sub-attributes: a labelled Roll button each (issue 24.2)", () => {
  beforeEach(bootWorld("toaster"), 30_000);

  it("every attribute row has its Roll button in play and edit mode", async () => {
    const a: any = await actorFromPack("Rhoenda Dumas");
    const count = ATTRIBUTE_KEYS.length + (a.system.customAttributes?.length ?? 0);
    await expectRollButtons(a, { rows: ".bb-attributes tbody tr", label: (r) => text(r.querySelector('th[scope="row"]')) }, count);
  });

  it("a sub-attribute's Roll button says Roll, not an icon alone", async () => {
    const a: any = await actorFromPack("Rhoenda Dumas");
    await expectRollButtons(a, { rows: "li[data-drag-sub]", label: (r) => text(r.querySelector("span")).replace(/:.*$/, "") }, a.system.subAttributes.length);
  });
});
