import { beforeEach, describe, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { expectRollButtons } from "./attribute-roll";
import { text } from "./spec";

describe("Dice Pool attributes: a labelled Roll button each (issue 24.2)", () => {
  beforeEach(bootWorld("pool"), 30_000);

  it("every attribute row has its Roll button in play and edit mode", async () => {
    const a: any = await Actor.create({ name: "Pip", type: "pool" } as never);
    await a.createEmbeddedDocuments("Item", [
      { name: "Physique", type: "poolAttribute", system: { score: 3 } },
      { name: "Wits", type: "poolAttribute", system: { score: 2 } },
    ]);
    await expectRollButtons(a, { rows: ".pool-attributes li[data-item-id]", label: (r) => text(r.querySelector(".bb-row-name")) }, 2);
  });
});
