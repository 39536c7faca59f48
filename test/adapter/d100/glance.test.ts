/**
 * Issue 24 (items 4-6) in a D10/0 world: a check's odds lead with three figures (failure, miss,
 * success) that add up to 100 %, the thirteen degrees folded below and the overlapping events apart.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, fillForm, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { performD100Check } from "../../../src/rulesets/d100/checks";
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
