import { beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { answerDialog, asUser, createUser, settle, waitForDialog } from "../../harness/index";
import { bootSystem, actorFromPack, makeCharacter, itemData, notifications, packDoc } from "./boot";

beforeEach(bootSystem);

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

async function change(sheet: any, selector: string, value: string) {
  const input = sheet.element.querySelector(selector) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event("change", { bubbles: true }));
  await settle();
}

describe("Toaster character sheet", () => {
  it("renders the sample character in play and edit mode with every string localized", async () => {
    const a = await actorFromPack("Rhoenda Dumas");
    const sheet = await open(a);
    expect(sheet.element.textContent).toContain("Rhoenda Dumas");
    expect(sheet.element.querySelector(".bb-skills")?.textContent).toContain("Sword");
    expect(unlocalized(sheet.element)).toEqual([]);
    expect(sheet.element.classList.contains("play-mode")).toBe(true);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    expect(sheet.element.classList.contains("edit-mode")).toBe(true);
    expect(sheet.element.querySelector('input[name="system.attributes.physique.value"]')).not.toBeNull();
    expect(unlocalized(sheet.element)).toEqual([]);
  });

  it("switches tabs", async () => {
    const a = await makeCharacter("Tabby");
    const sheet = await open(a);
    expect(sheet.element.querySelector('section[data-tab="main"]')?.classList.contains("active")).toBe(true);
    click(sheet, '[data-action="tab"][data-tab="combat"]');
    await settle();
    expect(sheet.element.querySelector('section[data-tab="combat"]')?.classList.contains("active")).toBe(true);
    expect(sheet.element.querySelector('section[data-tab="main"]')?.classList.contains("active")).toBe(false);
  });

  it("editing an attribute updates the actor and the derived ranks", async () => {
    const a = await makeCharacter("Edit", {}, [{ name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } }]);
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    await change(sheet, 'input[name="system.attributes.coordination.value"]', "7");
    expect(a.system.attributes.coordination.value).toBe(7);
    expect(a.items.contents[0].system.rank).toBe(8);
    expect(sheet.element.querySelector(".bb-skills")?.textContent).toContain("8");
  });

  it("a letter in a number field is refused with a message and nothing changes", async () => {
    const a = await makeCharacter("Letters");
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    await change(sheet, 'input[name="system.attributes.aura.value"]', "x");
    expect(a.system.attributes.aura.value).toBe(4);
    // The sheet checks the form before Foundry prepares it (v13 refuses a cleared number itself,
    // foundryvtt#13804), so the message is ours.
    expect(notifications().some((n) => n.type === "error" && /not a number/.test(n.message))).toBe(true);
  });

  it("an out-of-range or fractional value is refused, not clamped", async () => {
    const a = await makeCharacter("Range");
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    await change(sheet, 'input[name="system.attributes.physique.value"]', "99");
    expect(a.system.attributes.physique.value).toBe(4);
    await change(sheet, 'input[name="system.attributes.physique.value"]', "4.5");
    expect(a.system.attributes.physique.value).toBe(4);
    const errors = notifications().filter((n) => n.type === "error").map((n) => n.message);
    expect(errors.some((m) => /outside 0 to 30/.test(m))).toBe(true);
    expect(errors.some((m) => /not a whole number/.test(m))).toBe(true);
  });

  it("inline skill base edits go to the item and are validated the same way", async () => {
    const a = await makeCharacter("Inline", {}, [{ name: "Climb", type: "toasterSkill", system: { base: 2, attribute: "coordination" } }]);
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    await change(sheet, 'input[data-item-field="system.base"]', "6");
    expect(a.items.contents[0].system.base).toBe(6);
    await change(sheet, 'input[data-item-field="system.base"]', "-3");
    expect(a.items.contents[0].system.base).toBe(6);
  });

  it("a skill's roll button opens the roll dialog with odds, and rolling posts a card", async () => {
    const a = await actorFromPack("Rhoenda Dumas");
    const sheet = await open(a);
    const row = [...sheet.element.querySelectorAll(".bb-skills tr[data-item-id]")].find((r: any) => r.textContent.includes("Sword")) as HTMLElement;
    (row.querySelector('[data-action="rollSkill"]') as HTMLElement).click();
    const dialog = await waitForDialog();
    expect(dialog.element.querySelector("[data-bb-odds]")?.textContent).toMatch(/Critical.*%/s);
    await answerDialog({ action: "roll" });
    await settle();
    const msg = (game as any).messages.contents.at(-1);
    expect(msg.rolls[0].check.title).toBe("Sword");
  });

  it("the stun track buttons update the actor and the token bar", async () => {
    const a = await makeCharacter("Track");
    const sheet = await open(a);
    click(sheet, '[data-action="tab"][data-tab="combat"]');
    await settle();
    for (let i = 0; i < 6; i++) {
      click(sheet, '[data-action="adjustTrack"][data-track="stun"][data-delta="1"]');
      await settle();
    }
    expect(a.system.stun.value).toBe(6);
    expect(a.system.stunState.key).toBe("bruised");
    expect(a.statuses.has("toasterBruised")).toBe(true);
  });
});

