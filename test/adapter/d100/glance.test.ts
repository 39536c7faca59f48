/**
 * Issue 24 (items 4-6) in a D10/0 world: a check's odds lead with three figures (failure, miss,
 * success) that add up to 100 %, the thirteen degrees folded below and the overlapping events apart.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, fillForm, scriptDiceFaces, settle, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { performD100Check } from "../../../src/rulesets/d100/checks";
import { startEffort } from "../../../src/rulesets/d100/effort";
import { chanceOf, formatChance } from "../../../src/core/rolls/odds-panel";
import * as R from "../../../src/rulesets/d100/rules";

beforeEach(bootWorld("d100"));

const tiles = (root: Element | null) => [...(root?.querySelectorAll("li") ?? [])].map((li) => [li.querySelector("span")!.textContent, li.querySelector("strong")!.textContent]);

describe("the D10/0 check dialog's odds", () => {
  it("lead with Failure / Miss / Success, fold the degrees, and keep the overlapping events apart", async () => {
    const a: any = await Actor.create({ name: "Janet", type: "d100", system: { attributes: { agility: 7, focus: 6, perception: 5 } } } as never);
    const pending = performD100Check(a, { target: "skill:ranged" });
    const dialog = await waitForDialog();
    fillForm(dialog.element, { ladder: "hard" });
    const score = a.system.skillRows.find((r: any) => r.id === "ranged").total;
    const odds = R.checkOdds({ kind: "skill", score, difficulty: 30 });
    const panel = dialog.element.querySelector("[data-bb-odds]")!;
    expect(tiles(panel.querySelector(":scope > ul.bb-odds-headline"))).toEqual([
      ["Failure", formatChance(chanceOf(odds, R.FAILURE_DEGREES))],
      ["Miss", formatChance(chanceOf(odds, ["miss"]))],
      ["Success", formatChance(chanceOf(odds, R.SUCCESS_DEGREES))],
    ]);
    expect(chanceOf(odds, [...R.FAILURE_DEGREES, "miss", ...R.SUCCESS_DEGREES])).toBeCloseTo(1, 9);
    const detail = panel.querySelector<HTMLDetailsElement>("details.bb-odds-detail")!;
    expect(detail.open).toBe(false);
    expect(tiles(detail)).toHaveLength(R.DEGREES_WORST_FIRST.length);
    const extras = panel.querySelector(".bb-odds-extras");
    expect(odds.extras.length).toBeGreaterThan(0);
    expect(tiles(extras)).toHaveLength(odds.extras.length);
    // Nothing overlapping sits among the headline tiles.
    expect(panel.querySelectorAll(":scope > ul.bb-odds-headline li.extra")).toHaveLength(0);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
  });
});

describe("the conflicting effort card", () => {
  it("names the winner neutrally (neither green nor red) with a positive margin, whichever side wins", async () => {
    const a: any = await Actor.create({ name: "Ann", type: "d100", system: { attributes: { strength: 4 } } } as never);
    const b: any = await Actor.create({ name: "Bea", type: "d100", system: { attributes: { strength: 8 } } } as never);
    const pending = startEffort(a, "conflicting");
    const dialog = await waitForDialog();
    fillForm(dialog.element, { target0: "attribute:strength", actor1: b.id, target1: "attribute:strength" });
    // Foundry d10s 1 and 2: Ann 4 − 1 = +3, Bea 8 − 2 = +6.
    scriptDiceFaces([1, 2]);
    await answerDialog({ action: "roll" });
    await pending;
    await settle();
    const card = document.createElement("div");
    card.innerHTML = (game as any).messages.contents.at(-1).content;
    const outcome = card.querySelector(".bb-outcome")!;
    expect(outcome.querySelector(".d100-effort-verdict")!.textContent).toBe("Bea prevails");
    expect(outcome.classList.contains("bb-neutral")).toBe(true);
    expect(outcome.classList.contains("bb-bad")).toBe(false);
    expect(outcome.textContent).toContain("Margin 3: effort +6 against +3");
    expect(outcome.textContent).not.toMatch(/-\d|−\d/);
  });
});

describe("the D10/0 check card", () => {
  async function rolled(preset: Record<string, string>, face: number): Promise<HTMLElement> {
    const a: any = await Actor.create({ name: "Janet", type: "d100", system: { attributes: { agility: 7, focus: 6, perception: 5 } } } as never);
    const pending = performD100Check(a, { target: "skill:ranged" });
    const dialog = await waitForDialog();
    fillForm(dialog.element, preset);
    scriptDiceFaces([face]);
    await answerDialog({ action: "roll" });
    await pending;
    return (game as any).messages.contents.at(-1).renderHTML();
  }

  it("lists the difficulty once, its parts under it, and explains the effort and the degree", async () => {
    const html = await rolled({ ladder: "hard", modifier: "5" }, 58);
    const score = Number(html.querySelector(".d100-check > ul.bb-parts > li > span:last-child")!.textContent);
    // One difficulty line: Hard 30 + 5 = 35; its parts nested under it.
    const lines = [...html.querySelectorAll(".d100-check > ul.bb-parts > li")];
    expect(lines.filter((li) => /Difficulty/.test(li.querySelector(":scope > span")?.textContent ?? ""))).toHaveLength(1);
    expect(html.querySelector(".d100-difficulty")!.textContent).toMatch(/Difficulty \(.+\)\s*35/);
    expect([...html.querySelectorAll(".d100-difficulty-parts li")].map((li) => [...li.querySelectorAll("span")].map((s) => s.textContent))).toEqual([["Difficulty: Hard", "+30"], ["Difficulty modifier", "+5"]]);
    const effort = score - 58;
    const sign = (n: number) => (n > 0 ? `+${n}` : String(n));
    expect(html.querySelector(".d100-explain")!.textContent).toContain(`Effort: score ${score} − roll 58 = ${sign(effort)}`);
    expect(html.querySelector(".d100-explain")!.textContent).toContain(`Degree: effort ${sign(effort)} − difficulty 35 = ${sign(effort - 35)}`);
  });

  it("a difficulty made only of its ladder step is not listed twice", async () => {
    const html = await rolled({ ladder: "hard" }, 12);
    expect(html.querySelector(".d100-difficulty-parts")).toBeNull();
    expect(html.textContent!.match(/Hard/g)).toHaveLength(1);
  });
});
