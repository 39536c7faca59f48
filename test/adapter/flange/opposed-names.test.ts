/**
 * Issue 24.5 in a Flange world: every window and card of an opposed roll names both sides by
 * their characters' names (the unnamed opponent as the book's "Opponent"), never "Roller wins",
 * "First side wins" or "Opponent — Opponent"; a re-roll button says whose roll it re-rolls.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, gmUser, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { ledgerSettled } from "../../../src/core/chat/ledger";
import { bootWorld } from "../toaster/boot";
import { defaultChoices } from "../../../src/rulesets/flange/checks";
import { performOpposedCheck } from "../../../src/rulesets/flange/opposed";
import { declarations, flangeCharacter, respond, skill } from "./helpers";

beforeEach(bootWorld("flange"));

const msgs = (): any[] => (game as any).messages.contents;
const oddsLabels = (root: HTMLElement) => [...root.querySelectorAll("[data-bb-odds] li")].map((li) => li.querySelector("span")?.textContent ?? "");

async function scene() {
  const p1 = createUser({ name: "Tims' player" });
  const p2 = createUser({ name: "Don's player" });
  const tims: any = await flangeCharacter("Mr Tims", { attributes: { perception: 6 }, edge: { points: 1, spent: 0 } }, [skill("Surgery", "medicine", 2)]);
  const don: any = await flangeCharacter("Don Smits", { attributes: { perception: 8 }, edge: { points: 1, spent: 0 } }, [skill("Lying", "deception", 2)]);
  await tims.update({ ownership: { [p1.id!]: 3 } });
  await don.update({ ownership: { [p2.id!]: 3 } });
  return { p1, p2, tims, don };
}

describe("an opposed roll against an unnamed opponent", () => {
  it("its dialog names both sides in the fieldsets and in every odds label", async () => {
    const { p1, tims } = await scene();
    const pending = asUser(p1, () => {
      (game.user as any).targets = new Set();
      return performOpposedCheck(tims, null);
    });
    const dialog = await waitForDialog();
    const legends = [...dialog.element.querySelectorAll(".flange-opposed-dialog > fieldset > legend")].map((l) => l.textContent);
    expect(legends).toEqual(expect.arrayContaining(["Mr Tims", "Opponent"]));
    const labels = oddsLabels(dialog.element);
    expect(labels).toEqual(expect.arrayContaining(["Mr Tims wins", "Opponent wins", "Both lose", "Mr Tims fails critically", "Opponent fails critically"]));
    expect(labels.join(" ")).not.toMatch(/Roller|First side|Second side|BREADBOX\./);
    await answerDialog({ dialog, action: "cancel" });
    await pending;
  });
});

describe("an opposed roll against a character (flange.opposed)", () => {
  it("the roller's dialog, the declaration, the answer dialog and the result card each name both sides", async () => {
    const s = await scene();
    const pending = asUser(s.p1, () => {
      (game.user as any).targets = new Set([{ actor: s.don }]);
      return performOpposedCheck(s.tims, null);
    });
    const mine = await waitForDialog();
    expect(mine.title).toBe("Opposed roll: Mr Tims against Don Smits");
    scriptDiceFaces([7, 8, 9]);
    await answerDialog({ dialog: mine, action: "roll" });
    await pending;
    await ledgerSettled();
    const card = declarations().at(-1);
    expect((await asUser(s.p1, () => card.renderHTML()) as HTMLElement).querySelector(".bb-card-title h3")?.textContent).toContain("Mr Tims ↔ Don Smits");
    const answering = respond(s.p2, card, "oppose", null);
    const theirs = await waitForDialog();
    expect(theirs.title).toBe("Opposed roll: Don Smits answers Mr Tims");
    scriptDiceFaces([2, 3, 4]);
    await answerDialog({ dialog: theirs, action: "roll" });
    expect(await answering).toMatchObject({ ok: true });
    // The GM sees both sides' re-roll buttons (each side's owner sees hers).
    const html: HTMLElement = await asUser(gmUser(), () => msgs().at(-1).renderHTML());
    expect(html.querySelector(".flange-opposed .bb-card-title h3")?.textContent).toBe("Opposed roll: Mr Tims vs Don Smits");
    expect(html.querySelector(".flange-opposed .bb-outcome")?.textContent).toMatch(/^(Mr Tims|Don Smits) wins|Both lose|A complete tie/);
    const rerolls = [...html.querySelectorAll('[data-bb-action="flange.opposedReroll"]')].map((b) => b.textContent!.trim());
    expect(rerolls).toEqual(["Re-roll Mr Tims's dice (1 Edge)", "Re-roll Don Smits's dice (1 Edge)"]);
    expect(html.textContent).not.toMatch(/Opponent|Roller/);
  });
});
