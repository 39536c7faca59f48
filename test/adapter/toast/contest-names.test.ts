/**
 * Issue 24.5 in a Toast world: a contested task names both sides everywhere: the odds panels
 * ("Ava wins", "Bren's Auto", never "You win" or "The roll on the card wins"), the answer dialog's
 * title and every contest card's title ("Contested task: Ava vs Bren").
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { ledgerSettled } from "../../../src/core/chat/ledger";
import { performToastCheck } from "../../../src/rulesets/toast/task";
import { respondThroughRelay, shift } from "../exchange-relay";

beforeEach(bootWorld("toast"));

const ATTRS = { strength: 12, agility: 17, hec: 10, health: 10, tolerance: 14, perception: 10, focus: 12, empathy: 8, will: 6, psyche: 6 };
const msgs = (): any[] => (game as any).messages.contents;
const oddsLabels = (root: HTMLElement) => [...root.querySelectorAll("[data-bb-odds] li")].map((li) => li.querySelector("span")?.textContent ?? "");

async function fighter(name: string, ownership: Record<string, number>): Promise<any> {
  const a: any = await Actor.create({ name, type: "toast", system: { attributes: ATTRS }, ownership } as never);
  await a.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "toastSkill", system: { level: 5, baseAttributes: ["agility"], category: "weapon" } }]);
  return a;
}

async function scene() {
  const p1 = createUser({ name: "Ava's player" });
  const p2 = createUser({ name: "Bren's player" });
  return { p1, p2, ava: await fighter("Ava", { [p1.id!]: 3 }), bren: await fighter("Bren", { [p2.id!]: 3 }) };
}
const broadsword = (a: any) => ({ kind: "skill", itemId: a.items.getName("Broadsword").id });
const title = (html: HTMLElement) => html.querySelector(".toast-contest > .bb-card-title h3")?.textContent;

describe("a contest against a number", () => {
  it("its odds name the roller and the opponent; its card's title names both sides", async () => {
    const s = await scene();
    const pending = asUser(s.p1, () => performToastCheck(s.ava, broadsword(s.ava), { contested: true, opponentModifier: 9 }));
    const dialog = await waitForDialog();
    const labels = oddsLabels(dialog.element);
    expect(labels).toEqual(expect.arrayContaining(["Ava wins", "Opponent wins", "Tie (GM's call)", "Ava's Auto", "Ava's Flub", "Opponent's Auto", "Opponent's Flub"]));
    expect(labels.join(" ")).not.toMatch(/You win|Your |First side|BREADBOX\./);
    scriptDiceFaces([6, 3]);
    await answerDialog({ dialog, action: "roll" });
    expect(await pending).toHaveLength(2);
    expect(title(await msgs().at(-1).renderHTML())).toBe("Contested task: Ava vs Opponent");
  });
});

describe("a contest against a character (toast.contest)", () => {
  it("the declaration, the answer dialog (title and odds) and the result card name both sides", async () => {
    const s = await scene();
    (s.p1 as any).targets = new Set([{ actor: s.bren }]);
    scriptDiceFaces([6]);
    await asUser(s.p1, () => performToastCheck(s.ava, broadsword(s.ava), { contested: true }, shift));
    (s.p1 as any).targets = new Set();
    await ledgerSettled();
    const card = msgs().at(-1);
    expect(title(await card.renderHTML())).toBe("Contested task: Ava vs Bren");
    const pending = respondThroughRelay(s.p2, card, "answer", null);
    const dialog = await waitForDialog();
    expect(dialog.title).toBe("Contested task: Bren answers Ava");
    const labels = oddsLabels(dialog.element);
    expect(labels).toEqual(expect.arrayContaining(["Ava wins", "Bren wins", "Tie (GM's call)", "Bren's Auto", "Bren's Flub"]));
    expect(labels.join(" ")).not.toMatch(/You win|Your |roll on the card|BREADBOX\./);
    scriptDiceFaces([7]);
    await answerDialog({ dialog, action: "roll" });
    expect(await pending).toMatchObject({ ok: true });
    const result: HTMLElement = await msgs().at(-1).renderHTML();
    expect(title(result)).toBe("Contested task: Ava vs Bren");
    expect(result.querySelector(".toast-contest-result")?.textContent).toMatch(/^(Ava wins|Bren wins|A tie: the GM decides)$/);
  });
});
