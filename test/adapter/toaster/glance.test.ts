/**
 * Issue 24 (items 4-6) in a Toaster world: the one odds panel every ruleset uses (src/core/rolls/
 * odds-panel.ts) puts overlapping events apart from the tiles that add up to 100 %, and leads with a
 * ruleset's headline where it has one — the Toaster defence no longer opens with "Fumble 70%".
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, setRandomUniform, waitForDialog } from "../../harness/index";
import { bootWorld, itemData, makeCharacter } from "./boot";
import { oddsPanelHtml } from "../../../src/core/rolls/odds-panel";
import { makeOdds } from "../../../src/dice/contract";
import { attackWithWeapon } from "../../../src/rulesets/toaster/chat/attack";
import { defend } from "./exchange";

beforeEach(bootWorld("toaster"));

function panel(html: string): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

const tiles = (root: Element | null) => [...(root?.querySelectorAll("li") ?? [])].map((li) => [li.querySelector("span")!.textContent, li.querySelector("strong")!.textContent]);
const percent = (s: string | null) => Number(String(s).replace("%", ""));

describe("the core odds panel", () => {
  const odds = makeOdds({ success: 0.6, outcomes: [{ key: "failure", p: 0.4 }, { key: "success", p: 0.6 }], extras: [{ key: "auto", p: 1 / 12 }] });

  it("keeps overlapping events out of the tiles that add up to 100 %, in a group that says so", () => {
    const p = panel(oddsPanelHtml(odds, { labelKey: (k) => k }));
    const main = p.querySelector(":scope > ul.bb-odds")!;
    expect(tiles(main)).toEqual([["failure", "40.0%"], ["success", "60.0%"]]);
    const extras = p.querySelector(".bb-odds-extras")!;
    expect(main.contains(extras)).toBe(false);
    expect(extras.textContent).toContain("Also possible (overlaps the figures above):");
    expect(tiles(extras)).toEqual([["auto", "8.3%"]]);
    expect(p.querySelector("details")).toBeNull();
  });

  it("leads with a ruleset's headline and folds every outcome below it", () => {
    const p = panel(oddsPanelHtml(odds, { labelKey: (k) => k, headline: (o) => [{ label: "Win", p: o.success }, { label: "Lose", p: 1 - o.success }] }));
    expect(tiles(p.querySelector(":scope > ul.bb-odds-headline"))).toEqual([["Win", "60.0%"], ["Lose", "40.0%"]]);
    const detail = p.querySelector<HTMLDetailsElement>("details.bb-odds-detail")!;
    expect(detail.open).toBe(false);
    expect(detail.querySelector("summary")!.textContent).toBe("All outcomes");
    expect(tiles(detail)).toEqual([["failure", "40.0%"], ["success", "60.0%"]]);
    expect(tiles(p.querySelector(".bb-odds-extras"))).toEqual([["auto", "8.3%"]]);
  });
});

describe("the Toaster defence dialog", () => {
  it("leads with 'Reach N to stop the attack' and its complement; the five bands (Fumble among them) are folded", async () => {
    const p1 = createUser({ name: "Attacker's player" });
    const p2 = createUser({ name: "Defender's player" });
    const attacker = await makeCharacter("Rhoenda", { attributes: { physique: { value: 5 }, coordination: { value: 7 } } }, [
      { name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } },
      itemData("toaster-weapons", "Broadsword"),
    ]);
    await attacker.update({ ownership: { [p1.id!]: 3 } });
    const defender = await makeCharacter("Guard", { attributes: { physique: { value: 4 }, coordination: { value: 5 } } }, [
      { name: "Dodge", type: "toasterSkill", system: { base: 3, attribute: "coordination", role: "dodge" } },
    ]);
    await defender.update({ ownership: { [p2.id!]: 3 } });
    (p1 as any).targets = new Set([{ actor: defender }]);
    // The attack die shows 6: 6 + Sword 8 = 14.
    setRandomUniform(() => 1 - 6.5 / 10);
    await asUser(p1, () => attackWithWeapon(attacker, attacker.items.find((i: any) => i.type === "toasterWeapon"), new MouseEvent("click", { shiftKey: true })));
    const attackMsg = (game as any).messages.contents.at(-1);
    const pending = asUser(p2, () => defend(attackMsg));
    const dialog = await waitForDialog();
    const odds = dialog.element.querySelector("[data-bb-odds]")!;
    const headline = tiles(odds.querySelector(":scope > ul.bb-odds-headline"));
    expect(headline.map(([label]) => label)).toEqual(["Reach 14 to stop the attack", "The attack gets through"]);
    expect(percent(headline[0]![1]) + percent(headline[1]![1])).toBeCloseTo(100, 1);
    const detail = odds.querySelector<HTMLDetailsElement>("details.bb-odds-detail")!;
    expect(detail.open).toBe(false);
    expect(tiles(detail).map(([label]) => label)).toEqual(["Fumble", "Failure", "Marginal", "Success", "Critical"]);
    // A detail the user opened stays open while the odds follow the form.
    detail.open = true;
    const situational = dialog.element.querySelector<HTMLInputElement>('input[name="situational"]')!;
    situational.value = "2";
    situational.dispatchEvent(new Event("change", { bubbles: true }));
    expect(odds.querySelector<HTMLDetailsElement>("details.bb-odds-detail")!.open).toBe(true);
    expect(tiles(odds.querySelector(":scope > ul.bb-odds-headline"))[0]![1]).not.toBe(headline[0]![1]);
    await answerDialog({ action: "cancel" });
    await pending;
  });
});
