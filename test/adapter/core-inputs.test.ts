/**
 * Issue 17, "one way to read a dialog": a dialog declares its inputs once as Foundry data fields
 * (src/core/forms/inputs.ts); the form it renders, the values read from it and the relay's check
 * of values sent without a form all come from that declaration.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootSystem } from "./toaster/boot";
import { boolInput, checkInputs, choiceInput, inputsHtml, intInput, keyInput, readInputs } from "../../src/core/forms/inputs";

beforeEach(bootSystem);

const DECL = {
  bonus: intInput("Bonus", -3, 3, 1),
  stance: choiceInput("Stance", { low: "Low", high: "High" }, "high"),
  careful: boolInput("Careful", true),
};

async function form(values: Partial<Record<keyof typeof DECL, unknown>> = {}): Promise<HTMLFormElement> {
  const f = document.createElement("form");
  f.innerHTML = await inputsHtml(DECL, values as never, "t");
  return f;
}

describe("declared dialog inputs", () => {
  it("render each input from its field: bounds, choices, initial values and labels", async () => {
    const f = await form();
    const bonus = f.querySelector<HTMLInputElement>('input[name="bonus"]')!;
    expect([bonus.type, bonus.min, bonus.max, bonus.value]).toEqual(["number", "-3", "3", "1"]);
    expect(f.querySelector('label[for="t-bonus"]')?.textContent).toBe("Bonus");
    const stance = f.querySelector<HTMLSelectElement>('select[name="stance"]')!;
    expect([...stance.options].map((o) => o.value)).toEqual(["low", "high"]);
    expect(stance.value).toBe("high");
    expect(f.querySelector<HTMLInputElement>('input[name="careful"]')!.checked).toBe(true);
  });

  it("read the form through the same fields: values typed, out-of-range and unknown choices refused naming the field", async () => {
    const f = await form({ bonus: -2, stance: "low", careful: false });
    expect(readInputs(f, DECL)).toEqual({ bonus: -2, stance: "low", careful: false });
    f.querySelector<HTMLInputElement>('input[name="bonus"]')!.value = "7";
    expect(() => readInputs(f, DECL)).toThrow(/Bonus/);
    f.querySelector<HTMLInputElement>('input[name="bonus"]')!.value = "";
    expect(readInputs(f, DECL).bonus).toBe(1);
    const stance = f.querySelector<HTMLSelectElement>('select[name="stance"]')!;
    const forged = document.createElement("option");
    forged.value = "forged";
    stance.append(forged);
    stance.value = "forged";
    expect(() => readInputs(f, DECL)).toThrow(/Stance/);
  });

  it("check values sent without a form (the relay) against the same declaration", () => {
    expect(checkInputs({ bonus: 3, stance: "low", careful: true }, DECL)).toEqual({ bonus: 3, stance: "low", careful: true });
    expect(checkInputs({}, DECL)).toEqual({ bonus: 1, stance: "high", careful: true });
    expect(() => checkInputs({ bonus: 4 }, DECL)).toThrow(/Bonus/);
    expect(() => checkInputs({ bonus: "1e3" }, DECL)).toThrow(/Bonus/);
    expect(() => checkInputs({ stance: "__proto__" }, DECL)).toThrow(/Stance/);
    expect(() => checkInputs({ careful: "yes" }, DECL)).toThrow(/Careful/);
  });

  it("complete: a relayed payload must carry every value in its field's own type", () => {
    expect(checkInputs({ bonus: 3, stance: "low", careful: true }, DECL, { complete: true })).toEqual({ bonus: 3, stance: "low", careful: true });
    expect(() => checkInputs({ stance: "low", careful: true }, DECL, { complete: true })).toThrow(/Bonus/);
    expect(() => checkInputs({ bonus: "3", stance: "low", careful: true }, DECL, { complete: true })).toThrow(/Bonus/);
  });

  it("required: those values take no initial; a missing one is refused by its own field's check", () => {
    expect(checkInputs({ bonus: 0 }, DECL, { required: ["bonus"] })).toEqual({ bonus: 0, stance: "high", careful: true });
    expect(() => checkInputs({}, DECL, { required: ["bonus"] })).toThrow(/^Bonus: "undefined" is not a whole number\.$/);
    expect(() => checkInputs({ bonus: 1 }, DECL, { required: ["stance"] })).toThrow(/^Stance: "undefined" is not one of the choices\.$/);
  });

  it("a number may be chosen from a select (e.g. an index): read and bounded like a number input", () => {
    const f = document.createElement("form");
    f.innerHTML = '<select name="bonus"><option value="2" selected></option><option value="9"></option></select>';
    expect(readInputs(f, { bonus: DECL.bonus }).bonus).toBe(2);
    f.querySelector("select")!.value = "9";
    expect(() => readInputs(f, { bonus: DECL.bonus })).toThrow(/Bonus/);
  });

  it("keyInput: a rules core's key list as a choice, each key labelled, read back as one of the keys", async () => {
    const decl = { ladder: keyInput("Difficulty", ["easy", "hard"] as const, (k) => `Label ${k}`, "hard") };
    const f = document.createElement("form");
    f.innerHTML = await inputsHtml(decl, {}, "k");
    const select = f.querySelector<HTMLSelectElement>('select[name="ladder"]')!;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([["easy", "Label easy"], ["hard", "Label hard"]]);
    select.value = "easy";
    const ladder: "easy" | "hard" = readInputs(f, decl).ladder;
    expect(ladder).toBe("easy");
    expect(() => checkInputs({ ladder: "medium" }, decl)).toThrow(/Difficulty/);
  });
});
