import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { expectPillsApart, open, text } from "./spec";

describe("flange sheet header (issue 24.11)", () => {
  beforeEach(bootWorld("flange"), 30_000);

  it("keeps the status pills and the roll buttons on separate rows", async () => {
    const a: any = await Actor.create({ name: "Pip", type: "flange" } as never);
    await expectPillsApart(a);
    const sheet = await open(a, false);
    expect(sheet.element.querySelector('.bb-header .bb-header-actions button[data-action="rollCheck"]')).not.toBeNull();
    await sheet.close();
  });

  it("shows creation warnings in edit mode only; other problems in both modes", async () => {
    const a: any = await Actor.create({ name: "Pip", type: "flange" } as never);
    const problem = a.system.problems.find((p: any) => p.key === "BREADBOX.Flange.Problem.boxesLeft");
    expect(problem).toBeDefined();
    const boxesLeft = game.i18n!.format(problem.key, problem.data);
    const edit = await open(a, true);
    expect(text(edit.element.querySelector(".bb-warnings"))).toContain(boxesLeft);
    await edit.close();
    const play = await open(a, false);
    expect(play.element.querySelector(".bb-warnings")).toBeNull();
    await play.close();

    await a.update({ "system.edge.spent": a.system.edge.points + 1 });
    const spent = await open(a, false);
    expect(a.system.problems.map((p: any) => p.key)).toContain("BREADBOX.Flange.Problem.edgeSpent");
    expect(spent.element.querySelectorAll(".bb-warnings li").length).toBe(1);
    expect(text(spent.element.querySelector(".bb-warnings"))).not.toContain(boxesLeft);
    await spent.close();
  });
});