describe("Toaster item sheets", () => {
  const samples: [string, string][] = [
    ["toaster-weapons", "Broadsword"],
    ["toaster-weapons", "Medium Shield"],
    ["toaster-armor", "Chain mail"],
    ["toaster-skills", "Pilot Aircraft"],
    ["toaster-traits", "Physical Size"],
  ];
  it.each(samples)("%s / %s renders in both modes with a generated summary", async (pack, name) => {
    const item: any = await Item.create(itemData(pack, name) as never);
    const sheet = await open(item);
    expect(sheet.element.querySelector(".bb-summary")?.textContent?.length).toBeGreaterThan(0);
    expect(unlocalized(sheet.element)).toEqual([]);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    expect(unlocalized(sheet.element)).toEqual([]);
  });

  it("the weapon summary reads from the data", async () => {
    const item: any = await Item.create(itemData("toaster-weapons", "Broadsword") as never);
    const sheet = await open(item);
    expect(sheet.element.querySelector(".bb-summary")?.textContent).toBe("WC 8 · STR 4 · hand-to-hand · Muscle-powered · skill: Sword");
  });

  it("a gear item edits its quantity and refuses a negative one", async () => {
    const item: any = await Item.create({ name: "Rope", type: "toasterGear" } as never);
    const sheet = await open(item);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    await change(sheet, 'input[name="system.quantity"]', "3");
    expect(item.system.quantity).toBe(3);
    await change(sheet, 'input[name="system.quantity"]', "-1");
    expect(item.system.quantity).toBe(3);
  });

  it("armor coverage checkboxes become the coverage list", async () => {
    const item: any = await Item.create({ name: "Helmet", type: "toasterArmor", system: { ac: 5 } } as never);
    const sheet = await open(item);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    for (const box of sheet.element.querySelectorAll('input[data-array="coverage"]')) (box as HTMLInputElement).checked = (box as HTMLInputElement).value === "head";
    const head = sheet.element.querySelector('input[data-array="coverage"][value="head"]') as HTMLInputElement;
    head.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(item.system.coverage).toEqual(["head"]);
  });
});

describe("keyboard focus", () => {
  it("stays on the tab button after switching tabs and on the field after an edit", async () => {
    const a = await makeCharacter("Focus");
    const sheet = await open(a);
    const tab = sheet.element.querySelector('[data-action="tab"][data-tab="skills"]') as HTMLElement;
    tab.focus();
    tab.click();
    await settle();
    expect((document.activeElement as HTMLElement)?.dataset.tab).toBe("skills");
    const toggle = sheet.element.querySelector('[data-action="toggleMode"]') as HTMLElement;
    toggle.focus();
    toggle.click();
    await settle();
    expect((document.activeElement as HTMLElement)?.dataset.action).toBe("toggleMode");
    // The open tab survives the re-render, and its button says so.
    expect(sheet.element.querySelector('section[data-tab="skills"]')?.classList.contains("active")).toBe(true);
    expect(sheet.element.querySelector('[data-action="tab"][data-tab="skills"]')?.getAttribute("aria-selected")).toBe("true");
    click(sheet, '[data-action="tab"][data-tab="main"]');
    await settle();
    const input = sheet.element.querySelector('input[name="system.attributes.aura.value"]') as HTMLInputElement;
    input.focus();
    input.value = "6";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(a.system.attributes.aura.value).toBe(6);
    expect((document.activeElement as HTMLInputElement)?.name).toBe("system.attributes.aura.value");
  });
});

