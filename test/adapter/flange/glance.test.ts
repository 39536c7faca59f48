/**
 * Issue 24 (items 5-6) in a Flange world: the opposed card names both sides ("Mr Tims vs
 * Opponent"), never says "Opponent — Opponent", says whose re-roll each button is, and an Edge
 * re-roll with no Edge left says why instead of acting.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, scriptDiceFaces } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { defaultChoices, performFlangeCheck } from "../../../src/rulesets/flange/checks";
import { performOpposedCheck } from "../../../src/rulesets/flange/opposed";
import { flangeCharacter, skill } from "./helpers";

beforeEach(bootWorld("flange"));

describe("the opposed card against an unnamed opponent", () => {
  it("names both sides, shows each side's name once, and labels the re-roll with whose dice it re-rolls", async () => {
    const p1 = createUser({ name: "Tims' player" });
    const tims: any = await flangeCharacter("Mr Tims", { attributes: { perception: 6 }, edge: { points: 1, spent: 0 } }, [skill("Surgery", "medicine", 2, { attribute: "perception" })]);
    await tims.update({ ownership: { [p1.id!]: 3 } });
    const surgery = tims.items.find((i: any) => i.name === "Surgery");
    scriptDiceFaces([1, 2, 3, 4, 5, 6, 7, 8]);
    await asUser(p1, () => {
      (game.user as any).targets = new Set();
      return performOpposedCheck(tims, null, { first: defaultChoices(tims.system, { skill: surgery.id, attribute: "perception" }), second: { kind: "unnamed", dice: 2, target: 7 } });
    });
    const card = (game as any).messages.contents.at(-1);
    let html: HTMLElement = await asUser(p1, () => card.renderHTML());
    expect(html.querySelector(".bb-card-title h3")!.textContent).toBe("Opposed roll: Mr Tims vs Opponent");
    const sides = [...html.querySelectorAll(".flange-opposed-side h4")].map((h) => h.textContent);
    expect(sides[1]).toBe("Opponent");
    expect(sides[0]).toMatch(/^Mr Tims/);
    const reroll = html.querySelector<HTMLButtonElement>('[data-bb-action="flange.opposedReroll"][data-side="first"]')!;
    expect(reroll.textContent!.trim()).toBe("Re-roll Mr Tims's dice (1 Edge)");
    expect(reroll.hasAttribute("aria-disabled")).toBe(false);
    // No Edge left: the button stays, marked unusable, with the reason.
    await tims.update({ "system.edge.spent": 1 });
    html = await asUser(p1, () => card.renderHTML());
    const spent = html.querySelector<HTMLButtonElement>('[data-bb-action="flange.opposedReroll"][data-side="first"]')!;
    expect(spent.getAttribute("aria-disabled")).toBe("true");
    expect(spent.getAttribute("aria-description")).toBe("Mr Tims has no Edge left to spend.");
  });
});

describe("the check card's Edge re-roll", () => {
  it("with no Edge left is marked unusable with the reason; with Edge it is a plain button", async () => {
    const p1 = createUser({ name: "Owner" });
    const tims: any = await flangeCharacter("Mr Tims", { attributes: { perception: 6 }, edge: { points: 1, spent: 1 } }, [skill("Surgery", "medicine", 2, { attribute: "perception" })]);
    await tims.update({ ownership: { [p1.id!]: 3 } });
    scriptDiceFaces([2, 3]);
    await asUser(p1, () => performFlangeCheck(tims, { skill: tims.items.getName("Surgery").id }, new MouseEvent("click", { shiftKey: true })));
    const card = (game as any).messages.contents.at(-1);
    const render = async () => ((await asUser(p1, () => card.renderHTML())) as HTMLElement).querySelector<HTMLButtonElement>('[data-bb-action="flange.edgeReroll"]')!;
    const none = await render();
    expect(none.getAttribute("aria-disabled")).toBe("true");
    expect(none.getAttribute("aria-description")).toBe("Mr Tims has no Edge left to spend.");
    await tims.update({ "system.edge.spent": 0 });
    expect((await render()).hasAttribute("aria-disabled")).toBe(false);
  });
});
