import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { expectPillsApart, open } from "./spec";

describe("pool sheet header (issue 24.11)", () => {
  beforeEach(bootWorld("pool"), 30_000);

  it("keeps the status pills and the roll buttons on separate rows", async () => {
    const a: any = await Actor.create({ name: "Pip", type: "pool" } as never);
    await expectPillsApart(a);
    const sheet = await open(a, false);
    const actions = sheet.element.querySelector(".bb-header .bb-header-actions");
    expect(actions?.querySelector('button[data-action="rollCheck"]')).not.toBeNull();
    await sheet.close();
  });
});
