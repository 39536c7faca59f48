/**
 * Issue 24 (item 5) in a Toast world: the check card's task modifier is ruled off as the net of the
 * lines above it, not one more line to add.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { performToastCheck } from "../../../src/rulesets/toast/task";
import { toastAttack } from "../../../src/rulesets/toast/combat/attack";
import { defend, skill, toastCharacter, weapon } from "./combat-boot";
import { ledgerSettled } from "../../../src/core/chat/ledger";

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

describe("the Toast attack dialog's odds (issue 24.4)", () => {
  it("keeps Auto and Flub apart from the outcomes, whose tiles add up to 100 %", async () => {
    const p1 = createUser({ name: "Attacker's player" });
    const attacker = await toastCharacter("Ysolde", { agility: 17 }, [skill("Broadsword", "broadsword", ["agility"], 5), weapon("Broadsword", "Broadsword")]);
    await attacker.update({ ownership: { [p1.id!]: 3 } });
    const defender = await toastCharacter("Guard", { agility: 12 }, [skill("Sword", "sword", ["agility"], 3), weapon("Short sword", "Sword")]);
    (p1 as any).targets = new Set([{ actor: defender }]);
    const pending = asUser(p1, () => toastAttack(attacker, attacker.items.find((i: any) => i.type === "toastWeapon")));
    const dialog = await waitForDialog();
    const panel = dialog.element.querySelector("[data-bb-odds]")!;
    const mains = [...panel.querySelectorAll("ul.bb-odds:not(.bb-odds-overlap)")].filter((ul) => !ul.closest(".bb-odds-extras"));
    expect(mains.length).toBeGreaterThan(0);
    for (const ul of mains) {
      const chances = [...ul.querySelectorAll("li strong")].map((s) => s.textContent!);
      if (chances.every((c) => /%$/.test(c))) {
        const sum = chances.reduce((t, c) => t + (c.startsWith("<") ? 0 : Number(c.replace(/[>%]/g, ""))), 0);
        expect(sum).toBeGreaterThan(99.5);
        expect(sum).toBeLessThan(100.5);
      }
      expect(ul.querySelectorAll("li.extra")).toHaveLength(0);
    }
    const overlap = [...panel.querySelectorAll(".bb-odds-extras li")].map((li) => li.querySelector("span")!.textContent);
    expect(overlap.join(" ")).toMatch(/Auto/);
    expect(overlap.join(" ")).toMatch(/Flub/);
    await answerDialog({ dialog, action: "cancel" });
    await pending;
  });
});

describe("the Toast attack resolution (issue 24.5)", () => {
  it("says whose result it is", async () => {
    const p1 = createUser({ name: "Attacker's player" });
    const p2 = createUser({ name: "Defender's player" });
    const attacker = await toastCharacter("Ysolde", { agility: 17 }, [skill("Broadsword", "broadsword", ["agility"], 5), weapon("Broadsword", "Broadsword")]);
    await attacker.update({ ownership: { [p1.id!]: 3 } });
    const defender = await toastCharacter("Guard", { agility: 12 }, [skill("Sword", "sword", ["agility"], 3), weapon("Short sword", "Sword")]);
    await defender.update({ ownership: { [p2.id!]: 3 } });
    (p1 as any).targets = new Set([{ actor: defender }]);
    scriptDiceFaces([2]);
    const card = await asUser(p1, () => toastAttack(attacker, attacker.items.find((i: any) => i.type === "toastWeapon"), new MouseEvent("click", { shiftKey: true })));
    await ledgerSettled();
    const { resolution } = await defend(p2, card, defender, "none");
    const html: HTMLElement = await resolution.renderHTML();
    expect(html.querySelector(".toast-outcome")!.textContent!.replace(/\s+/g, " ").trim()).toBe("Ysolde's attack: Miss");
  });
});
