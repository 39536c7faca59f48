/**
 * Issue 24 (item 5) in a Toast world: the check card's task modifier is ruled off as the net of the
 * lines above it, not one more line to add.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { scriptDiceFaces } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { performToastCheck } from "../../../src/rulesets/toast/task";

beforeEach(bootWorld("toast"));

const ATTRS = { strength: 12, agility: 17, hec: 10, health: 10, tolerance: 14, perception: 10, focus: 12, empathy: 8, will: 6, psyche: 6 };

describe("the Toast check card", () => {
  it("shows the task modifier as the net subtotal of its parts", async () => {
    const a: any = await Actor.create({ name: "Ava", type: "toast", system: { attributes: ATTRS, wounds: { value: 7 } } } as never);
    await a.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "toastSkill", system: { level: 5, baseAttributes: ["agility"], category: "weapon" } }]);
    scriptDiceFaces([6]);
    await performToastCheck(a, { kind: "skill", itemId: a.items.getName("Broadsword").id }, {}, new MouseEvent("click", { shiftKey: true }));
    const html: HTMLElement = await (game as any).messages.contents.at(-1).renderHTML();
    const lines = [...html.querySelectorAll(".bb-parts > li")];
    const net = lines.at(-1)!;
    expect(net.classList.contains("bb-subtotal")).toBe(true);
    expect(net.querySelector("span")!.textContent).toBe("= Net task modifier (the sum above)");
    const sum = lines.slice(0, -1).reduce((s, li) => s + Number(li.querySelector("span:last-child")!.textContent), 0);
    expect(lines.length).toBeGreaterThan(2);
    expect(Number(net.querySelector("span:last-child")!.textContent)).toBe(sum);
  });
});
