import { beforeEach, describe, expect, it } from "vitest";
import { settle } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { buyItem } from "../../../src/rulesets/d100/progress";

// A d100 world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("d100"));

async function character(): Promise<any> {
  const a: any = await Actor.create({ name: "Bob", type: "d100", system: { attributes: { agility: 7, focus: 6, endurance: 6, spirit: 5 }, progression: { earned: 40, spent: 0 } } } as never);
  await a.createEmbeddedDocuments("Item", [
    { name: "The Voice", type: "d100Tab", system: { kind: "asset", degree: 2, effects: [] } },
    { name: "Spirit Shaman", type: "d100Power", system: { normalAttributes: ["spirit"], combine: "sum" } },
    { name: "Limp", type: "d100Tab", system: { kind: "burden" } },
  ]);
  return a;
}

function buyButton(sheet: any, id: string): HTMLElement | null {
  return sheet.element.querySelector(`[data-item-id="${id}"] [data-action="buyItem"]`);
}

describe("D10/0 paying Progression Points for a TAB or power", () => {
  it("records the payment on the item, shows it, and refuses a second charge", async () => {
    const a = await character();
    const tab = a.items.getName("The Voice");
    const power = a.items.getName("Spirit Shaman");
    expect(tab.system.paid).toBe(false);
    const sheet = a.sheet;
    await sheet.render({ force: true });
    await settle();
    (sheet.element.querySelector('[data-action="toggleMode"]') as HTMLElement).click();
    await settle();

    // A double click: the second click arrives before the first payment is written.
    const button = buyButton(sheet, tab.id)!;
    button.click();
    button.click();
    await settle();
    const spentAfterTab = a.system.progression.spent;
    expect(spentAfterTab).toBeGreaterThan(0);
    expect(tab.system.paid).toBe(true);
    expect(notifications().some((n) => n.type === "error" && /already been paid/.test(n.message))).toBe(true);

    // Shown on the sheet; no buy button any more. (The refused click's re-render may overtake the
    // payment's in the harness, which does not queue renders as Foundry does: render once more.)
    await sheet.render();
    await settle();
    expect(buyButton(sheet, tab.id)).toBeNull();
    expect(sheet.element.querySelector(`[data-item-id="${tab.id}"] .d100-paid`)?.textContent?.trim()).toBe("Paid");

    buyButton(sheet, power.id)!.click();
    await settle();
    expect(a.system.progression.spent).toBe(spentAfterTab + 10);
    expect(power.system.paid).toBe(true);
    expect(sheet.element.querySelector(`[data-item-id="${power.id}"] .d100-paid`)).not.toBeNull();

    // Paying again by any route is refused and changes nothing.
    const spent = a.system.progression.spent;
    await expect(buyItem(a, tab.id)).rejects.toThrow(/The Voice has already been paid/);
    await expect(buyItem(a, power.id)).rejects.toThrow(/already been paid/);
    expect(a.system.progression.spent).toBe(spent);

    // A burden is not bought; a refused purchase (too few points) leaves the item unpaid.
    await expect(buyItem(a, a.items.getName("Limp").id)).rejects.toThrow();
    const [other] = await a.createEmbeddedDocuments("Item", [{ name: "Second Sight", type: "d100Power", system: {} }]);
    await a.update({ system: { progression: { earned: spent + 5 } } });
    await expect(buyItem(a, other.id)).rejects.toThrow(/Progression Points/);
    expect(other.system.paid).toBe(false);
    expect(a.system.progression.spent).toBe(spent);
  });
});
