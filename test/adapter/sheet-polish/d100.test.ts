import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { expectPillsApart, open, text } from "./spec";

describe("d100 sheet: header and labels (issue 24.11, 24.12)", () => {
  beforeEach(bootWorld("d100"), 30_000);

  it("keeps the status pills and the roll buttons on separate rows", async () => {
    const a: any = await Actor.create({ name: "Pip", type: "d100" } as never);
    await expectPillsApart(a);
    const sheet = await open(a, false);
    const actions = sheet.element.querySelector(".bb-header .bb-header-actions");
    expect(actions?.querySelector('button[data-action="rollCheck"]')).not.toBeNull();
    await sheet.close();
  });

  it("Base, Adjust and Total say where each number comes from", async () => {
    const a: any = await Actor.create({ name: "Pip", type: "d100" } as never);
    for (const edit of [false, true]) {
      const sheet = await open(a, edit);
      const heads = [...sheet.element.querySelectorAll<HTMLElement>(".d100-skill-tree thead th")];
      const hint = (word: string) => heads.find((h) => text(h) === word)?.dataset.tooltip ?? "";
      expect(hint("Base")).toMatch(/contributing attributes .* major ones counted twice; a branch starts from its parent's Total/);
      expect(hint("Adjust")).toMatch(/bought with skill points/);
      expect(hint("Total")).toMatch(/^Total: Base \+ Adjust/);
      await sheet.close();
    }
  });
});
