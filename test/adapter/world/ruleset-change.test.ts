/**
 * Issue 23: changing the ruleset of a world that has documents. The settings window warns, before
 * the change is saved, how many actors and items of the old ruleset there are and that they stay;
 * after the change (a world of the new ruleset) every one of them is still there, unchanged, and
 * opens read-only.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { renderSettingsConfig, settle } from "../../harness/index";
import { bootWorld, makeCharacter } from "../toaster/boot";
import { RULESET_CHANGE_WARNING } from "../../../src/core/ruleset-change";

beforeEach(bootWorld("toaster"));

function rulesetField(html: HTMLElement): HTMLSelectElement {
  const field = html.querySelector<HTMLSelectElement>('select[name="breadbox.ruleset"]');
  expect(field).not.toBeNull();
  return field!;
}

function pick(field: HTMLSelectElement, value: string): void {
  field.value = value;
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

describe("the settings window's ruleset field", () => {
  it("says nothing while the world's own ruleset is chosen", () => {
    const html = renderSettingsConfig();
    expect(rulesetField(html).value).toBe("toaster");
    expect(html.querySelector(`.${RULESET_CHANGE_WARNING}`)).toBeNull();
  });

  it("warns, when another ruleset is picked, how many actors and items of the world's stay, and clears when picked back", async () => {
    await makeCharacter("Rhoenda", {}, [{ name: "Sword", type: "toasterSkill", system: { base: 5 } }, { name: "Axe", type: "toasterSkill", system: { base: 3 } }]);
    await makeCharacter("Blank");
    await Item.create({ name: "Loose skill", type: "toasterSkill" } as never);
    await Item.create({ name: "A Flange sword", type: "flangeWeapon" } as never);
    const html = renderSettingsConfig();
    const field = rulesetField(html);
    pick(field, "flange");
    const warning = html.querySelector<HTMLElement>(`.${RULESET_CHANGE_WARNING}`);
    expect(warning).not.toBeNull();
    expect(warning!.getAttribute("role")).toBe("alert");
    expect(field.getAttribute("aria-describedby")).toContain(warning!.id);
    // Two Toaster actors; three Toaster items (two carried, one in the sidebar); the Flange sword is not counted.
    expect(warning!.textContent).toBe(game.i18n!.format("BREADBOX.Setting.ruleset.ChangeWarning", { from: "Toaster", to: "Flange", actors: 2, items: 3 }));
    pick(field, "pool");
    expect(html.querySelectorAll(`.${RULESET_CHANGE_WARNING}`)).toHaveLength(1);
    expect(html.querySelector(`.${RULESET_CHANGE_WARNING}`)!.textContent).toContain("Dice Pool");
    pick(field, "toaster");
    expect(html.querySelector(`.${RULESET_CHANGE_WARNING}`)).toBeNull();
  });

  it("says that nothing is left behind when the world has no document of its ruleset", () => {
    const html = renderSettingsConfig();
    const field = rulesetField(html);
    pick(field, "d100");
    expect(html.querySelector(`.${RULESET_CHANGE_WARNING}`)!.textContent).toBe(game.i18n!.format("BREADBOX.Setting.ruleset.ChangeNothing", { from: "Toaster", to: "D10/0 System" }));
  });
});

describe("after the change is saved", () => {
  it("keeps every document of the old ruleset, unchanged, and opens them read-only", async () => {
    const actor = await makeCharacter("Rhoenda", {}, [{ name: "Sword", type: "toasterSkill", system: { base: 5 } }]);
    const loose = await Item.create({ name: "Loose skill", type: "toasterSkill" } as never);
    const before = { actor: actor.toObject(), item: loose!.toObject() };
    await game.settings!.set("breadbox", "ruleset", "flange" as never);
    expect(game.actors!.get(actor.id)!.toObject()).toEqual(before.actor);
    expect(game.items!.get(loose!.id!)!.toObject()).toEqual(before.item);
    const sheet = actor.sheet!;
    await sheet.render(true);
    await settle();
    expect(sheet.isEditable).toBe(false);
    expect(sheet.element.querySelector(".breadbox-other-ruleset")).not.toBeNull();
    await sheet.close();
    expect(game.actors!.get(actor.id)!.toObject()).toEqual(before.actor);
  });
});
