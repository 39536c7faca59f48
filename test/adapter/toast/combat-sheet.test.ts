/**
 * The combat tab of the Toast sheet: weapons with their skill modifier, damage dice and Attack
 * button (which opens the attack dialog with both odds panels and posts the card); initiative, best
 * defence, armor, collapse line, state.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, scriptDiceFaces, settle, waitForDialog } from "../../harness/index";
import { armor, lastMessage, skill, toastCharacter, weapon } from "./combat-boot";
import { bootWorld } from "../toaster/boot";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

async function open(doc: any) {
  const sheet = doc.sheet;
  await sheet.render({ force: true });
  await settle();
  return sheet;
}

describe("the sheet's combat tab", () => {
  it("shows each weapon's modifier and damage dice, the defence numbers and the state, all localized", async () => {
    const a = await toastCharacter("Ysolde", { agility: 17, strength: 10 }, [skill("Broadsword", "broadsword", ["agility"], 5), weapon("Broadsword", "Broadsword"), weapon("Bow", "bow", { delivery: "bow", bonusDice: 1 }), armor("Leather", 3, 20, "leather")]);
    const sheet = await open(a);
    const panel: HTMLElement = sheet.element.querySelector('[data-tab="combat"].tab');
    expect(panel).not.toBeNull();
    const text = panel.textContent ?? "";
    // Broadsword: AGI 17 → +3, level 5, armor penalty 20 ÷ 27 = 0 → +8; 2 + 3 dice.
    expect(text).toContain("Broadsword (+8)");
    expect(text).toContain("Damage dice: 5 (base 2, attribute 3, bonus 0)");
    // Bow: untrained listed skill (HEC 10 → 0), no attribute dice, one bonus die.
    expect(text).toContain("Damage dice: 3 (base 2, attribute 0, bonus 1)");
    expect(text).toContain("untrained");
    expect(panel.querySelector(".toast-wound-reduction")?.textContent).toBe("3");
    expect(text).toContain("On her feet");
    expect(text.match(/\b(BREADBOX|TYPES)\.[A-Za-z.]+/g) ?? []).toEqual([]);
    expect(sheet.element.querySelector('[data-action="tab"][data-tab="combat"]')).not.toBeNull();
  });

  it("the Attack button opens the dialog with both odds panels and posts the attack card", async () => {
    const a = await toastCharacter("Ysolde", { agility: 17 }, [skill("Broadsword", "broadsword", ["agility"], 5), weapon("Broadsword", "Broadsword")]);
    const d = await toastCharacter("Guard", { agility: 12 }, [skill("Sword", "sword", ["agility"], 3), weapon("Short sword", "Sword")]);
    (game as any).user.targets = new Set([{ actor: d }]);
    const sheet = await open(a);
    (sheet.element.querySelector('.toast-combat-weapons [data-action="toastAttack"]') as HTMLElement).click();
    const dialog = await waitForDialog();
    const odds = dialog.element.querySelector("[data-bb-odds]");
    // Two panels; overlapping extras sit apart in their own list (issue 24.4).
    // Each panel's headline list; the full ladder folds away in its own details (issue 24.4).
    const headlines = [...odds.querySelectorAll("ul.bb-odds:not(.bb-odds-overlap)")].filter((ul: Element) => !ul.closest(".bb-odds-detail"));
    expect(headlines).toHaveLength(2);
    expect(odds.textContent).toContain("If she defends with Sword (+4)");
    expect(odds.textContent).toContain("If she does not defend (target number 11)");
    scriptDiceFaces([6]);
    await answerDialog({ dialog, action: "roll" });
    await settle();
    expect(lastMessage().flags.breadbox).toMatchObject({ type: "exchangeDeclaration", exchange: "toast.attack", choices: { situational: 0 } });
    expect((await lastMessage().renderHTML()).textContent).toContain("6 +8 = 14");
  });
});
