import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, dismissDialog, scriptDiceFaces, settle, waitForDialog } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { FlangeActorSheet } from "../../../src/rulesets/flange/sheets/actor-sheet";
import { FlangeItemSheet } from "../../../src/rulesets/flange/sheets/item-sheet";
import { flangeCharacter, skill, JOE_AVERAGE } from "./helpers";

// A flange world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("flange"));

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

function unlocalized(root: HTMLElement): string[] {
  return (root.textContent ?? "").match(/\b(BREADBOX|TYPES)\.[A-Za-z.]+/g) ?? [];
}

async function character(): Promise<any> {
  return flangeCharacter("Joe", { attributes: JOE_AVERAGE, generalisation: { medicine: 1 }, edge: { points: 2, spent: 1 }, wounds: { value: 3 } }, [
    skill("Surgery", "medicine", 2, { attribute: "dexterity" }),
    skill("Boxing", "combatBrawl", 1),
    { name: "Sock of sand", type: "flangeWeapon", system: { attribute: "strength", range: "melee", damageDots: 0, damageModifier: -3 } },
    { name: "Leather", type: "flangeArmor", system: { armour: 1 } },
    { name: "Magic", type: "flangePower", system: { cost: 4 } },
    { name: "Rope", type: "flangeGear", system: { quantity: 2 } },
  ]);
}

describe("Flange character sheet", () => {
  it("renders attributes, budgets, Edge, health, skills under their headings and gear, in both modes, localized", async () => {
    const a = await character();
    const sheet = await open(a);
    expect(sheet).toBeInstanceOf(FlangeActorSheet);
    const el: HTMLElement = sheet.element;
    expect(el.querySelector('[data-attribute="strength"]')?.textContent).toContain("7");
    expect(el.querySelectorAll('[data-attribute="strength"] .flange-box.crossed')).toHaveLength(3);
    expect(el.querySelector(".flange-budgets")?.textContent).toContain("21");
    // Flange Points: 2 Edge × 3 + Magic 4 = 10 of 10.
    expect(a.system.spend.flangePoints.used).toBe(10);
    expect(el.querySelector('[data-heading="medicine"]')?.textContent).toContain("Surgery");
    expect(el.querySelector('[data-heading="combatBrawl"]')?.textContent).toContain("Boxing");
    expect(el.querySelector('[data-heading="science"]')).toBeNull();
    expect(el.querySelector(".flange-weapons")?.textContent).toContain("-3");
    expect(el.textContent).toContain("8/11");
    expect(unlocalized(el)).toEqual([]);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    expect(sheet.element.classList.contains("edit-mode")).toBe(true);
    expect(sheet.element.querySelector('[data-heading="science"]')).not.toBeNull();
    expect(sheet.element.querySelector('input[name="system.attributes.strength"]')).not.toBeNull();
    expect(unlocalized(sheet.element)).toEqual([]);
  });

  it("number inputs take their limits from the models and refuse bad values with a message", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    const input = sheet.element.querySelector('input[name="system.attributes.strength"]') as HTMLInputElement;
    expect(input.min).toBe("5");
    expect(input.max).toBe("10");
    input.value = "4";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(notifications().some((n) => n.type === "error")).toBe(true);
    expect(a.system.attributes.strength).toBe(7);
    const dots = sheet.element.querySelector('[data-item-field="system.dots"]') as HTMLInputElement;
    expect(dots.max).toBe("5");
  });

  it("a skill is one click from a check: the dialog opens with it chosen and its usual attribute", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-heading="medicine"] [data-action="rollSkill"]');
    const dialog = await waitForDialog();
    const surgery = a.items.getName("Surgery");
    expect((dialog.element.querySelector('select[name="skill"]') as HTMLSelectElement).value).toBe(surgery.id);
    expect((dialog.element.querySelector('select[name="attribute"]') as HTMLSelectElement).value).toBe("dexterity");
    scriptDiceFaces([8, 9, 3]);
    await answerDialog({ action: "roll" });
    await settle();
    const message = (game as any).messages.contents.at(-1);
    expect(message.rolls[0].formula).toBe("3dzt8");
    expect(message.rolls[0].checkResult.successes).toBe(2);
  });

  it("an attribute is one click from an attribute-only roll (3 dice)", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-attribute="perception"] [data-action="rollAttribute"]');
    const dialog = await waitForDialog();
    expect((dialog.element.querySelector('select[name="skill"]') as HTMLSelectElement).value).toBe("");
    expect((dialog.element.querySelector('select[name="attribute"]') as HTMLSelectElement).value).toBe("perception");
    scriptDiceFaces([8, 9, 3]);
    await answerDialog({ action: "roll" });
    await settle();
    expect((game as any).messages.contents.at(-1).rolls[0].formula).toBe("3dzt8");
  });

  it("a weapon row's attack button opens the combat part's attack dialog against the target", async () => {
    const a = await character();
    const target = await flangeCharacter("Don", { attributes: { athleticism: 7 } });
    (game.user as any).targets = new Set([{ actor: target }]);
    const sheet = await open(a);
    click(sheet, '[data-tab="gear"]');
    await settle();
    click(sheet, '.flange-weapons [data-action="attack"]');
    const dialog = await waitForDialog();
    expect(dialog.element.textContent).toContain("Don");
    await dismissDialog(dialog);
  });

  it("refuses an item of another ruleset dropped on the sheet's actor", async () => {
    const a = await character();
    const before = a.items.size;
    await a.createEmbeddedDocuments("Item", [{ name: "Axe", type: "poolWeapon" }]);
    expect(a.items.size).toBe(before);
    expect(notifications().some((n) => /Flange/.test(n.message))).toBe(true);
  });
});

