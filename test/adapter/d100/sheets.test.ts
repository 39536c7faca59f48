import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, fillForm, scriptDiceFaces, settle, waitForDialog } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { D100ActorSheet } from "../../../src/rulesets/d100/sheets/actor-sheet";
import { D100ItemSheet } from "../../../src/rulesets/d100/sheets/item-sheet";
import * as R from "../../../src/rulesets/d100/rules";

// A d100 world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("d100"));

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

async function character(system: Record<string, unknown> = {}): Promise<any> {
  const a: any = await Actor.create({ name: "Bob", type: "d100", system: { attributes: { agility: 7, focus: 6, endurance: 6, spirit: 5 }, health: { current: 40, bonus: 0 }, progression: { earned: 20, spent: 0 }, ...system } } as never);
  await a.createEmbeddedDocuments("Item", [
    { name: "Bows", type: "d100Skill", system: { parentSkill: "ranged", adjust: 3 } },
    { name: "Longbow", type: "d100Skill", system: { parentSkill: "Bows", adjust: 1 } },
    { name: "That Didn't Hurt", type: "d100Tab", system: { kind: "asset", effects: [{ kind: "adjustment", notation: "-1F" }] } },
    { name: "The Voice", type: "d100Tab", system: { kind: "asset", effects: [{ kind: "attributeMultiplier", when: "swayTheMasses", attribute: "charisma", factor: 2, usesPerDay: 1 }] } },
    { name: "Spirit Shaman", type: "d100Power", system: { normalAttributes: ["spirit"], combine: "sum", current: 5, actions: [{ name: "Barrier Shield", cost: "Need 3, Hold 3", actionPoints: 1 }, { name: "Spirit Lance", cost: "Need 1, Hold X or Drain X", actionPoints: 2 }] } },
    { name: "Rifle", type: "d100Weapon", system: { damage: "10 + 2D", skill: "ranged" } },
    { name: "Flak vest", type: "d100Armor", system: { adjustment: "-2R", coverage: ["chest", "abdomen"] } },
    { name: "Canteen", type: "d100Gear", system: { quantity: 1, region: "leftLeg" } },
  ]);
  return a;
}