describe("advancement", () => {
  it("raising a skill spends one experience point per base point; without enough it refuses", async () => {
    const a = await makeCharacter("Learner", { experience: { total: 2, unspent: 1 } }, [{ name: "Climb", type: "toasterSkill", system: { base: 3, attribute: "coordination" } }]);
    const sheet = await open(a);
    click(sheet, '[data-action="tab"][data-tab="skills"]');
    await settle();
    click(sheet, '[data-action="improveSkill"]');
    await settle();
    expect(a.items.contents[0].system.base).toBe(4);
    expect(a.system.experience.unspent).toBe(0);
    click(sheet, '[data-action="improveSkill"]');
    await settle();
    expect(a.items.contents[0].system.base).toBe(4);
    expect(notifications().some((n) => /costs 1 experience/.test(n.message))).toBe(true);
  });

  it("variable skill cost charges half points for an easy skill", async () => {
    await (game as any).settings.set("breadbox", "toaster.variableSkillCost", true);
    const a = await makeCharacter("Quick study", { experience: { total: 1, unspent: 1 } }, [{ name: "Run", type: "toasterSkill", system: { base: 2, attribute: "coordination", cost: "easy" } }]);
    const sheet = await open(a);
    click(sheet, '[data-action="tab"][data-tab="skills"]');
    await settle();
    click(sheet, '[data-action="improveSkill"]');
    await settle();
    expect(a.items.contents[0].system.base).toBe(3);
    expect(a.system.experience.unspent).toBe(0.5);
  });

  it("the GM awards 1–5 experience; luck is bought back at 3 points", async () => {
    const a = await makeCharacter("Veteran", { luck: { value: 2 } });
    const sheet = await open(a);
    click(sheet, '[data-action="awardExperience"]');
    await waitForDialog();
    await answerDialog({ fill: { award: "4" } });
    await settle();
    expect(a.system.experience).toMatchObject({ total: 4, unspent: 4 });
    click(sheet, '[data-action="buyLuck"]');
    await settle();
    expect(a.system.luck.value).toBe(3);
    expect(a.system.experience.unspent).toBe(1);
  });
});

describe("skill-package traits", () => {
  it("the comma-separated skill list becomes the trait's skills, and the bonus reaches those skills", async () => {
    const a = await makeCharacter("Scout", {}, [{ name: "Stealth", type: "toasterSkill", system: { base: 2, attribute: "coordination" } }]);
    const [trait] = await a.createEmbeddedDocuments("Item", [{ name: "Scout", type: "toasterTrait", system: { rank: 2, kind: "skillPackage" } }]);
    const sheet = await open(trait);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    const input = sheet.element.querySelector('input[data-list="skills"]') as HTMLInputElement;
    input.value = "Navigation, Perception, Stealth, Survival, Track";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(trait.system.skills).toEqual(["Navigation", "Perception", "Stealth", "Survival", "Track"]);
    const stealth = a.items.find((i: any) => i.name === "Stealth");
    expect(stealth.system.effectiveBase).toBe(4);
    expect(stealth.system.rank).toBe(4);
  });
});

