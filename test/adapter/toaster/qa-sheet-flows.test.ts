/**
 * QA regression tests: sheet and item-sheet flows of the Toaster ruleset, driven through the
 * rendered HTML (buttons, inputs, checkboxes) as a user would.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { scriptDiceFaces, setRandomUniform, settle } from "../../harness/index";
import { bootSystem, makeCharacter, itemData } from "./boot";

beforeEach(bootSystem);

function setRule(key: string, value: unknown) {
  return (game as any).settings.set("breadbox", `toaster.${key}`, value);
}
const msgs = () => (game as any).messages.contents;
async function open(doc: any) {
  const sheet = doc.sheet;
  await sheet.render({ force: true });
  await settle();
  return sheet;
}
async function edit(sheet: any) {
  sheet.element.querySelector('[data-action="toggleMode"]').click();
  await settle();
}
async function click(sheet: any, selector: string) {
  const el = sheet.element.querySelector(selector) as HTMLElement | null;
  if (!el) throw new Error(`no ${selector}`);
  el.click();
  await settle();
}
async function shiftClick(sheet: any, selector: string) {
  const el = sheet.element.querySelector(selector) as HTMLElement | null;
  if (!el) throw new Error(`no ${selector}`);
  el.dispatchEvent(new MouseEvent("click", { bubbles: true, shiftKey: true }));
  await settle();
}
async function change(sheet: any, selector: string, value: string | boolean) {
  const input = sheet.element.querySelector(selector) as HTMLInputElement | null;
  if (!input) throw new Error(`no ${selector}`);
  if (typeof value === "boolean") input.checked = value;
  else input.value = value;
  input.dispatchEvent(new Event("change", { bubbles: true }));
  await settle();
}
const equipped = (pack: string, name: string) => {
  const d: any = itemData(pack, name);
  d.system = { ...d.system, equipped: true };
  return d;
};

describe("custom attributes on the character sheet", () => {
  it("are added, renamed, valued and removed; a new one never reuses a live key", async () => {
    const a = await makeCharacter("C");
    const sheet = await open(a);
    await edit(sheet);
    await click(sheet, '[data-action="addCustomAttribute"]');
    expect(a.system.customAttributes).toHaveLength(1);
    await change(sheet, 'input[name="system.customAttributes.0.label"]', "Sanity");
    expect(a.system.customAttributes[0]).toMatchObject({ label: "Sanity", key: "custom1", value: 4 });
    await change(sheet, 'input[name="system.customAttributes.0.value"]', "7");
    expect(a.system.customAttributes[0]).toMatchObject({ label: "Sanity", key: "custom1", value: 7 });
    expect(a.system.effective.custom1).toBe(7);
    await click(sheet, '[data-action="addCustomAttribute"]');
    await click(sheet, '[data-action="removeCustomAttribute"][data-key="custom1"]');
    expect(a.system.customAttributes.map((c: any) => c.key)).toEqual(["custom2"]);
    await click(sheet, '[data-action="addCustomAttribute"]');
    const keys = a.system.customAttributes.map((c: any) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("sheet buttons", () => {
  it("a sub-attribute's roll button rolls the sub-attribute's value", async () => {
    const a = await makeCharacter("S", { attributes: { physique: { value: 5 } } }, [
      { name: "Strong", type: "toasterTrait", system: { kind: "attribute", attribute: "physique", subAttribute: "strength", rank: 2 } },
    ]);
    expect(a.system.subAttributes).toHaveLength(1);
    const sheet = await open(a);
    scriptDiceFaces([4]); // d10* 3
    await shiftClick(sheet, '[data-action="rollAttribute"][data-sub="strength"]');
    expect(msgs().at(-1).rolls[0].total).toBe(3 + a.system.subAttributes[0].value);
  });

  it("the ½ (unskilled) button rolls half the attribute with the wound penalty", async () => {
    const a = await makeCharacter("U", { attributes: { intellect: { value: 6 } }, wounds: { value: 2 } });
    expect(a.system.penalty).toBeLessThan(0);
    const sheet = await open(a);
    scriptDiceFaces([6]); // d10* 5
    await shiftClick(sheet, '[data-action="rollUnskilled"][data-attribute="intellect"]');
    expect(msgs().at(-1).rolls[0].total).toBe(5 + 3 + a.system.penalty);
  });

  it("critical table, hit location and attack buttons post their cards", async () => {
    const a = await makeCharacter("A", { attributes: { coordination: { value: 7 } } }, [equipped("toaster-weapons", "Broadsword")]);
    const sheet = await open(a);
    setRandomUniform(() => 0.5);
    await click(sheet, '[data-action="criticalTable"]');
    expect(msgs().at(-1).flags.breadbox.type).toBe("toasterCritical");
    await click(sheet, '[data-action="hitLocation"]');
    expect(msgs().at(-1).flags.breadbox.type).toBe("toasterHitLocation");
    await shiftClick(sheet, '[data-action="attack"]');
    expect(msgs().at(-1).flags.breadbox.kind).toBe("attack");
  });

  it("rest recovers Physique stun; bleeding stopped; equipping armor changes the AC", async () => {
    await setRule("bleeding", true);
    const a = await makeCharacter("R", { attributes: { physique: { value: 3 } }, stun: { value: 10 }, wounds: { value: 1 }, bleeding: { rate: 1 } }, [itemData("toaster-armor", "Chain mail")]);
    const sheet = await open(a);
    await click(sheet, '[data-action="restStun"]');
    expect(a.system.stun.value).toBe(7);
    await click(sheet, '[data-action="stopBleeding"]');
    expect(a.system.bleeding.rate).toBe(0);
    const armor = a.items.find((i: any) => i.type === "toasterArmor");
    const was = armor.system.equipped;
    const ac = a.system.ac;
    await click(sheet, `[data-item-id="${armor.id}"] [data-action="toggleEquipped"]`);
    expect(armor.system.equipped).toBe(!was);
    expect(a.system.ac).not.toBe(ac);
  });

  it("the trait cap setting flags a character over the cap", async () => {
    await setRule("traitCap", 2);
    const a = await makeCharacter("T", {}, [{ name: "Brave", type: "toasterTrait", system: { rank: 3 } }, { name: "Poor", type: "toasterTrait", system: { rank: -3 } }]);
    const sheet = await open(a);
    expect(sheet.element.querySelector(".bb-balance")?.textContent).toMatch(/cap/i);
  });

  it("with hit locations off the sheet offers no hit-location button (the critical table stays)", async () => {
    await setRule("hitLocation", false);
    const a = await makeCharacter("H");
    const sheet = await open(a);
    expect(sheet.element.querySelector('[data-action="hitLocation"]')).toBeNull();
    expect(sheet.element.querySelector('[data-action="criticalTable"]')).not.toBeNull();
  });
});

describe("item sheets", () => {
  it("specialties are added, renamed, given a bonus and removed", async () => {
    const a = await makeCharacter("S", { attributes: { coordination: { value: 9 } } }, [{ name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } }]);
    const skill = a.items.contents[0];
    const sheet = await open(skill);
    await edit(sheet);
    await click(sheet, '[data-action="addSpecialty"]');
    await click(sheet, '[data-action="addSpecialty"]');
    expect(skill.system.specialties).toHaveLength(2);
    await change(sheet, 'input[name="system.specialties.0.name"]', "Rapier");
    await change(sheet, 'input[name="system.specialties.1.name"]', "Sabre");
    await change(sheet, 'input[name="system.specialties.1.bonus"]', "2");
    expect(skill.system.specialties).toEqual([{ name: "Rapier", bonus: 1 }, { name: "Sabre", bonus: 2 }]);
    await click(sheet, '[data-action="removeSpecialty"][data-index="0"]');
    expect(skill.system.specialties).toEqual([{ name: "Sabre", bonus: 2 }]);
  });

  it("attribute-choice checkboxes become the list the character sheet's inline select offers", async () => {
    const a = await makeCharacter("S", {}, [{ name: "Climb", type: "toasterSkill", system: { base: 3, attribute: "physique" } }]);
    const skill = a.items.contents[0];
    const sheet = await open(skill);
    await edit(sheet);
    for (const box of sheet.element.querySelectorAll('input[data-array="attributeChoices"]')) (box as HTMLInputElement).checked = ["physique", "coordination"].includes((box as HTMLInputElement).value);
    sheet.element.querySelector('input[data-array="attributeChoices"]').dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(skill.system.attributeChoices).toEqual(["physique", "coordination"]);
    const actorSheet = await open(a);
    await edit(actorSheet);
    const options = [...actorSheet.element.querySelectorAll('select[data-item-field="system.attribute"] option')].map((o: any) => o.value);
    expect(options).toEqual(["physique", "coordination"]);
    await change(actorSheet, 'select[data-item-field="system.attribute"]', "coordination");
    expect(skill.system.attribute).toBe("coordination");
  });

  it("the skill-package list survives an edit of another field", async () => {
    const a = await makeCharacter("S", {}, [
      { name: "Climb", type: "toasterSkill", system: { base: 3, attribute: "physique" } },
      { name: "Pkg", type: "toasterTrait", system: { kind: "skillPackage", rank: 1 } },
    ]);
    const trait = a.items.find((i: any) => i.type === "toasterTrait");
    const sheet = await open(trait);
    await edit(sheet);
    await change(sheet, 'input[data-list="skills"]', "climb , Swim,");
    expect(trait.system.skills).toEqual(["climb", "Swim"]);
    expect(a.items.find((i: any) => i.name === "Climb").system.effectiveBase).toBe(4);
    await change(sheet, 'input[name="system.rank"]', "2");
    expect(trait.system.skills).toEqual(["climb", "Swim"]);
    expect(a.items.find((i: any) => i.name === "Climb").system.effectiveBase).toBe(5);
  });

  it("armor coverage survives an AC edit, and unchecking every area stores an empty list", async () => {
    const item: any = await Item.create({ name: "Helmet", type: "toasterArmor", system: { ac: 5, coverage: ["head"] } } as never);
    const sheet = await open(item);
    await edit(sheet);
    await change(sheet, 'input[name="system.ac"]', "6");
    expect(item.system.coverage).toEqual(["head"]);
    expect(item.system.ac).toBe(6);
    await change(sheet, 'input[data-array="coverage"][value="head"]', false);
    expect(item.system.coverage).toEqual([]);
  });

  it("weapon checkboxes edit one flag at a time", async () => {
    const item: any = await Item.create(itemData("toaster-weapons", "Broadsword") as never);
    const sheet = await open(item);
    await edit(sheet);
    await change(sheet, 'input[name="system.musclePowered"]', false);
    expect(item.system.musclePowered).toBe(false);
    await change(sheet, 'input[name="system.shotgun"]', true);
    expect(item.system).toMatchObject({ shotgun: true, musclePowered: false, unarmed: false });
  });
});