describe("D10/0 character sheet", () => {
  it("renders every tab with derived values, in play and edit mode, all strings localized", async () => {
    const a = await character();
    const sheet = await open(a);
    expect(sheet).toBeInstanceOf(D100ActorSheet);
    const el: HTMLElement = sheet.element;
    expect(el.querySelector(".d100-health-normal")?.textContent).toContain("55");
    expect(el.querySelector(".d100-health-state")?.textContent).toContain("Injured");
    expect(el.querySelector(".d100-quota")?.textContent).toContain(String(a.system.actionQuota));
    expect(el.querySelector(".d100-adjustment-total")?.textContent).toContain("-2R -1F");
    const rows = [...el.querySelectorAll(".d100-skill-tree tr.d100-skill")].map((r: any) => [r.dataset.skillId, r.dataset.depth]);
    const ranged = rows.findIndex(([id]) => id === "ranged");
    expect(rows.slice(ranged, ranged + 3)).toEqual([["ranged", "0"], ["Bows", "1"], ["Longbow", "2"]]);
    const bows = el.querySelector('[data-skill-id="Bows"]')!;
    expect(bows.querySelector(".d100-base")?.textContent).toBe(String(a.system.skillRows.find((r: any) => r.id === "ranged").total));
    expect(bows.querySelector(".d100-cost")?.textContent).toBe("3");
    // The Dude: armor coverage and the region's zone are drawn.
    expect(el.querySelector('.d100-dude [data-region="chest"]')?.classList.contains("covered")).toBe(true);
    expect(el.querySelector('.d100-dude [data-region="head"]')?.classList.contains("zone-red")).toBe(true);
    expect(el.querySelector('.d100-dude [data-region="leftArm"]')?.classList.contains("zone-yellow")).toBe(true);
    expect([...el.querySelectorAll('nav [data-action="tab"]')].map((b: any) => b.dataset.tab)).toEqual(["main", "skills", "powers", "items", "notes"]);
    expect(el.querySelector(".d100-tabs")?.textContent).toContain("That Didn't Hurt");
    expect(unlocalized(el)).toEqual([]);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    expect(sheet.element.classList.contains("edit-mode")).toBe(true);
    expect(sheet.element.querySelector('input[name="system.attributes.agility"]')).not.toBeNull();
    expect(unlocalized(sheet.element)).toEqual([]);
  });

  it("an attribute is one click from a check", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-attribute="agility"] [data-action="rollAttribute"]');
    const dialog = await waitForDialog();
    expect((dialog.element.querySelector('select[name="target"]') as HTMLSelectElement).value).toBe("attribute:agility");
    scriptDiceFaces([10]);
    await answerDialog({ action: "roll" });
    await settle();
    const roll = (game as any).messages.contents.at(-1).rolls[0];
    // Foundry's 10 is the book's 0: effort = Agility 7.
    expect(roll.checkResult).toMatchObject({ roll: 0, effort: 7, degreeKey: "aweInspiringRight" });
  });

  it("a number input refuses a bad value with a message and keeps the stored one", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    const input = sheet.element.querySelector('input[name="system.attributes.agility"]') as HTMLInputElement;
    expect(input.max).toBe("30");
    input.value = "99";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(notifications().some((n) => n.type === "error")).toBe(true);
    expect(a.system.attributes.agility).toBe(7);
  });

  it("buys skill points with Progression Points and raises a branch at the exchange rate", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-skill-id="ranged"] [data-action="buySkillPoints"]');
    await settle();
    const per = R.skillPointsPerPurchase(a.system.attributeScores, "ranged", ["agility", "focus"]);
    expect(a.system.reserveSkillPoints.ranged).toBe(per);
    expect(a.system.progression.spent).toBe(5);
    click(sheet, '[data-skill-id="Bows"] [data-action="raiseSkill"]');
    await settle();
    expect(a.items.getName("Bows").system.adjust).toBe(4);
    expect(a.system.reserveSkillPoints.ranged).toBe(per - 1);
    // Athletic has no points in reserve: refused with a message, nothing changes.
    click(sheet, '[data-skill-id="athletic"] [data-action="raiseSkill"]');
    await settle();
    expect(notifications().at(-1)?.message).toMatch(/skill points/);
    expect(a.system.skills.athletic.adjust).toBe(0);
  });

  it("power actions spend points through the core and refuse what cannot be paid", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-action="usePower"][data-index="0"]');
    await settle();
    const p = a.items.getName("Spirit Shaman");
    expect(p.system).toMatchObject({ current: 5, held: 3 });
    click(sheet, '[data-action="usePower"][data-index="0"]');
    await settle();
    expect(notifications().at(-1)?.message).toMatch(/Need/);
    expect(p.system).toMatchObject({ current: 5, held: 3 });
  });

  it("buys a health increase and buys off a karma mark", async () => {
    const a = await character({ karma: { marks: [{ name: "Cursed", text: "", value: 3 }], stances: [] } });
    const sheet = await open(a);
    click(sheet, '[data-action="buyHealth"]');
    await settle();
    expect(a.system.healthNormal).toBe(55 + 6);
    expect(a.system.health.current).toBe(46);
    click(sheet, '[data-action="buyOffKarma"]');
    await settle();
    expect(a.system.karma.marks).toHaveLength(0);
    expect(a.system.progression.spent).toBe(8);
  });

  it("pays for a TAB and a power with Progression Points; the GM rewards skill points", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    const tab = a.items.getName("The Voice");
    click(sheet, `[data-item-id="${tab.id}"] [data-action="buyItem"]`);
    await settle();
    expect(a.system.progression.spent).toBe(5);
    const power = a.items.getName("Spirit Shaman");
    click(sheet, `[data-item-id="${power.id}"] [data-action="buyItem"]`);
    await settle();
    expect(a.system.progression.spent).toBe(15);
    // The power is now marked paid: no second charge from the sheet (test/adapter/d100/paid.test.ts).
    expect(power.system.paid).toBe(true);
    expect(sheet.element.querySelector(`[data-item-id="${power.id}"] [data-action="buyItem"]`)).toBeNull();
    expect(a.system.progression.spent).toBe(15);
    click(sheet, '[data-action="rewardSkillPoints"][data-kind="creativeExtension"]');
    await settle();
    expect(a.system.reserveSkillPoints.any).toBe(5);
  });

  it("the Dude's bubbles and injuries are marked from the sheet", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '.d100-regions [data-region="head"] [data-action="toggleBubble"]');
    await settle();
    expect(a.system.dude.bubbles).toEqual(["head"]);
    click(sheet, '.d100-regions [data-region="leftArm"] [data-action="addInjury"]');
    await settle();
    expect(a.system.dude.injuries).toHaveLength(1);
    expect(sheet.element.querySelector('.d100-dude [data-region="leftArm"]')?.classList.contains("injured")).toBe(true);
  });
});

