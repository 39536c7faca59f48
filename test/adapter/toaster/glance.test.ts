/**
 * Issue 24 (items 4-6) in a Toaster world: the one odds panel every ruleset uses (src/core/rolls/
 * odds-panel.ts) puts overlapping events apart from the tiles that add up to 100 %, and leads with a
 * ruleset's headline where it has one — the Toaster defence no longer opens with "Fumble 70%".
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, setRandomUniform, waitForDialog } from "../../harness/index";
import { bootWorld, itemData, makeCharacter, notifications, postCheckCard } from "./boot";
import { oddsPanelHtml } from "../../../src/core/rolls/odds-panel";
import { makeOdds } from "../../../src/dice/contract";
import { attackWithWeapon } from "../../../src/rulesets/toaster/chat/attack";
import { defend } from "./exchange";
import { duelScene } from "./duel";

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
    const { p1, p2, attacker, defender } = await duelScene({ target: true });
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

describe("buttons that cannot be used say why (issue 24.6)", () => {
  it("Re-roll (4 luck) with 3 luck is marked unusable with the reason, follows the luck, and does nothing when clicked", async () => {
    const p1 = createUser({ name: "Player" });
    const hero = await makeCharacter("Rhoenda");
    await hero.update({ ownership: { [p1.id!]: 3 }, "system.luck.value": 3 });
    setRandomUniform(() => 1 - 5.5 / 10);
    const card = await postCheckCard(p1, hero);
    const html: HTMLElement = await asUser(p1, () => card.renderHTML());
    document.body.append(html);
    const reroll = html.querySelector<HTMLButtonElement>('[data-bb-action="toaster.luckReroll"]')!;
    const addOne = html.querySelector<HTMLButtonElement>('[data-bb-action="toaster.luckAfter"]')!;
    expect(reroll.getAttribute("aria-disabled")).toBe("true");
    expect(reroll.getAttribute("aria-description")).toBe("A re-roll needs 4 luck points; Rhoenda has 3.");
    expect(reroll.dataset.tooltip).toBe("A re-roll needs 4 luck points; Rhoenda has 3.");
    // Still focusable: a keyboard user reaches it and hears why.
    expect(reroll.disabled).toBe(false);
    expect(addOne.hasAttribute("aria-disabled")).toBe(false);
    await asUser(p1, async () => reroll.click());
    expect(hero.system.luck.value).toBe(3);
    expect(notifications().at(-1)).toMatchObject({ type: "warning", message: "A re-roll needs 4 luck points; Rhoenda has 3." });
    // The actor's luck changes: the rendered card follows.
    await hero.update({ "system.luck.value": 4 });
    expect(reroll.hasAttribute("aria-disabled")).toBe(false);
    await hero.update({ "system.luck.value": 0 });
    expect(addOne.getAttribute("aria-description")).toBe("Rhoenda has no luck points left.");
    html.remove();
  });

  it("no 'Hit location' button after a hit that did no damage; there is one after a hit that did", async () => {
    await (game as any).settings.set("breadbox", "toaster.hitLocation", true);
    const { clearToasterRulesCache } = await import("../../../src/rulesets/toaster/settings");
    clearToasterRulesCache();
    const { p1, p2, attacker, defender } = await duelScene({ target: true });
    const shift = new MouseEvent("click", { shiftKey: true });
    const resolve = async (faces: number[]) => {
      const queue = [...faces];
      setRandomUniform(() => 1 - (queue.shift()! + 0.5) / 10);
      await asUser(p1, () => attackWithWeapon(attacker, attacker.items.find((i: any) => i.type === "toasterWeapon"), shift));
      await asUser(p2, () => defend((game as any).messages.contents.at(-1), shift));
      const resolution = (game as any).messages.contents.at(-1);
      return { resolution, html: (await resolution.renderHTML()) as HTMLElement };
    };
    // Attack 14 against defence 11 hits; damage 1 + 6 = 7 against protection 9 + 2 = 11: no damage.
    const none = await resolve([6, 7, 1, 9]);
    expect(none.resolution.flags.breadbox).toMatchObject({ hit: true, damage: 0 });
    expect(none.html.querySelector('[data-bb-action="toaster.hitLocation"]')).toBeNull();
    // Damage 7 + 6 = 13 against protection 1 + 2 = 3: 10 damage, and the button.
    const some = await resolve([6, 7, 7, 1]);
    expect(some.resolution.flags.breadbox).toMatchObject({ hit: true, damage: 10 });
    expect(some.html.querySelector('[data-bb-action="toaster.hitLocation"]')).not.toBeNull();
    // Whose result the band is (issue 24.5): the attacker's.
    expect(some.html.querySelector(".toaster-result")!.textContent!.replace(/\s+/g, " ").trim()).toBe("Rhoenda's attack: Success");
  });
});

describe("table cards say what their dice are (issue 24.5)", () => {
  it("a critical card names the d10 and the d6 it read, not a bare '4 / 3'", async () => {
    const { postCritical } = await import("../../../src/rulesets/toaster/chat/tables");
    const queue = [1 - 4.5 / 10, 1 - 2.5 / 6];
    setRandomUniform(() => queue.shift() ?? 0.5);
    const card = await postCritical(null);
    const div = document.createElement("div");
    div.innerHTML = card!.content;
    expect(card!.flags.breadbox).toMatchObject({ d10: 4, d6: 3 });
    expect(div.querySelector(".bb-dice")!.textContent).toBe("Rolled d10 4 and d6 3");
  });
});

describe("the Toaster attack dialog's odds (issue 24.4)", () => {
  it("lead with Hit and Miss (100 % together); critical and wound sit apart; average damage is a line, not a tile", async () => {
    const p1 = createUser({ name: "Attacker's player" });
    const attacker = await makeCharacter("Rhoenda", { attributes: { physique: { value: 5 }, coordination: { value: 7 } } }, [
      { name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } },
      itemData("toaster-weapons", "Broadsword"),
    ]);
    await attacker.update({ ownership: { [p1.id!]: 3 } });
    const defender = await makeCharacter("Guard", { attributes: { physique: { value: 4 }, coordination: { value: 5 } } }, [
      { name: "Dodge", type: "toasterSkill", system: { base: 3, attribute: "coordination", role: "dodge" } },
    ]);
    (p1 as any).targets = new Set([{ actor: defender }]);
    const pending = asUser(p1, () => attackWithWeapon(attacker, attacker.items.find((i: any) => i.type === "toasterWeapon")));
    const dialog = await waitForDialog();
    const odds = dialog.element.querySelector("[data-bb-odds]")!;
    const main = tiles(odds.querySelector(":scope > ul.bb-odds"));
    expect(main.map(([label]) => label)).toEqual(["Hit", "Miss"]);
    expect(percent(main[0]![1]) + percent(main[1]![1])).toBeCloseTo(100, 1);
    expect(tiles(odds.querySelector(".bb-odds-extras")).map(([label]) => label)).toEqual(["Critical table", "At least one wound"]);
    expect(odds.querySelector(".toaster-mean-damage")!.textContent).toMatch(/^Average damage \d+\.\d per attack \(a miss counts 0\)$/);
    await answerDialog({ action: "cancel" });
    await pending;
  });
});
