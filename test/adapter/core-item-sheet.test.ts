/**
 * Issue 17: every ruleset's items build on core's item model (src/core/data/fields.ts) and item
 * sheet (src/core/sheets/item-sheet.ts); a ruleset adds only its fields, context and actions.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { settle } from "../harness/index";
import { bootSystem } from "./toaster/boot";
import { BreadboxItemModel, itemSchema } from "../../src/core/data/fields";
import { BreadboxItemSheet, itemKindFlag } from "../../src/core/sheets/item-sheet";

beforeEach(bootSystem);

/** One item type per ruleset, a control of its own details section (edit mode), and one of another kind's. */
const CASES = [
  ["toasterSkill", "toaster", '[data-action="addSpecialty"]', '[name="system.quantity"]'],
  ["toastSkill", "toast", '[name="system.level"]', '[name="system.quantity"]'],
  ["poolGear", "pool", '[name="system.quantity"]', '[name="system.score"]'],
  ["d100Tab", "d100", '[data-action="addEffect"]', '[name="system.quantity"]'],
  ["flangePower", "flange", '[name="system.cost"]', '[name="system.quantity"]'],
] as const;

describe("core item model", () => {
  it("gives every item type of every ruleset a description, last in its schema", () => {
    const types = Object.entries(CONFIG.Item.dataModels);
    expect(types.length).toBeGreaterThanOrEqual(25);
    for (const [type, model] of types) {
      expect(model.prototype, type).toBeInstanceOf(BreadboxItemModel);
      const names = Object.keys(model.schema.fields);
      expect(names.at(-1), type).toBe("description");
    }
    expect(Object.keys(itemSchema({}))).toEqual(["description"]);
  });
});

describe("core item sheet", () => {
  it("names the kind flag after the sub-type without the ruleset's prefix", () => {
    expect(itemKindFlag("toasterSkill", "toaster")).toBe("isSkill");
    expect(itemKindFlag("d100Tab", "d100")).toBe("isTab");
    expect(itemKindFlag("toastGear", "toaster")).toBeNull();
    expect(itemKindFlag("toaster", "toaster")).toBeNull();
  });

  it("keeps the base's classes, toggle and form on every ruleset's sheet, and shows the item's own section", async () => {
    for (const [type, ruleset, control, otherKind] of CASES) {
      // Each ruleset's item in a world of that ruleset (another ruleset's opens read-only, issue 23).
      await game.settings!.set("breadbox", "ruleset", ruleset);
      const item = await Item.create({ name: "Probe", type });
      const sheet = item!.sheet!;
      await sheet.render(true);
      await settle();
      expect(sheet, type).toBeInstanceOf(BreadboxItemSheet);
      const el = sheet.element;
      for (const cls of ["breadbox", "sheet", "item", ruleset]) expect(el.classList.contains(cls), `${type}: ${el.className}`).toBe(true);
      expect(el.querySelector(".bb-summary"), type).not.toBeNull();
      expect(el.classList.contains("play-mode"), type).toBe(true);
      el.querySelector<HTMLElement>('[data-action="toggleMode"]')!.click();
      await settle();
      expect(el.classList.contains("edit-mode"), type).toBe(true);
      expect(el.querySelector(control), type).not.toBeNull();
      expect(el.querySelector(otherKind), type).toBeNull();
      await sheet.close();
    }
  });
});

describe("content that is Breadbox's own (issue 19, packs)", () => {
  it("says so on the sheet of an item flagged ours, and only there", async () => {
    const ours = await Item.create({ name: "Ours", type: "flangeArmor", flags: { breadbox: { ours: true } } });
    const book = await Item.create({ name: "Book", type: "flangeArmor" });
    for (const [item, shown] of [[ours!, true], [book!, false]] as const) {
      const sheet = item.sheet!;
      await sheet.render(true);
      await settle();
      const notice = sheet.element.querySelector(".bb-ours");
      expect(notice !== null, item.name).toBe(shown);
      if (shown) expect(notice!.textContent).toContain(game.i18n.localize("BREADBOX.Sheet.Ours"));
      await sheet.close();
    }
  });
});