describe("D10/0 item sheets", () => {
  it("every item type renders with a summary and localized strings, in both modes", async () => {
    const a = await character();
    for (const item of a.items) {
      const sheet = await open(item);
      expect(sheet).toBeInstanceOf(D100ItemSheet);
      expect(sheet.element.querySelector(".bb-summary")?.textContent?.trim(), item.name).not.toBe("");
      expect(unlocalized(sheet.element), item.name).toEqual([]);
      click(sheet, '[data-action="toggleMode"]');
      await settle();
      expect(unlocalized(sheet.element)).toEqual([]);
      await sheet.close();
    }
  });

  it("a malformed damage notation typed into a weapon is refused with the parser's message", async () => {
    const a = await character();
    const w = a.items.getName("Rifle");
    const sheet = await open(w);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    const input = sheet.element.querySelector('input[name="system.damage"]') as HTMLInputElement;
    input.value = "10 - 2D";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(notifications().some((n) => n.type === "error" && /notation/i.test(n.message))).toBe(true);
    expect(w.system.damage).toBe("10 + 2D");
  });
});

describe("D10/0 health over time and failing health", () => {
  it("a day's rest recovers below Normal; health above Normal fades by the daily rate (setting)", async () => {
    const a = await character({ health: { current: 40, bonus: 0 } });
    const sheet = await open(a);
    click(sheet, '[data-action="rest"][data-care="rest"]');
    await settle();
    // Recovery: average(EN 6, SP 5) rounded up = 6, ×2 with rest.
    expect(a.system.health.current).toBe(52);
    await a.update({ "system.health.current": 70 });
    click(sheet, '[data-action="rest"][data-care="none"]');
    await settle();
    expect(a.system.health.current).toBe(64);
    await (game as any).settings.set("breadbox", "d100.exceptionalFade", "never");
    click(sheet, '[data-action="rest"][data-care="none"]');
    await settle();
    expect(a.system.health.current).toBe(64);
  });

  it("a dying character's Endurance check: a failure costs its Degree of Failure in health", async () => {
    const a = await character({ health: { current: -5, bonus: 0 } });
    const sheet = await open(a);
    scriptDiceFaces([9]);
    click(sheet, '[data-action="dyingCheck"]');
    await settle();
    await new Promise((r) => setTimeout(r, 0));
    await settle();
    // Endurance 6 − 9 = −3 at Average: failure by 3.
    expect(a.system.health.current).toBe(-8);
    const html: HTMLElement = await (game as any).messages.contents.at(-1).renderHTML();
    expect(html.querySelector(".d100-dying")?.textContent).toContain("3");
  });
});

describe("creation budgets on the D10/0 sheet (issue 24.11)", () => {
  it("overspent attribute and skill budgets are red in edit mode only; play mode shows the figures plainly", async () => {
    const a = await character({ attributes: { agility: 10, focus: 10, endurance: 10, spirit: 10, intellect: 10, perception: 10 } });
    await a.items.getName("Bows").update({ "system.adjust": 60 });
    expect(a.system.creationSkillPointsLeft).toBeLessThan(0);
    const sheet = await open(a);
    const marked = () => ["d100-build", "d100-skill-points"].map((c) => sheet.element.querySelector(`.${c}`)!.classList.contains("bb-bad"));
    expect(sheet.element.classList.contains("play-mode")).toBe(true);
    expect(marked()).toEqual([false, false]);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    expect(marked()).toEqual([true, true]);
  });
});
