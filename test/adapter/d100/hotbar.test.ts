import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, settle, waitForDialog } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";

// A d100 world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("d100"));

const g = () => game as any;

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
  const id = g().user.hotbar?.[slot];
  return id ? g().macros.get(id) : undefined;
}

async function runMacro(macro: any) {
  const run = macro.execute();
  await waitForDialog();
  await answerDialog({ action: "roll" });
  await run;
  await settle();
  return g().messages.contents.at(-1).rolls[0];
}

describe("D10/0 hotbar macros", () => {
  it("an attribute, a root skill and a branch skill dragged from the sheet roll their checks", async () => {
    const a: any = await Actor.create({ name: "Janet", type: "d100", system: { attributes: { agility: 8 } } } as never);
    await a.createEmbeddedDocuments("Item", [{ name: "Bows", type: "d100Skill", system: { parentSkill: "ranged", adjust: 4 } }]);
    await a.sheet.render({ force: true });
    await settle();
    const el: HTMLElement = a.sheet.element;
    g().user.character = a;
    const attr = await dropOnSlot(dragData(el.querySelector('[data-drag-kind="attribute"][data-drag-attribute="agility"]') as HTMLElement), 1);
    expect(attr?.name).toBe("Agility");
    expect((await runMacro(attr)).check.input).toMatchObject({ kind: "attribute", score: 8 });
    const root = await dropOnSlot(dragData(el.querySelector('[data-drag-kind="skill"][data-drag-attribute="ranged"]') as HTMLElement), 2);
    expect(root?.name).toBe("Ranged");
    expect((await runMacro(root)).check.input.kind).toBe("skill");
    const branch = await dropOnSlot(dragData(el.querySelector('tr[data-skill-id="Bows"]') as HTMLElement), 3);
    expect(branch?.name).toBe("Bows");
    const total = a.system.skillRows.find((r: any) => r.id === "Bows").total;
    expect((await runMacro(branch)).check.input.score).toBe(total);
    // The branch is gone: the macro says so and rolls nothing.
    await a.items.getName("Bows").delete();
    const count = g().messages.size;
    await branch.execute();
    await settle();
    expect(g().messages.size).toBe(count);
    expect(notifications().at(-1)?.message).toMatch(/no skill named "Bows"/);
  });
});
