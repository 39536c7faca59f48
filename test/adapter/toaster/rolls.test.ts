import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, scriptDiceFaces, settle, waitForDialog, openDialogs } from "../../harness/index";
import { bootSystem, makeCharacter, notifications } from "./boot";
import { ToasterCheckRoll } from "../../../src/rulesets/toaster/dice/check-roll";
import { D10StarDie } from "../../../src/rulesets/toaster/dice/d10star";
import { performCheck } from "../../../src/rulesets/toaster/checks";
import { skillRequest, attributeRequest } from "../../../src/rulesets/toaster/requests";

beforeEach(bootSystem);

/** Script d10* values (0–9) as harness d10 faces (1–10). */
function starFaces(values: number[]) {
  return scriptDiceFaces(values.map((v) => v + 1));
}

async function swordsman() {
  const a = await makeCharacter("Rhoenda", { attributes: { coordination: { value: 7 } }, luck: { value: 3 } }, [
    { name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination", specialties: [{ name: "Rapier", bonus: 1 }] } },
  ]);
  return { actor: a, skill: a.items.find((i: any) => i.name === "Sword") };
}

function setRule(key: string, value: unknown) {
  return (game as any).settings.set("breadbox", `toaster.${key}`, value);
}

describe("the d10* die term", () => {
  it("is registered as `k` and reads 0–9", async () => {
    expect((CONFIG.Dice.terms as any).k).toBe(D10StarDie);
    starFaces([0, 9, 4]);
    const r = await new Roll("3dk").evaluate();
    expect((r.dice[0] as any).results.map((x: any) => x.result)).toEqual([0, 9, 4]);
    expect(r.total).toBe(13);
  });

  it("rolling nines with a limit: `1dkn1` adds at most one die", async () => {
    starFaces([9, 9, 3]);
    const r = await new Roll("1dkn1").evaluate();
    expect((r.dice[0] as any).starFaces).toEqual([9, 9]);
    expect(r.total).toBe(18);
  });

  it("rolling nines without a limit: `1dkn` keeps going", async () => {
    starFaces([9, 9, 3]);
    const r = await new Roll("1dkn").evaluate();
    expect((r.dice[0] as any).starFaces).toEqual([9, 9, 3]);
  });

  it("Foundry's explode modifier works on it (`1dkx=9`)", async () => {
    starFaces([9, 2]);
    const r = await new Roll("1dkx=9").evaluate();
    expect(r.total).toBe(11);
  });
});

describe("ToasterCheckRoll", () => {
  it("names every modifier in its formula and classifies the result with the rules core", async () => {
    const roll = ToasterCheckRoll.fromCheck({
      kind: "skill", title: "Sword", rank: 8, rankLabel: "Sword", parts: [{ label: "Difficult", value: -2 }, { label: "Rapier", value: 1 }],
      luckBefore: 1, callFour: false, rollingNines: false, ninesLimit: null, rollingZeros: false, target: 10, variableOutcomes: true,
    });
    expect(roll.formula).toBe("1dk + 8[Sword] - 2[Difficult] + 1[Rapier] + 2[Luck]");
    starFaces([3]);
    await roll.evaluate();
    expect(roll.total).toBe(12);
    expect(roll.checkResult).toMatchObject({ total: 12, margin: 2, band: "success", success: true, faces: { die: [3], fumble: [] } });
  });

  it("survives a JSON round trip as its own class (as a chat message stores it)", async () => {
    const roll = ToasterCheckRoll.fromCheck({ kind: "attribute", title: "Aura", rank: 3, rankLabel: "Aura", parts: [], luckBefore: 0, callFour: false, rollingNines: false, ninesLimit: null, rollingZeros: false, target: 10, variableOutcomes: true });
    starFaces([0]);
    await roll.evaluate();
    const back = Roll.fromData(JSON.parse(JSON.stringify(roll.toJSON())) as never) as unknown as ToasterCheckRoll;
    expect(back).toBeInstanceOf(ToasterCheckRoll);
    expect(back.checkResult).toEqual(roll.checkResult);
    expect(back.total).toBe(3);
    expect(back.checkResult?.band).toBe("fumble");
  });

  it("a natural 0 under rolling zeros fails and rolls the fumble check", async () => {
    const roll = ToasterCheckRoll.fromCheck({ kind: "skill", title: "Climb", rank: 9, rankLabel: "Climb", parts: [{ label: "Child's play", value: 5 }], luckBefore: 0, callFour: false, rollingNines: false, ninesLimit: null, rollingZeros: true, target: 10, variableOutcomes: true });
    starFaces([0, 0]);
    await roll.evaluate();
    expect(roll.checkResult).toMatchObject({ naturalZero: true, autoFailure: true, success: false, band: "fumble" });
    expect(roll.checkResult?.fumbleCheck).toMatchObject({ faces: [0], fumbled: true });
  });

  it("calling a 4 rolls no die", async () => {
    const roll = ToasterCheckRoll.fromCheck({ kind: "skill", title: "Climb", rank: 6, rankLabel: "Climb", parts: [], luckBefore: 0, callFour: true, rollingNines: false, ninesLimit: null, rollingZeros: true, target: 10, variableOutcomes: true });
    await roll.evaluate();
    expect(roll.total).toBe(10);
    expect(roll.checkResult).toMatchObject({ calledFour: true, success: true, band: "marginal" });
  });
});

describe("the roll pipeline: dialog → roll → chat", () => {
  it("the dialog's inputs reach the roll, luck before the roll is spent, the card shows the outcome", async () => {
    const { actor, skill } = await swordsman();
    starFaces([4]);
    const pending = performCheck(skillRequest(actor, skill));
    const dialog = await waitForDialog();
    expect(dialog.element.querySelector("[data-bb-odds]")?.textContent).toMatch(/%/);
    await answerDialog({ action: "roll", fill: { difficulty: "difficult", situational: "1", specialty: "0", luckBefore: "1" } });
    const roll = await pending;
    // 4 + rank 8 − 2 difficult + 1 situational + 1 specialty + 2 luck = 14
    expect(roll?.total).toBe(14);
    expect(roll?.checkResult).toMatchObject({ margin: 4, band: "success", luckBefore: 1 });
    expect(actor.system.luck.value).toBe(2);
    const message = (game as any).messages.contents.at(-1);
    expect(message.rolls[0]).toBeInstanceOf(ToasterCheckRoll);
    const html: HTMLElement = await message.renderHTML();
    expect(html.textContent).toContain("Success");
    expect(html.textContent).toContain("Rapier");
    expect(html.querySelector(".bb-die")?.textContent).toBe("4");
  });

  it("live odds follow the form", async () => {
    const { actor, skill } = await swordsman();
    const pending = performCheck(skillRequest(actor, skill));
    const dialog = await waitForDialog();
    const panel = () => dialog.element.querySelector("[data-bb-odds]")!.textContent!;
    const before = panel();
    const select = dialog.element.querySelector<HTMLSelectElement>('select[name="difficulty"]')!;
    select.value = "hellish";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(panel()).not.toBe(before);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
    expect((game as any).messages.size).toBe(0);
  });

  it("a bad value in the dialog is explained, the Roll button is disabled, and nothing is rolled", async () => {
    const { fillForm } = await import("../../harness/index");
    const { actor, skill } = await swordsman();
    const pending = performCheck(skillRequest(actor, skill));
    const dialog = await waitForDialog();
    fillForm(dialog.element, { luckBefore: "9" });
    const panel = dialog.element.querySelector("[data-bb-odds]")!;
    expect(panel.textContent).toMatch(/Luck points before the roll: 9 is outside 0 to 3/);
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    fillForm(dialog.element, { luckBefore: "1" });
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(false);
    fillForm(dialog.element, { situational: "2.5" });
    expect(panel.textContent).toMatch(/not a whole number/);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
    expect(actor.system.luck.value).toBe(3);
    expect((game as any).messages.size).toBe(0);
  });

  it("holding Shift skips the dialog and rolls with the defaults", async () => {
    const { actor } = await swordsman();
    starFaces([6]);
    const roll = await performCheck(attributeRequest(actor, "coordination"), new MouseEvent("click", { shiftKey: true }));
    expect(openDialogs()).toHaveLength(0);
    expect(roll?.total).toBe(13);
    expect(roll?.checkResult?.band).toBe("success");
  });

  it("optional rules switch dialog controls off", async () => {
    await setRule("callingFours", false);
    await setRule("luckPoints", false);
    const { actor, skill } = await swordsman();
    const pending = performCheck(skillRequest(actor, skill));
    const dialog = await waitForDialog();
    expect(dialog.element.querySelector('[name="callFour"]')).toBeNull();
    expect(dialog.element.querySelector('[name="luckBefore"]')).toBeNull();
    await answerDialog({ action: "cancel" });
    await pending;
    await settle();
  });
});

describe("(Working Collaboratively)", () => {
  it("helpers roll too and the best die is kept; too many cooks keep the worst", async () => {
    const { actor, skill } = await swordsman();
    starFaces([3, 8, 5]);
    let pending = performCheck(skillRequest(actor, skill));
    await waitForDialog();
    await answerDialog({ action: "roll", fill: { helpers: "2" } });
    let roll = await pending;
    expect(roll?.formula.startsWith("3dkkh")).toBe(true);
    expect(roll?.total).toBe(16);
    expect(roll?.checkResult?.faces.die).toEqual([8]);

    starFaces([3, 8, 5]);
    pending = performCheck(skillRequest(actor, skill));
    await waitForDialog();
    await answerDialog({ action: "roll", fill: { helpers: "2", tooManyCooks: true } });
    roll = await pending;
    expect(roll?.total).toBe(11);
  });

  it("the odds of a collaboration are exact (brute force over three d10*)", async () => {
    const { oddsFor } = await import("../../../src/rulesets/toaster/checks");
    const { bandForMargin } = await import("../../../src/rulesets/toaster/rules");
    const odds = oddsFor({ rank: 5, modifier: -1 }, 2, false);
    const brute: Record<string, number> = {};
    let success = 0;
    for (let a = 0; a < 10; a++) for (let b = 0; b < 10; b++) for (let c = 0; c < 10; c++) {
      const m = 5 - 1 + Math.max(a, b, c) - 10;
      brute[bandForMargin(m)] = (brute[bandForMargin(m)] ?? 0) + 1 / 1000;
      if (m >= 0) success += 1 / 1000;
    }
    for (const o of odds.outcomes) expect(o.p).toBeCloseTo(brute[o.key] ?? 0, 12);
    expect(odds.success).toBeCloseTo(success, 12);
  });
});

describe("healing", () => {
  it("a successful weekly healing roll heals a wound (seed: 4 wounds → −4 on the Physique roll)", async () => {
    const { healingRequest } = await import("../../../src/rulesets/toaster/requests");
    const a = await makeCharacter("Patient", { attributes: { physique: { value: 6 } }, wounds: { value: 4 } });
    starFaces([9]);
    const roll = await performCheck(healingRequest(a), new MouseEvent("click", { shiftKey: true }));
    expect(roll?.total).toBe(11);
    expect(a.system.wounds.value).toBe(3);
  });

  it("a fumbled healing roll makes the wounds worse", async () => {
    await setRule("rollingZeros", true);
    const { healingRequest } = await import("../../../src/rulesets/toaster/requests");
    const a = await makeCharacter("Unlucky", { attributes: { physique: { value: 6 } }, wounds: { value: 2 } });
    starFaces([0, 0]);
    await performCheck(healingRequest(a), new MouseEvent("click", { shiftKey: true }));
    expect(a.system.wounds.value).toBe(3);
  });
});

describe("d10* extremes", () => {
  it("minimized and maximized rolls read 0 and 9", async () => {
    const lo = await new Roll("2dk + 1").evaluate({ minimize: true } as never);
    const hi = await new Roll("2dk + 1").evaluate({ maximize: true } as never);
    expect(lo.total).toBe(1);
    expect(hi.total).toBe(19);
  });
});

describe("the mortality check", () => {
  it("says what the roll means: a failure of total 6 dies in 6 rounds; a success holds for total − 9", async () => {
    const { mortalityRequest } = await import("../../../src/rulesets/toaster/requests");
    const a = await makeCharacter("Dying", { attributes: { physique: { value: 5 } }, wounds: { value: 6 } });
    starFaces([2]); // 2 + 5 − 1 = 6 → fails
    await performCheck(mortalityRequest(a), new MouseEvent("click", { shiftKey: true }));
    let note = (game as any).messages.contents.at(-1);
    expect(note.flags.breadbox).toMatchObject({ type: "toasterMortality", outcome: "dies-in", rounds: 6 });
    starFaces([9]); // 9 + 5 − 1 = 13 → holds for 4 rounds
    await performCheck(mortalityRequest(a), new MouseEvent("click", { shiftKey: true }));
    note = (game as any).messages.contents.at(-1);
    expect(note.flags.breadbox).toMatchObject({ outcome: "holds", rounds: 4 });
    expect(note.content).toContain("holds on for 4 rounds");
  });
});

describe("issue 9 (relay) point 5: the mortality effect reads the card's own dice under the dice rules", () => {
  it("(Rolling Nines): the extra die on the card counts in what the check means", async () => {
    const { mortalityRequest } = await import("../../../src/rulesets/toaster/requests");
    await (game as any).settings.set("breadbox", "toaster.rollingNines", true);
    const a = await makeCharacter("Dying", { attributes: { physique: { value: 5 } }, wounds: { value: 6 } });
    starFaces([9, 3]); // 9 + 3 (a nine rolls again) + 5 − 1 = 16 → holds for 7 rounds
    await performCheck(mortalityRequest(a), new MouseEvent("click", { shiftKey: true }));
    const card = (game as any).messages.contents.at(-2);
    expect(card.rolls[0].total).toBe(16);
    const note = (game as any).messages.contents.at(-1);
    expect(note.flags.breadbox).toMatchObject({ type: "toasterMortality", outcome: "holds", rounds: 7 });
  });
});
