/**
 * Issue 23: a world that changed its ruleset keeps its old documents. In a Flange world, a Toaster
 * character and its items open read-only with a banner saying why; nothing in them changes; the
 * world's own documents open as ever.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { settle } from "../../harness/index";
import { bootWorld, makeCharacter } from "../toaster/boot";
import { loadRuleset, rulesetLoaded } from "../../../src/core/lazy";

beforeEach(bootWorld("flange"));

const BANNER = ".breadbox-other-ruleset";

describe("a document of another ruleset than the world's", () => {
  it("a Toaster character opens read-only with the banner, and keeps its data", async () => {
    // A Flange world loads none of Toaster's code until a Toaster document appears (issue 23); a
    // world holding one from the start loads it at "setup", before anyone can open it.
    expect(rulesetLoaded("toaster")).toBe(false);
    const actor = await makeCharacter("Old Toaster", {}, [{ name: "Sword", type: "toasterSkill", system: { base: 5 } }]);
    await loadRuleset("toaster");
    const before = actor.toObject();
    const sheet = actor.sheet!;
    await sheet.render(true);
    await settle();
    expect(sheet.isEditable).toBe(false);
    const banner = sheet.element.querySelector(BANNER);
    expect(banner).not.toBeNull();
    expect(banner!.textContent).toBe(game.i18n!.format("BREADBOX.Sheet.OtherRuleset", { ruleset: "Toaster", world: "Flange" }));
    expect(sheet.element.querySelectorAll(BANNER)).toHaveLength(1);
    // Every input is disabled, and a second render keeps one banner.
    for (const input of sheet.element.querySelectorAll<HTMLInputElement>("input, select, textarea")) expect(input.disabled, input.name).toBe(true);
    await sheet.render();
    await settle();
    expect(sheet.element.querySelectorAll(BANNER)).toHaveLength(1);
    expect(actor.toObject()).toEqual(before);
    await sheet.close();

    const item = actor.items.contents[0];
    const itemSheet = item.sheet!;
    await itemSheet.render(true);
    await settle();
    expect(itemSheet.isEditable).toBe(false);
    expect(itemSheet.element.querySelector(BANNER)).not.toBeNull();
    await itemSheet.close();
  });

  it("the world's own documents open editable, without the banner", async () => {
    const actor = await Actor.create({ name: "New Flange", type: "flange" } as never);
    const sheet = actor!.sheet!;
    await sheet.render(true);
    await settle();
    expect(sheet.isEditable).toBe(true);
    expect(sheet.element.querySelector(BANNER)).toBeNull();
    await sheet.close();
    const item = await Item.create({ name: "Plate", type: "flangeArmor" } as never);
    await item!.sheet!.render(true);
    await settle();
    expect(item!.sheet!.isEditable).toBe(true);
    expect(item!.sheet!.element.querySelector(BANNER)).toBeNull();
    await item!.sheet!.close();
  });
});