describe("Flange item sheet", () => {
  it("renders every item type with a generated summary, in both modes", async () => {
    const a = await character();
    for (const name of ["Surgery", "Sock of sand", "Leather", "Magic", "Rope"]) {
      const sheet = await open(a.items.getName(name));
      expect(sheet).toBeInstanceOf(FlangeItemSheet);
      expect(sheet.element.querySelector(".bb-summary")?.textContent?.length).toBeGreaterThan(0);
      expect(unlocalized(sheet.element)).toEqual([]);
      click(sheet, '[data-action="toggleMode"]');
      await settle();
      expect(unlocalized(sheet.element)).toEqual([]);
      await sheet.close();
    }
    const sock = await open(a.items.getName("Sock of sand"));
    expect(sock.element.querySelector(".bb-summary")?.textContent).toContain("-3");
  });
});

describe("Flange hotbar macros", () => {
  function dragData(el: HTMLElement): Record<string, unknown> {
    let payload = "";
    const event = new Event("dragstart", { bubbles: true });
    Object.defineProperty(event, "dataTransfer", { value: { setData: (_type: string, value: string) => (payload = value) } });
    el.dispatchEvent(event);
    return JSON.parse(payload);
  }
  async function dropOnSlot(data: Record<string, unknown>, slot: number) {
    await (ui as any).hotbar.drop(data, slot);
    await settle();
    await new Promise((r) => setTimeout(r, 0));
    const id = (game as any).user.hotbar?.[slot];
    return id ? (game as any).macros.get(id) : undefined;
  }

  it("a skill and an attribute dragged onto the bar roll for the speaking actor; a gone skill is explained", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-tab="skills"]');
    await settle();
    const row = sheet.element.querySelector('[data-heading="medicine"] li[data-item-id]') as HTMLElement;
    const macro = await dropOnSlot(dragData(row), 3);
    expect(macro?.name).toBe("Surgery");
    (game as any).user.character = a;
    scriptDiceFaces([8, 9, 3]);
    const run = macro.execute();
    const dialog = await waitForDialog();
    expect((dialog.element.querySelector('select[name="attribute"]') as HTMLSelectElement).value).toBe("dexterity");
    await answerDialog({ action: "roll" });
    await run;
    await settle();
    expect((game as any).messages.contents.at(-1).rolls[0].formula).toBe("3dzt8");
    click(sheet, '[data-tab="attributes"]');
    await settle();
    const attr = await dropOnSlot(dragData(sheet.element.querySelector('[data-drag-attribute="perception"]') as HTMLElement), 4);
    scriptDiceFaces([8, 9, 3]);
    const run2 = attr.execute();
    await waitForDialog();
    await answerDialog({ action: "roll" });
    await run2;
    await settle();
    expect((game as any).messages.contents.at(-1).rolls[0].formula).toBe("3dzt8");
    await a.items.getName("Surgery").delete();
    await macro.execute();
    await settle();
    expect(notifications().some((n) => /Surgery/.test(n.message))).toBe(true);
  });
});
