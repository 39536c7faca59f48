import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, makeDropEvent, scriptDiceFaces, settle, waitForDialog } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { ToastActorSheet } from "../../../src/rulesets/toast/sheets/actor-sheet";
import { ToastItemSheet } from "../../../src/rulesets/toast/sheets/item-sheet";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

async function open(doc: any) {
  const sheet = doc.sheet;
  await sheet.render({ force: true });
  await settle();
  return sheet;
}

function click(sheet: any, selector: string) {
  const el = sheet.element.querySelector(selector) as HTMLElement | null;
  if (!el) throw new Error(`no ${selector}`);
  el.click();
}

async function change(sheet: any, selector: string, value: string) {
  const input = sheet.element.querySelector(selector) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event("change", { bubbles: true }));
  await settle();
}

function unlocalized(root: HTMLElement): string[] {
  return (root.textContent ?? "").match(/\b(BREADBOX|TYPES)\.[A-Za-z.]+/g) ?? [];
}

const ATTRS = { strength: 12, agility: 17, hec: 10, health: 10, tolerance: 14, perception: 10, focus: 12, empathy: 8, will: 6, psyche: 6 };

async function character(system: Record<string, unknown> = {}): Promise<any> {
  const a: any = await Actor.create({ name: "Ava", type: "toast", system: { attributes: ATTRS, ...system } } as never);
  await a.createEmbeddedDocuments("Item", [
    { name: "Broadsword", type: "toastSkill", system: { level: 5, baseAttributes: ["agility"], category: "weapon" } },
    { name: "First Aid", type: "toastSkill", system: { level: 4, baseAttributes: ["perception", "hec"], category: "medical" } },
    { name: "Broadsword", type: "toastWeapon", system: { category: "medium", baseDamage: 2, skill: "Broadsword" } },
    { name: "Chain Mail", type: "toastArmor", system: { armorType: "chainMail", woundReduction: 5, encumbrance: 40 } },
    { name: "Rope", type: "toastGear", system: { quantity: 2 } },
  ]);
  return a;
}

describe("Toast character sheet", () => {
  it("renders attributes, aspects, budgets, skills, equipment and wounds in play and edit mode, all localized", async () => {
    const a = await character({ wounds: { value: 7 } });
    const sheet = await open(a);
    expect(sheet).toBeInstanceOf(ToastActorSheet);
    const el: HTMLElement = sheet.element;
    expect(el.querySelector('[data-attribute-row="agility"] .toast-attr-mod')?.textContent).toBe("+3");
    expect(el.querySelectorAll("[data-attribute-row]")).toHaveLength(10);
    expect(el.querySelector('[data-aspect-block="physical"] .toast-aspect-score')?.textContent).toBe("12");
    // 105 attribute points (on budget), 9 skill points of 100 (91 under).
    expect([...el.querySelectorAll(".toast-budget tr[data-budget-state]")].map((r: any) => r.dataset.budgetState)).toEqual(["ok", "under", "ok", "ok"]);
    expect(el.querySelector(".toast-effective")?.textContent).toBe("5");
    expect(el.querySelector(".toast-wound-penalty")?.textContent).toBe("-2");
    expect(el.querySelector(".toast-armor-penalty")?.textContent).toContain("1");
    expect(el.querySelector(".toast-skills")?.textContent).toContain("Broadsword");
    // PER 10, FOC 12 → 11.
    expect(el.querySelector(".toast-intelligence strong")?.textContent).toBe("11");
    expect(unlocalized(el)).toEqual([]);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    expect(sheet.element.classList.contains("edit-mode")).toBe(true);
    expect(sheet.element.querySelector('input[name="system.attributes.strength"]')).not.toBeNull();
    expect(sheet.element.querySelector('[data-item-field="system.level"]')).not.toBeNull();
    expect(unlocalized(sheet.element)).toEqual([]);
  });

  it("shows what is over budget: an attribute above 20, an aspect above 70, a skill above the starting cap", async () => {
    const a = await character({ attributes: { ...ATTRS, strength: 21, agility: 20, hec: 15 } });
    await a.items.getName("Broadsword").update({ "system.level": 12 });
    const sheet = await open(a);
    // Play mode (issue 24.11): the budgets' figures, no creation warnings, nothing in red.
    expect(sheet.element.querySelector(".toast-creation-issues")).toBeNull();
    expect(sheet.element.querySelectorAll(".toast-budget .bb-bad")).toHaveLength(0);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    expect(sheet.element.querySelectorAll(".toast-budget .bb-bad").length).toBeGreaterThan(0);
    const issues = sheet.element.querySelector(".toast-creation-issues")?.textContent ?? "";
    expect(issues).toMatch(/Strength is 21/);
    expect(issues).toMatch(/Physical aspect holds 80/);
    expect(issues).toMatch(/Broadsword starts at 12, above the starting cap 11/);
    expect([...sheet.element.querySelectorAll(".toast-budget tr[data-budget-state]")].map((r: any) => r.dataset.budgetState)).toContain("over");
  });

  it("number inputs take the model's limits and refuse bad values with a message, changing nothing", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    const input = sheet.element.querySelector('input[name="system.attributes.strength"]') as HTMLInputElement;
    expect(input.min).toBe("1");
    await change(sheet, 'input[name="system.attributes.strength"]', "0");
    expect(notifications().some((n) => n.type === "error")).toBe(true);
    expect(a.system.attributes.strength).toBe(12);
    await change(sheet, 'input[name="system.attributes.strength"]', "");
    expect(a.system.attributes.strength).toBe(12);
    const level = sheet.element.querySelector('[data-item-field="system.level"]') as HTMLInputElement;
    level.value = "-3";
    level.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(a.items.getName("Broadsword").system.level).toBe(5);
  });

  it("an attribute is one click from the check dialog", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-action="rollAttribute"][data-attribute="will"]');
    const dialog = await waitForDialog();
    expect((dialog.element.querySelector('select[name="task"]') as HTMLSelectElement).value).toBe("attribute:will");
    scriptDiceFaces([3]);
    await answerDialog({ action: "roll" });
    await settle();
    expect((game as any).messages.size).toBe(1);
  });

  it("a dropped item of another ruleset is refused with a message; a Toast item is taken", async () => {
    const a = await character();
    const sheet = await open(a);
    const foreign: any = await Item.create({ name: "Sword", type: "toasterSkill" } as never);
    const own: any = await Item.create({ name: "Dodge", type: "toastSkill", system: { category: "combat", baseAttributes: ["agility"], level: 2 } } as never);
    const before = a.items.size;
    await sheet._onDrop(makeDropEvent({ type: "Item", uuid: foreign.uuid }));
    await settle();
    expect(a.items.size).toBe(before);
    expect(notifications().some((n) => n.type !== "info")).toBe(true);
    await sheet._onDrop(makeDropEvent({ type: "Item", uuid: own.uuid }));
    await settle();
    expect(a.items.size).toBe(before + 1);
  });
});

