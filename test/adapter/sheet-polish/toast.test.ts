import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { expectPillsApart, open, text } from "./spec";

describe("toast sheet: header and labels (issue 24.11, 24.12)", () => {
  beforeEach(bootWorld("toast"), 30_000);

  it("keeps the status pills apart from buttons", async () => {
    await expectPillsApart(await Actor.create({ name: "Tom", type: "toast" } as never));
  });

  it("the wound pill says it is wounds, and its tooltip says what the penalty does", async () => {
    const a: any = await Actor.create({ name: "Tom", type: "toast" } as never);
    const sheet = await open(a, false);
    const chip = sheet.element.querySelector(".toast-wound-chip") as HTMLElement;
    expect(text(chip)).toMatch(/^Wounds: \S.* \([+-−]?\d+\)$/);
    expect(chip.dataset.tooltip).toMatch(/^Wound level .+ on every task roll except wound and healing checks$/);
    await sheet.close();
  });
});
