import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { expectRollButtons } from "./attribute-roll";
import { open, text } from "./spec";
import { flangeCharacter, skill } from "../flange/helpers";
import * as R from "../../../src/rulesets/flange/rules";

describe("Flange attributes: a labelled Roll button each (issue 24.2)", () => {
  beforeEach(bootWorld("flange"), 30_000);

  it("every attribute row has its Roll button in play and edit mode", async () => {
    const a: any = await Actor.create({ name: "Pip", type: "flange" } as never);
    await expectRollButtons(a, { rows: ".flange-attributes tbody tr[data-attribute]", label: (r) => text(r.querySelector('th[scope="row"]')) }, R.ATTRIBUTES.length);
  });

  it("a skill heading with a generalisation has its Roll button too (the name is text)", async () => {
    const a: any = await flangeCharacter("Mr Tims", { generalisation: { medicine: 1 } }, [skill("Surgery", "medicine", 2, { attribute: "perception" })]);
    // The heading's generalisation cell holds its Roll button (the skills' own buttons are in the next cell).
    const heading = '.flange-skills tr.flange-heading[data-heading="medicine"]';
    await expectRollButtons(a, { rows: `${heading} > td:nth-of-type(1)`, label: (r) => (r.parentElement!.querySelector('th[scope="row"]')!.firstChild?.textContent ?? "").trim() }, 1);
    const sheet = await open(a, false);
    expect(sheet.element.querySelector(`${heading} th button`), "the heading's name is text").toBeNull();
    await sheet.close();
  });
});