describe("Toast item sheets", () => {
  it("every item type renders in play and edit mode; a skill's base attributes toggle, keeping at least one", async () => {
    const a = await character();
    for (const item of a.items.contents) {
      const sheet = await open(item);
      expect(sheet).toBeInstanceOf(ToastItemSheet);
      expect(sheet.element.querySelector(".bb-summary")?.textContent?.trim()).not.toBe("");
      expect(unlocalized(sheet.element)).toEqual([]);
      click(sheet, '[data-action="toggleMode"]');
      await settle();
      expect(unlocalized(sheet.element)).toEqual([]);
      await sheet.close();
    }
    const armorSheet = await open(a.items.getName("Chain Mail"));
    expect(armorSheet.element.querySelector(".toast-guideline")?.textContent).toMatch(/5.*40/);
    // The sheet is still in edit mode from the loop above.
    const sheet = await open(a.items.find((i: any) => i.type === "toastSkill" && i.name === "Broadsword"));
    expect(sheet.element.classList.contains("edit-mode")).toBe(true);
    click(sheet, '[data-action="toggleBase"][data-attribute="strength"]');
    await settle();
    const s = a.items.find((i: any) => i.type === "toastSkill" && i.name === "Broadsword");
    expect(s.system.baseAttributes).toEqual(["agility", "strength"]);
    click(sheet, '[data-action="toggleBase"][data-attribute="agility"]');
    await settle();
    click(sheet, '[data-action="toggleBase"][data-attribute="strength"]');
    await settle();
    expect(s.system.baseAttributes).toEqual(["strength"]);
    expect(notifications().some((n) => /at least one base attribute/.test(n.message))).toBe(true);
  });
});

describe("a tab added by another part (the combat part's seam)", () => {
  it("renders before the biography with its own context", async () => {
    const { registerTemplateSource } = await import("../../harness/index");
    const { registerToastSheetTab } = await import("../../../src/rulesets/toast/sheets/actor-sheet");
    const template = "systems/breadbox/templates/toast/test-extra.hbs";
    registerTemplateSource(template, `<section class="tab bb-tab {{tabs.extra.cssClass}}" data-tab="extra" data-group="primary"><p class="extra-line">{{extra.line}}</p></section>`);
    registerToastSheetTab({ id: "extra", label: "BREADBOX.Toast.Tab.Health", template, context: (actor) => ({ extra: { line: `for ${actor.name}` } }) });
    expect(ToastActorSheet.SHEET_TABS.map((t) => t.id)).toEqual(["attributes", "skills", "equipment", "health", "combat", "extra", "biography"]);
    expect(Object.keys(ToastActorSheet.PARTS).slice(-2)).toEqual(["extra", "biography"]);
    expect(() => registerToastSheetTab({ id: "extra", label: "x", template })).toThrow(/twice/);
    const a = await character();
    const sheet = await open(a);
    expect(sheet.element.querySelector(".extra-line")?.textContent).toBe("for Ava");
  });
});
