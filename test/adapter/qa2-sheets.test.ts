/** QA pass 2: base sheets seen by observers, limited viewers and non-owners. */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, scriptDiceFaces, settle } from "../harness/index";
import { bootSystem, itemData, makeCharacter, notifications } from "./toaster/boot";

beforeEach(bootSystem);


async function observed(level = 2) {
  const p = createUser({ name: "Watcher" });
  const a = await makeCharacter("Other", { attributes: { physique: { value: 6 } }, wounds: { value: 2 }, stun: { value: 3 }, luck: { value: 3 }, experience: { total: 10, unspent: 10 } }, [
    { name: "Sword", type: "toasterSkill", system: { base: 5, attribute: "coordination" } },
    itemData("toaster-weapons", "Broadsword"),
    { name: "Leather", type: "toasterArmor", system: { ac: 2 } },
  ]);
  await a.update({ ownership: { [p.id!]: level } });
  return { p, a };
}

async function openAs(user: any, doc: any) {
  return asUser(user, async () => {
    const sheet = doc.sheet;
    await sheet.render({ force: true });
    await settle();
    return sheet;
  });
}

const MUTATING = ["toggleMode", "itemCreate", "itemDelete", "adjustTrack", "restStun", "stopBleeding", "buyLuck", "improveSkill", "toggleEquipped", "addCustomAttribute", "removeCustomAttribute", "awardExperience", "editImage"];

describe("a sheet opened by an observer", () => {
  it("shows no editing controls and no inputs", async () => {
    const { p, a } = await observed();
    const sheet = await openAs(p, a);
    const el: HTMLElement = sheet.element;
    expect(el.querySelectorAll("input:not([disabled]), select:not([disabled]), textarea:not([disabled])").length).toBe(0);
    const offered = MUTATING.filter((act) => el.querySelector(`[data-action="${act}"]:not([disabled])`));
    expect(offered).toEqual([]);
  });

  it("clicking Equip on someone else's weapon changes nothing and reports no error", async () => {
    const { p, a } = await observed();
    const sheet = await openAs(p, a);
    const before = a.items.find((i: any) => i.type === "toasterWeapon").system.equipped;
    await asUser(p, async () => {
      sheet.element.querySelector('[data-action="toggleEquipped"]')?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      await settle();
    });
    expect(a.items.find((i: any) => i.type === "toasterWeapon").system.equipped).toBe(before);
    expect(notifications().filter((n) => n.type === "error")).toEqual([]);
  });

  it("a healing roll button on someone else's sheet does not change that character", async () => {
    const { p, a } = await observed();
    const sheet = await openAs(p, a);
    scriptDiceFaces([10]); // 9 + 6 − 2 = 13: success, would heal a wound
    await asUser(p, async () => {
      sheet.element.querySelector('[data-action="rollHealing"]')?.dispatchEvent(new MouseEvent("click", { bubbles: true, shiftKey: true }));
      await settle();
    });
    expect(a.system.wounds.value).toBe(2);
    expect(notifications().filter((n) => n.type === "error")).toEqual([]);
  });
});

describe("losing ownership while in edit mode", () => {
  it("the sheet falls back to play mode styling", async () => {
    const { asUser, createUser, settle } = await import("../harness/index");
    const p = createUser({ name: "Owner" });
    const a: any = await makeCharacter("Shared");
    await a.update({ ownership: { [p.id!]: 3 } });
    const sheet = a.sheet;
    await asUser(p, async () => {
      await sheet.render({ force: true });
      (sheet.element.querySelector('[data-action="toggleMode"]') as HTMLElement).click();
      await settle();
    });
    expect(sheet.element.classList.contains("edit-mode")).toBe(true);
    await a.update({ ownership: { [p.id!]: 2 } });
    await asUser(p, async () => {
      await sheet.render();
      await settle();
    });
    expect(sheet.element.classList.contains("play-mode")).toBe(true);
  });
});
