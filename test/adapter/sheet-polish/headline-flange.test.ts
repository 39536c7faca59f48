import { beforeEach, describe, it } from "vitest";
import { answerDialog, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { performFlangeCheck } from "../../../src/rulesets/flange/checks";
import { flangeCharacter, skill } from "../flange/helpers";
import { expectHeadline } from "./headline";

beforeEach(bootWorld("flange"), 30_000);

describe("the Flange check dialog leads with headline odds (issue 24.4)", () => {
  it("fails / marginal success / two or more successes; a critical failure apart; the seven results folded", async () => {
    // Mr Tims' surgery: 2 dice against Perception 6 (seed "Skills and Dice Rolls").
    const a = await flangeCharacter("Mr Tims", { attributes: { perception: 6, dexterity: 9 } }, [skill("Surgery", "medicine", 2, { attribute: "perception" })]);
    const pending = performFlangeCheck(a, { skill: a.items.find((i: any) => i.name === "Surgery").id });
    const dialog = await waitForDialog();
    expectHeadline(dialog.element.querySelector("[data-bb-odds]")!, {
      headline: [
        ["The check fails", ["Critical failure", "Failure"]],
        ["A marginal success (1 success)", ["Marginal success"]],
        ["Two or more successes", ["Ready Salted success", "Good success", "Excellent job", "Blimey!"]],
      ],
      overlap: [/Critical failure \(part of failing\)/],
    });
    await answerDialog({ action: "cancel" });
    await pending;
  });
});