describe("number inputs take their limits from the data model (issue 9.10)", () => {
  it("stun, wounds and bleeding carry the model's min/max/step, and 5000 stun is refused, not stored as 999", async () => {
    const a = await makeCharacter("Limits");
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    const attr = (name: string) => {
      const input = sheet.element.querySelector(`input[name="${name}"]`) as HTMLInputElement;
      return [input.getAttribute("min"), input.getAttribute("max"), input.getAttribute("step")];
    };
    expect(attr("system.stun.value")).toEqual(["0", "999", "1"]);
    expect(attr("system.wounds.value")).toEqual(["0", "99", "1"]);
    expect(attr("system.attributes.physique.value")).toEqual(["0", "30", "1"]);
    expect(attr("system.experience.unspent")).toEqual(["0", "9999", "0.5"]);
    await change(sheet, 'input[name="system.stun.value"]', "5000");
    expect(a.system.stun.value).toBe(0);
    expect(notifications().some((n) => n.type === "error" && /Stun.*5000.*outside 0 to 999/.test(n.message))).toBe(true);
    await change(sheet, 'input[name="system.experience.unspent"]', "2.25");
    expect(a.system.experience.unspent).toBe(0);
    expect(notifications().some((n) => n.type === "error" && /2\.25 is not a multiple of 0\.5/.test(n.message))).toBe(true);
  });

  it("inline item fields and custom attributes use their own fields' limits", async () => {
    const a = await makeCharacter("Inline limits", { customAttributes: [{ key: "willpower", label: "Willpower", value: 4 }] }, [
      { name: "Climb", type: "toasterSkill", system: { base: 2 } },
      { name: "Hunted", type: "toasterTrait", system: { rank: -2 } },
    ]);
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    const base = sheet.element.querySelector('input[data-item-field="system.base"]') as HTMLInputElement;
    expect([base.min, base.max]).toEqual(["0", "30"]);
    const custom = sheet.element.querySelector('input[name="system.customAttributes.0.value"]') as HTMLInputElement;
    expect([custom.min, custom.max]).toEqual(["0", "30"]);
    const rank = sheet.element.querySelector('input[data-item-field="system.rank"]') as HTMLInputElement;
    expect([rank.min, rank.max]).toEqual(["-10", "10"]);
  });

  it("gear quantity beyond the model's maximum gets a message and changes nothing", async () => {
    const item: any = await Item.create({ name: "Rope", type: "toasterGear" } as never);
    const sheet = await open(item);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    const input = sheet.element.querySelector('input[name="system.quantity"]') as HTMLInputElement;
    expect(input.max).toBe("1000000");
    await change(sheet, 'input[name="system.quantity"]', "1000001");
    expect(item.system.quantity).toBe(1);
    expect(notifications().some((n) => n.type === "error" && /outside 0 to 1000000/.test(n.message))).toBe(true);
  });

  it("the templates carry no limits of their own: the model is the one source", () => {
    const files = ["actor/main.hbs", "actor/combat.hbs", "actor/skills.hbs", "actor/traits.hbs", "item/details.hbs"].map((f) => readFileSync(`templates/toaster/${f}`, "utf8"));
    for (const html of files) for (const input of html.match(/<input[^>]*type="number"[^>]*>/g) ?? []) expect(input).not.toMatch(/\s(min|max|step)="/);
  });

  it("the +1 stun button stops at the model's maximum instead of being clamped silently", async () => {
    const a = await makeCharacter("Full", { stun: { value: 999 } });
    const sheet = await open(a);
    click(sheet, '[data-action="tab"][data-tab="combat"]');
    await settle();
    const before = notifications().length;
    click(sheet, '[data-action="adjustTrack"][data-track="stun"][data-delta="1"]');
    await settle();
    expect(a.system.stun.value).toBe(999);
    expect(notifications().slice(before).some((n) => /999/.test(n.message))).toBe(true);
  });
});

describe("a cleared required number field (foundryvtt#13458, #13804)", () => {
  it("is refused with our message before Foundry prepares the submit data", async () => {
    const a = await makeCharacter("Cleared", { stun: { value: 3 } });
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    let prepared = 0;
    const original = sheet._prepareSubmitData;
    sheet._prepareSubmitData = function (...args: unknown[]) {
      prepared++;
      return original.apply(this, args);
    };
    await change(sheet, 'input[name="system.stun.value"]', "");
    expect(prepared).toBe(0);
    expect(a.system.stun.value).toBe(3);
    const errors = notifications().filter((n) => n.type === "error").map((n) => n.message);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Stun.*is not a number\. Nothing was changed\./);
  });

  it("on an item sheet too", async () => {
    const item: any = await Item.create({ name: "Rope", type: "toasterGear", system: { quantity: 2 } } as never);
    const sheet = await open(item);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    let prepared = 0;
    const original = sheet._prepareSubmitData;
    sheet._prepareSubmitData = function (...args: unknown[]) {
      prepared++;
      return original.apply(this, args);
    };
    await change(sheet, 'input[name="system.quantity"]', "");
    expect(prepared).toBe(0);
    expect(item.system.quantity).toBe(2);
  });
});

