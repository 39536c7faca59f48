import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { expectPillsApart, open, text } from "./spec";

describe("toaster sheet: header and labels (issue 24.11, 24.12)", () => {
  beforeEach(bootWorld("toaster"), 30_000);

  async function tess(): Promise<any> {
    const a: any = await Actor.create({ name: "Tess", type: "toaster" } as never);
    await a.createEmbeddedDocuments("Item", [{ name: "Climbing", type: "toasterSkill", system: { base: 9, attribute: "coordination" } }]);
    return a;
  }

  it("keeps the status pills apart from buttons", async () => {
    await expectPillsApart(await tess());
  });

  it("the unskilled '½ (n)' button says what it rolls in a tooltip", async () => {
    const a = await tess();
    const sheet = await open(a, false);
    const button = sheet.element.querySelector('button[data-action="rollUnskilled"][data-attribute="coordination"]') as HTMLButtonElement;
    expect(text(button)).toMatch(/^½ \(\d+\)$/);
    const rank = text(button).match(/\((\d+)\)/)![1];
    expect(button.dataset.tooltip).toBe(`Unskilled roll: half of Coordination, rank ${rank}`);
    await sheet.close();
  });

  it("Base and Rank explain themselves: column tooltips and the rank's sum on each row", async () => {
    const a = await tess();
    for (const edit of [false, true]) {
      const sheet = await open(a, edit);
      const heads = [...sheet.element.querySelectorAll<HTMLElement>(".bb-skills thead th")];
      const base = heads.find((h) => text(h) === "Base");
      const rank = heads.find((h) => text(h) === "Rank");
      expect(base?.dataset.tooltip).toMatch(/points put into the skill/);
      expect(rank?.dataset.tooltip).toMatch(/average of the base and the attribute/);
      const skill = a.items.find((i: any) => i.name === "Climbing");
      const cell = sheet.element.querySelector(`.bb-skills tr[data-item-id="${skill.id}"] .toaster-skill-rank`) as HTMLElement;
      expect(cell.dataset.tooltip).toBe(`Rank ${skill.system.rank}: the average of base ${skill.system.effectiveBase} and Coordination, rounded down`);
      await sheet.close();
    }
  });
});
