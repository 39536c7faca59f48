import { beforeEach, describe, expect, it } from "vitest";
import { Hooks, installDiceSoNice, scriptDiceFaces } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { D10PlusDie } from "../../../src/rulesets/toast/dice/d10plus";
import { ToastCheckRoll, type ToastCheckOptions } from "../../../src/rulesets/toast/dice/check-roll";
import * as R from "../../../src/rulesets/toast/rules";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

const options = (extra: Partial<ToastCheckOptions> = {}): ToastCheckOptions => ({
  kind: "skill",
  title: "Broadsword",
  parts: [{ label: "Attribute modifier (AGI)", value: 3 }, { label: "Broadsword level", value: 5 }, { label: "Wound penalty", value: -2 }],
  target: 15,
  difficulty: "medium",
  ...extra,
});

describe("the d10+ as a Foundry die", () => {
  it("is registered under its letter with a d12 Dice So Nice preset showing Flub and Auto", async () => {
    expect((CONFIG.Dice.terms as any).p).toBe(D10PlusDie);
    const { presetData } = await import("../../../src/core/dice-so-nice");
    const { toastRuleset } = await import("../../../src/rulesets/toast/register");
    const [preset] = (toastRuleset().diceSoNice ?? []).map(presetData);
    expect(preset).toMatchObject({ type: "dp", values: { min: 1, max: 12 } });
    expect(preset!.labels.slice(9)).toEqual(["10", "Flub", "Auto"]);
  });

  it("a plain number is its face; an Auto or a Flub rolls the degree and adds nothing to a typed total", async () => {
    scriptDiceFaces([7]);
    const plain = await new Roll("1dp + 5").evaluate();
    expect(plain.total).toBe(12);
    expect((plain.dice[0] as D10PlusDie).d10PlusFaces).toEqual([[7]]);
    scriptDiceFaces([12, 9]);
    const auto = await new Roll("1dp + 5").evaluate();
    const die = auto.dice[0] as D10PlusDie;
    expect(die.results.map((r) => r.result)).toEqual([12, 9]);
    expect(die.d10PlusFaces).toEqual([[12, 9]]);
    expect(auto.total).toBe(5);
    expect(die.getResultLabel(die.results[0]!)).toBe("Auto");
    expect(die.getResultLabel(die.results[1]!)).toBe("9");
    scriptDiceFaces([11, 12, 3]);
    const flub = await new Roll("2dp").evaluate();
    // Two d10+: a Flub whose degree roll shows 12 (a number there), then a plain 3.
    expect((flub.dice[0] as D10PlusDie).d10PlusFaces).toEqual([[11, 12], [3]]);
    expect(flub.total).toBe(3);
    expect((flub.dice[0] as D10PlusDie).getResultLabel((flub.dice[0] as D10PlusDie).results[1]!)).toBe("12");
  });
});

describe("Dice So Nice", () => {
  it("shows every face of the d10+ on the d12: numbers, Flub and Auto, and the degree die too", async () => {
    const dice3d = installDiceSoNice();
    expect(Hooks.errors).toEqual([]);
    const preset = dice3d.presets.get("standard:dp");
    expect(preset?.shape).toBe("d12");
    expect(preset?.data.values).toEqual({ min: 1, max: 12 });
    for (let face = 1; face <= 10; face++) {
      scriptDiceFaces([face]);
      const roll = await new Roll("1dp").evaluate();
      expect(dice3d.faceLabel("dp", roll.dice[0]!.results[0]!.result)).toBe(String(face));
    }
    scriptDiceFaces([11, 12]);
    const flub = await new Roll("1dp").evaluate();
    expect(flub.dice[0]!.results.map((r) => dice3d.faceLabel("dp", r.result))).toEqual(["Flub", "Auto"]);
  });
});

describe("ToastCheckRoll", () => {
  it("classifies with the core and names every modifier in its formula", async () => {
    scriptDiceFaces([9]);
    const roll = ToastCheckRoll.fromCheck(options());
    expect(roll.formula).toBe("1dp + 3[Attribute modifier (AGI)] + 5[Broadsword level] - 2[Wound penalty]");
    await roll.evaluate();
    expect(roll.checkResult).toEqual(R.resolveCheck({ modifier: 6, target: 15 }, [9]));
    expect(roll.checkResult?.outcome).toBe("success");
  });

  it("an Auto succeeds against an inestimably hard task, with its degree; a Flub fails an inestimably easy one", async () => {
    scriptDiceFaces([12, 4]);
    const auto = ToastCheckRoll.fromCheck(options({ target: "inestimablyHard", difficulty: "inestimablyHard" }));
    await auto.evaluate();
    expect(auto.checkResult).toMatchObject({ outcome: "auto", degree: 4, success: true });
    scriptDiceFaces([11, 2]);
    const flub = ToastCheckRoll.fromCheck(options({ target: "inestimablyEasy" }));
    await flub.evaluate();
    expect(flub.checkResult).toMatchObject({ outcome: "flub", degree: 2, success: false });
  });

  it("survives the chat log's reload: the message rebuilds the class and the card reads the same", async () => {
    scriptDiceFaces([12, 7]);
    const roll = ToastCheckRoll.fromCheck(options());
    await roll.evaluate();
    const message: any = await ChatMessage.create({ rolls: [roll] } as never);
    const html1: HTMLElement = await message.renderHTML();
    const copy: any = Roll.fromJSON(JSON.stringify(roll.toJSON()));
    expect(copy).toBeInstanceOf(ToastCheckRoll);
    expect(copy.checkResult).toEqual(roll.checkResult);
    const reloaded: any = new ChatMessage(message.toObject() as never);
    const html2: HTMLElement = await reloaded.renderHTML();
    expect(html2.querySelector(".toast-outcome")?.textContent).toBe(html1.querySelector(".toast-outcome")?.textContent);
    expect(html2.querySelector(".toast-outcome")?.textContent).toContain("Auto");
    expect(html2.querySelector(".toast-degree")?.textContent).toContain("7");
    expect([...html2.querySelectorAll(".toast-face")].map((f) => f.textContent)).toEqual(["Auto", "7"]);
  });

  it("a forged or damaged message renders without throwing", async () => {
    const roll = ToastCheckRoll.fromCheck(options());
    Object.assign(roll.options, { parts: "nonsense", target: { x: 1 }, kind: "weird", result: { faces: "x" } });
    scriptDiceFaces([5]);
    await roll.evaluate();
    const message: any = await ChatMessage.create({ rolls: [roll] } as never);
    const html: HTMLElement = await message.renderHTML();
    expect(html.textContent).toContain("5");
  });
});