describe("custom attribute keys (issue 9.6)", () => {
  it("a sheet edit that keys a custom attribute like a built-in one is refused with a message", async () => {
    const a = await makeCharacter("Keyed", { customAttributes: [{ key: "custom1", label: "Willpower", value: 5 }] });
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    await change(sheet, 'input[name="system.customAttributes.0.key"]', "physique");
    expect(a.system.customAttributes[0].key).toBe("custom1");
    expect(a.system.effective.physique).toBe(4);
    expect(notifications().some((n) => n.type === "error" && /physique.*built-in attribute/.test(n.message))).toBe(true);
    expect(sheet.element.querySelector('input[name="system.customAttributes.0.key"]').value).toBe("custom1");
  });
});

describe("limited permission (issue 7.8)", () => {
  it("shows the header and the biography only: no tabs, stats, skills, gear or notes", async () => {
    const player = createUser({ name: "Limited player" });
    const a = await actorFromPack("Rhoenda Dumas", { ownership: { default: 0, [player.id as string]: 1 }, system: { ...structuredClone(packDoc("toaster-characters", "Rhoenda Dumas").system), biography: "<p>Born in Tharis.</p>", notes: "<p>Secret plans.</p>" } });
    const sheet = await asUser(player, async () => {
      const s = a.sheet;
      await s.render({ force: true });
      await settle();
      return s;
    });
    const el: HTMLElement = sheet.element;
    expect(el.classList.contains("limited")).toBe(true);
    expect(Object.keys(sheet.parts).sort()).toEqual(["biography", "header"]);
    expect(el.querySelector(".bb-name")?.textContent).toBe("Rhoenda Dumas");
    expect(el.textContent).toContain("Born in Tharis.");
    for (const hidden of ["Secret plans.", "Sword", "Stun", "Wounds"]) expect(el.textContent, hidden).not.toContain(hidden);
    expect(el.querySelector("nav.bb-tabs")).toBeNull();
    expect(el.querySelector(".bb-gear")).toBeNull();
    expect(el.querySelector('section[data-tab="biography"]')?.classList.contains("active")).toBe(true);
    expect(el.querySelector("[data-action^='roll']")).toBeNull();
  });

  it("an observer still sees the whole sheet", async () => {
    const player = createUser({ name: "Observer" });
    const a = await actorFromPack("Rhoenda Dumas", { ownership: { default: 0, [player.id as string]: 2 } });
    const sheet = await asUser(player, async () => {
      const s = a.sheet;
      await s.render({ force: true });
      await settle();
      return s;
    });
    expect(sheet.element.classList.contains("limited")).toBe(false);
    expect(Object.keys(sheet.parts)).toContain("skills");
  });
});

describe("no form control named like an Array/Object member (foundryvtt#13158)", () => {
  it("the melee attack dialog's weapon-length select is named weaponLength, not length", async () => {
    const a = await actorFromPack("Rhoenda Dumas");
    const sheet = await open(a);
    click(sheet, '[data-action="tab"][data-tab="combat"]');
    await settle();
    const row = [...sheet.element.querySelectorAll(".bb-weapons tr[data-item-id]")].find((r: any) => /melee|hand-to-hand/i.test(r.textContent)) as HTMLElement;
    (row.querySelector('[data-action="attack"]') as HTMLElement).click();
    const dialog = await waitForDialog();
    expect(dialog.element.querySelector('[name="length"]')).toBeNull();
    expect(dialog.element.querySelector('select[name="weaponLength"]')).not.toBeNull();
    await answerDialog({ action: "roll", fill: { weaponLength: Object.keys((await import("../../../src/rulesets/toaster/rules")).WEAPON_LENGTH_PENALTY)[1]! } });
    await settle();
    const roll = (game as any).messages.contents.at(-1).rolls[0];
    expect(Object.keys(roll.options.choices)).toContain("weaponLength");
  });
});
