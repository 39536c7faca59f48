import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, fillForm, scriptDiceFaces, settle, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { buildEffort, startEffort } from "../../../src/rulesets/d100/effort";
import * as R from "../../../src/rulesets/d100/rules";

// A d100 world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("d100"));

async function pc(name: string, attributes: Record<string, number>): Promise<any> {
  return Actor.create({ name, type: "d100", system: { attributes } } as never);
}

function lastCard(): HTMLElement {
  const message = (game as any).messages.contents.at(-1);
  const div = document.createElement("div");
  div.innerHTML = message.content;
  return div;
}

describe("effort cards", () => {
  it("conflicting effort: two characters' checks with Foundry dice; the greater effort prevails", async () => {
    const a = await pc("Ann", { strength: 8 });
    const b = await pc("Bea", { strength: 4 });
    const pending = startEffort(a, "conflicting");
    const dialog = await waitForDialog();
    fillForm(dialog.element, { target0: "attribute:strength", actor1: b.id, target1: "attribute:strength" });
    const odds = R.conflictOdds({ first: { kind: "attribute", score: 8 }, second: { kind: "attribute", score: 4 } });
    const first = odds.outcomes.find((o) => o.key === "first")!.p;
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain(`${(first * 100).toFixed(1)}%`);
    // Each side by its name (issue 24.5), not "This character" / "The other side".
    const labels = [...dialog.element.querySelectorAll("[data-bb-odds] li > span")].map((x) => x.textContent);
    expect(labels).toEqual(expect.arrayContaining(["Ann prevails", "Bea prevails", "Tie: neither prevails"]));
    // Foundry d10s 3 and 10: Ann 8 − 3 = +5, Bea 4 − 0 = +4.
    scriptDiceFaces([3, 10]);
    await answerDialog({ action: "roll" });
    await pending;
    await settle();
    const card = lastCard();
    expect(card.querySelector(".d100-effort-verdict")?.textContent).toBe("Ann prevails");
    expect(card.textContent).toContain("Margin 1: effort +5 against +4");
    // Each side's degree against the other's effort: Ann +1 (Minor Success), Bea −1 with a consolation.
    expect([...card.querySelectorAll(".d100-effort-note")].map((n) => n.textContent)).toEqual(["Minor Success", "Almost Successful · Consolation"]);
    // Both sides' dice are one Foundry roll (a GM entering dice by hand is asked once).
    const rolls = (game as any).messages.contents.at(-1).rolls;
    expect(rolls).toHaveLength(1);
    expect(rolls[0].dice.flatMap((d: any) => d.results.map((r: any) => r.result))).toEqual([3, 10]);
  });

  it("cooperative effort, direct: the helpers' efforts are totalled against the task", async () => {
    const a = await pc("Ann", { intellect: 6 });
    const b = await pc("Bea", { intellect: 5 });
    const built = buildEffort({ kind: "cooperative", participants: [{ actorId: a.id, target: "attribute:intellect" }, { actorId: b.id, target: "attribute:intellect" }], mode: "direct", cumulativeMode: "positiveOnly", ladder: "hard", modifier: 0, goal: 100, total: 0, checks: 1 });
    expect(built.kind).toBe("cooperative");
    const pending = startEffort(a, "cooperative");
    const dialog = await waitForDialog();
    fillForm(dialog.element, { mode: "direct", target0: "attribute:intellect", actor1: b.id, target1: "attribute:intellect", ladder: "hard" });
    scriptDiceFaces([2, 1]);
    await answerDialog({ action: "roll" });
    await pending;
    // 6 − 2 + 5 − 1 = 8 against Hard (3): degree +5.
    const expected = R.resolveCooperative({ helpers: [{ kind: "attribute", score: 6 }, { kind: "attribute", score: 5 }], task: { kind: "attribute", difficulty: 3 } }, [2, 1]);
    expect(lastCard().querySelector(".d100-effort-verdict")?.textContent).toContain(`(+${expected.result.degree})`);
  });

  it("cumulative effort: checks until the goal, shown with the total", async () => {
    const a = await pc("Ann", { focus: 9 });
    const pending = startEffort(a, "cumulative");
    const dialog = await waitForDialog();
    fillForm(dialog.element, { target0: "attribute:focus", goal: "12", checks: "3" });
    // The odds name each check the task may complete at.
    const rows = [...dialog.element.querySelectorAll("[data-bb-odds] li.outcome-check2")];
    expect(rows.map((li) => li.querySelector("span")?.textContent)).toEqual(["Complete at check 2"]);
    scriptDiceFaces([1, 2, 3]);
    await answerDialog({ action: "roll" });
    await pending;
    // 8 then 7: complete at the second check.
    expect(lastCard().querySelector(".d100-effort-verdict")?.textContent).toBe("Complete at check 2");
    expect(lastCard().textContent).toContain("Effort 15 of 12");
  });
});

describe("cumulative tasks kept on the character", () => {
  it("each check adds its effort to the stored total until the goal; a complete task is refused", async () => {
    const a: any = await pc("Ann", { intellect: 7 });
    await a.update({ "system.tasks": [{ name: "Decipher", target: "attribute:intellect", goal: 10, mode: "positiveOnly", total: 0, checks: 0 }] });
    await a.sheet.render({ force: true });
    await settle();
    const click = () => (a.sheet.element.querySelector('[data-index="0"] [data-action="rollTask"]') as HTMLElement).click();
    scriptDiceFaces([3]);
    click();
    await settle();
    await new Promise((r) => setTimeout(r, 0));
    await settle();
    expect(a.system.tasks[0]).toMatchObject({ total: 4, checks: 1 });
    // A negative effort does not count in "positive only" mode.
    scriptDiceFaces([9]);
    click();
    await settle();
    await new Promise((r) => setTimeout(r, 0));
    await settle();
    expect(a.system.tasks[0]).toMatchObject({ total: 4, checks: 2 });
    scriptDiceFaces([10]);
    click();
    await settle();
    await new Promise((r) => setTimeout(r, 0));
    await settle();
    expect(a.system.tasks[0]).toMatchObject({ total: 11, checks: 3 });
    expect(lastCard().querySelector(".d100-effort-verdict")?.textContent).toBe("Complete at check 3");
    expect(a.sheet.element.querySelector('[data-index="0"] [data-action="rollTask"]')).toBeNull();
  });
});
