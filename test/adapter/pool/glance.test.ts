/**
 * Issue 24 (items 3-6) in a Dice Pool world: the check dialog leads with what a player needs (the
 * pool, the difficulty, the odds) and folds the rest away; the card marks what it does not count.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, fillForm, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { performPoolCheck } from "../../../src/rulesets/pool/checks";

beforeEach(bootWorld("pool"));

async function character(name: string): Promise<any> {
  const actor: any = await Actor.create({ name, type: "pool" } as never);
  await actor.createEmbeddedDocuments("Item", [
    { name: "Athletics", type: "poolAbility", system: { rating: 2 } },
    { name: "Agility", type: "poolAttribute", system: { score: 1 } },
  ]);
  return actor;
}

const names = (root: Element) => [...root.querySelectorAll<HTMLInputElement>("input[name], select[name]")].map((el) => el.name);

describe("the check dialog: essentials first, the rest folded", () => {
  it("the pool, the difficulty and the odds come first; every other field sits in a closed, keyboard-reachable 'More options'", async () => {
    const a = await character("Mira");
    const pending = performPoolCheck(a);
    const dialog = await waitForDialog();
    const body = dialog.element.querySelector(".pool-check-dialog")!;
    const more = body.querySelector<HTMLDetailsElement>(":scope > details.bb-more-options")!;
    expect(more).not.toBeNull();
    expect(more.open).toBe(false);
    // A <summary> is focusable and opens its <details> with Enter or Space: no script needed.
    expect(more.firstElementChild!.tagName).toBe("SUMMARY");
    expect(more.querySelector("summary")!.textContent!.trim()).toBe("More options");
    const outside = names(body).filter((n) => !more.contains(body.querySelector(`[name="${n}"]`)));
    expect(outside).toEqual(["ability", "attribute", "difficulty", "requiredDegree"]);
    expect(names(more)).toEqual(expect.arrayContaining(["justified", "die", "convert", "extraAdd", "extraBonus", "extraPenalty", "activity", "effectLevel", "resolution", "timeMode", "normalPhases", "phasesTaken", "doublings"]));
    // The odds panel comes before the folded section, right after the essentials.
    const odds = body.querySelector("[data-bb-odds]")!;
    expect(odds.parentElement).toBe(body);
    expect(odds.compareDocumentPosition(more) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Folded fields still count: the pool line shows them.
    fillForm(dialog.element, { ability: "Athletics", extraPenalty: "2" });
    expect(odds.textContent).toMatch(/2 Penalty/);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
  });

  it("the summary says how many folded options the dialog opens with already set", async () => {
    const a = await character("Mira");
    const pending = performPoolCheck(a, { ability: "Athletics", extraPenalty: 1, timeMode: "regular", doublings: 1 });
    const dialog = await waitForDialog();
    expect(dialog.element.querySelector("details.bb-more-options > summary")!.textContent!.trim()).toBe("More options (3 set)");
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
  });
});

describe("the check card", () => {
  it("strikes through the dice the pool drops and says why", async () => {
    const a = await character("Mira");
    const pending = performPoolCheck(a, { ability: "Athletics", extraBonus: 2 });
    await waitForDialog();
    // 3 Add dice and 2 Bonus dice: keep the 3 highest of 8, 2, 5, 6, 1 (2 and 1 dropped).
    scriptDiceFaces([8, 2, 5, 6, 1]);
    await answerDialog({ action: "roll" });
    expect((await pending)?.total).toBe(19);
    const html: HTMLElement = await (game as any).messages.contents.at(-1).renderHTML();
    const struck = [...html.querySelectorAll(".bb-die.discarded")];
    expect(struck.map((d) => d.querySelector("s")?.textContent)).toEqual(["2", "1"]);
    expect([...html.querySelectorAll(".bb-die.kept s")]).toHaveLength(0);
    expect(html.querySelector(".bb-dropped-line")!.textContent).toBe("Struck through: 2 dropped — the Bonus dice keep the 3 highest.");
  });
});
