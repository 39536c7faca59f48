import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { performToastCheck } from "../../../src/rulesets/toast/task";
import { toastAttack } from "../../../src/rulesets/toast/combat/attack";
import { skill, toastCharacter, weapon } from "../toast/combat-boot";
import { expectHeadline, panelsIn } from "./headline";

beforeEach(bootWorld("toast"), 30_000);

describe("Toast dialogs lead with headline odds (issue 24.4)", () => {
  it("a task: succeeds / fails, Auto and Flub apart, the four outcomes folded", async () => {
    const a: any = await toastCharacter("Ava", { agility: 14 }, [skill("Climbing", "climbing", ["agility"], 3)]);
    const pending = performToastCheck(a, { kind: "skill", itemId: a.items.getName("Climbing").id }, {});
    const dialog = await waitForDialog();
    const panel = dialog.element.querySelector("[data-bb-odds]")!;
    const { overlap } = expectHeadline(panel, {
      headline: [
        ["The task succeeds", ["Success", "Auto"]],
        ["The task fails", ["Failure", "Flub"]],
      ],
      overlap: [/Auto: succeeds whatever the total/, /Flub: fails whatever the total/],
    });
    // A d10+ shows Auto on one face of twelve and Flub on another.
    expect(overlap.map((t) => t.pct)).toEqual([8.3, 8.3]);
    await answerDialog({ dialog, action: "cancel" });
    await pending;
  });

  it("an attack: misses / tie / hits without a wound / wounds her; collapsing or dying and the Autos apart", async () => {
    const p1 = createUser({ name: "Attacker's player" });
    const attacker = await toastCharacter("Ysolde", { agility: 17 }, [skill("Broadsword", "broadsword", ["agility"], 5), weapon("Broadsword", "Broadsword")]);
    await attacker.update({ ownership: { [p1.id!]: 3 } });
    const defender = await toastCharacter("Guard", { agility: 12 }, [skill("Sword", "sword", ["agility"], 3), weapon("Short sword", "Sword")]);
    (p1 as any).targets = new Set([{ actor: defender }]);
    const pending = asUser(p1, () => toastAttack(attacker, attacker.items.find((i: any) => i.type === "toastWeapon")));
    const dialog = await waitForDialog();
    const panels = panelsIn(dialog.element.querySelector("[data-bb-odds]")!);
    // Against her best defence (contested: a tie is possible), then if she does not defend.
    expect(panels).toHaveLength(2);
    const wounds = ["Hit, wounded", "Hit, she collapses", "Hit, she dies"];
    expectHeadline(panels[0]!, {
      headline: [
        ["The attack misses", ["Miss"]],
        ["Tie (GM's call)", ["Tie"]],
        ["It hits, no wound gets through", ["Hit, no wound gets through"]],
        ["It hits and wounds her", wounds],
      ],
      overlap: [/Attacker's Auto/, /Defender's Flub/],
    });
    expectHeadline(panels[1]!, {
      headline: [
        ["The attack misses", ["Miss"]],
        ["It hits, no wound gets through", ["Hit, no wound gets through"]],
        ["It hits and wounds her", wounds],
      ],
      overlap: [/Attacker's Auto/],
    });
    await answerDialog({ dialog, action: "cancel" });
    await pending;
  });
});
