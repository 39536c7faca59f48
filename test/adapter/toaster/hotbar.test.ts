/** Issue 7.6: skills, attributes and weapons dragged onto the macro bar roll for the speaking actor. */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, settle, waitForDialog } from "../../harness/index";
import { actorFromPack, bootSystem, notifications } from "./boot";

beforeEach(bootSystem);

const g = () => game as any;

/** The drag data a sheet row puts on the drag event. */
function dragData(el: HTMLElement): Record<string, unknown> {
  let payload = "";
  const event = new Event("dragstart", { bubbles: true });
  Object.defineProperty(event, "dataTransfer", { value: { setData: (_type: string, value: string) => (payload = value) } });
  el.dispatchEvent(event);
  return JSON.parse(payload);
}

async function openSheet(actor: any) {
  await actor.sheet.render({ force: true });
  await settle();
  return actor.sheet;
}

async function dropOnSlot(data: Record<string, unknown>, slot: number) {
  await (ui as any).hotbar.drop(data, slot);
  await settle();
  await new Promise((r) => setTimeout(r, 0));
  const id = g().user.hotbar?.[slot];
  return id ? g().macros.get(id) : undefined;
}

describe("hotbar macros", () => {
  it("a skill dragged from the sheet becomes a macro that rolls it for the speaking actor", async () => {
    const a = await actorFromPack("Rhoenda Dumas");
    const sheet = await openSheet(a);
    const row = [...sheet.element.querySelectorAll(".bb-skills tr[data-item-id]")].find((r: any) => r.textContent.includes("Sword")) as HTMLElement;
    const macro = await dropOnSlot(dragData(row), 3);
    expect(macro?.name).toBe("Sword");
    expect(macro?.type).toBe("script");
    expect(macro?.command).toMatch(/game\.breadbox\.rollMacro/);
    // The same drag again reuses the macro.
    expect((await dropOnSlot(dragData(row), 4))?.id).toBe(macro.id);
    expect(g().macros.size).toBe(1);
    g().user.character = a;
    const run = macro.execute();
    await waitForDialog();
    await answerDialog({ action: "roll" });
    await run;
    await settle();
    const msg = g().messages.contents.at(-1);
    expect(msg.rolls[0].check.title).toBe("Sword");
    expect(msg.speaker.actor).toBe(a.id);
  });

  it("an attribute and a sub-attribute become macros too", async () => {
    const a = await actorFromPack("Rhoenda Dumas");
    const sheet = await openSheet(a);
    const coord = sheet.element.querySelector('[data-drag-attribute="coordination"]:not([data-drag-sub])') as HTMLElement;
    const macro = await dropOnSlot(dragData(coord), 1);
    expect(macro?.name).toBe("Coordination");
    const will = sheet.element.querySelector("[data-drag-sub]") as HTMLElement;
    const subMacro = await dropOnSlot(dragData(will), 2);
    g().user.character = a;
    const run = subMacro.execute();
    await waitForDialog();
    await answerDialog({ action: "roll" });
    await run;
    await settle();
    expect(g().messages.contents.at(-1).rolls[0].check.title).toMatch(/Aura \(willpower\)/i);
    const run2 = macro.execute();
    await waitForDialog();
    await answerDialog({ action: "roll" });
    await run2;
    await settle();
    expect(g().messages.contents.at(-1).rolls[0].check.title).toBe("Coordination");
  });

  it("a weapon becomes an attack macro", async () => {
    const a = await actorFromPack("Rhoenda Dumas");
    const sheet = await openSheet(a);
    const row = sheet.element.querySelector(".bb-weapons tr[data-item-id]") as HTMLElement;
    const weaponName = a.items.get(row.dataset.itemId).name;
    const macro = await dropOnSlot(dragData(row), 5);
    expect(macro?.name).toBe(weaponName);
    g().user.character = a;
    const run = macro.execute();
    await waitForDialog();
    await answerDialog({ action: "roll" });
    await run;
    await settle();
    expect(g().messages.contents.at(-1).rolls[0].check.title).toContain(weaponName);
  });

  it("a macro whose skill is gone explains itself and rolls nothing", async () => {
    const a = await actorFromPack("Rhoenda Dumas");
    const sheet = await openSheet(a);
    const row = [...sheet.element.querySelectorAll(".bb-skills tr[data-item-id]")].find((r: any) => r.textContent.includes("Sword")) as HTMLElement;
    const macro = await dropOnSlot(dragData(row), 3);
    await a.items.get(row.dataset.itemId).delete();
    g().user.character = a;
    await macro.execute();
    await settle();
    expect(g().messages.size).toBe(0);
    expect(notifications().some((n) => n.type === "warning" && /Rhoenda Dumas has no skill named "Sword"/.test(n.message))).toBe(true);
  });

  it("without a speaking actor the macro says what to do", async () => {
    const a = await actorFromPack("Rhoenda Dumas");
    const sheet = await openSheet(a);
    const macro = await dropOnSlot(dragData(sheet.element.querySelector('[data-drag-attribute="aura"]') as HTMLElement), 1);
    const player = createUser({ name: "No character" });
    await asUser(player, () => macro.execute());
    expect(notifications().some((n) => /Select a token or assign a character/.test(n.message))).toBe(true);
    expect(g().messages.size).toBe(0);
  });

  it("drops that are not ours keep Foundry's default", async () => {
    const item: any = await Item.create({ name: "Rope", type: "toasterGear" } as never);
    // A gear item has no roll: Foundry's default handles it and we make no macro.
    expect(Hooks.call("hotbarDrop", (ui as any).hotbar, { type: "Item", uuid: item.uuid }, 1)).toBe(true);
    await settle();
    await new Promise((r) => setTimeout(r, 0));
    expect(g().macros.size).toBe(0);
    expect(Hooks.call("hotbarDrop", (ui as any).hotbar, { type: "JournalEntry", uuid: "JournalEntry.x" }, 1)).toBe(true);
  });
});
