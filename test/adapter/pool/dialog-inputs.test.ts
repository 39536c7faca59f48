/**
 * Issue 17, "one way to read a dialog": the Dice Pool's check dialog and group dialog are read
 * through one declaration of inputs each (src/core/forms/inputs.ts). The form lays its inputs out
 * itself, but every input it shows is declared, its bounds and choices are the declaration's, and a
 * relayed payload is checked through the same declaration.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, fillForm, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { checkChoices, checkInputDeclaration, performPoolCheck } from "../../../src/rulesets/pool/checks";
import { groupCandidates, groupInputs } from "../../../src/rulesets/pool/group";
import { performGroupCheck } from "../../../src/rulesets/pool/group-check";
import { poolRules } from "../../../src/rulesets/pool/settings";
import * as R from "../../../src/rulesets/pool/rules";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

async function character(name: string): Promise<any> {
  const actor: any = await Actor.create({ name, type: "pool" } as never);
  await actor.createEmbeddedDocuments("Item", [
    { name: "Athletics", type: "poolAbility", system: { rating: 2 } },
    { name: "Agility", type: "poolAttribute", system: { score: 1 } },
  ]);
  return actor;
}

/** The dialog's named inputs (the shared message-mode select aside), with their bounds or choices. */
function formInputs(root: HTMLElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input[name], select[name]")) {
    if (el.closest(".bb-message-mode")) continue;
    if (el instanceof HTMLSelectElement) out[el.name] = [...el.options].map((o) => o.value);
    else if (el.type === "number") out[el.name] = { min: Number(el.min), max: Number(el.max) };
    else out[el.name] = el.type;
  }
  return out;
}

/** A declaration as the form should show it. */
function declared(decl: Record<string, any>): Record<string, unknown> {
  const fields = (foundry as any).data.fields;
  return Object.fromEntries(Object.entries(decl).map(([name, f]) => [name, f instanceof fields.BooleanField ? "checkbox" : f instanceof fields.NumberField ? { min: f.min, max: f.max } : Object.keys(f.choices)]));
}

describe("the check dialog reads through one declaration", () => {
  it("every input the dialog shows is declared, with the declaration's bounds and choices", async () => {
    const a = await character("Mira");
    const pending = performPoolCheck(a);
    const dialog = await waitForDialog();
    const shown = formInputs(dialog.element);
    const { effectLevel, ...rest } = shown;
    const decl = declared(checkInputDeclaration(a.system, poolRules()));
    // The optional rule's field (supporting ability) is declared but shown only when the world allows it.
    const visible = Object.fromEntries(Object.entries(decl).filter(([name]) => name in rest));
    expect(rest).toEqual(visible);
    expect(Object.keys(decl).filter((name) => !(name in rest))).toEqual(poolRules().supportingAbilities ? [] : ["supporting"]);
    expect(effectLevel).toEqual({ min: -R.MAX_EFFECT_LEVEL, max: R.MAX_EFFECT_LEVEL });
    // A number past the declared bound is refused with the declaration's label.
    fillForm(dialog.element, { normalPhases: "0" });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toMatch(/Normal phases|phases/i);
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
  });

  it("a relayed payload is checked through the same declaration: blanks are the dialog's empty fields", async () => {
    const a = await character("Mira");
    const rules = poolRules();
    expect(checkChoices({ ability: "Athletics", difficulty: "", effectLevel: "" }, a.system, rules)).toMatchObject({ ability: "Athletics", difficulty: 15, effectLevel: null });
    expect(checkChoices({ effectLevel: 3, extraAdd: "2" }, a.system, rules)).toMatchObject({ effectLevel: 3, extraAdd: 2 });
    expect(() => checkChoices({ ability: "Lore" }, a.system, rules)).toThrow(/Ability/);
    expect(() => checkChoices({ normalPhases: 0 }, a.system, rules)).toThrow(/phases/i);
    expect(() => checkChoices({ effectLevel: R.MAX_EFFECT_LEVEL + 1 }, a.system, rules)).toThrow();
    expect(() => checkChoices({ die: "" }, a.system, rules)).toThrow();
  });
});

describe("the group dialog reads through one declaration", () => {
  it("every input the dialog shows is declared, with the declaration's bounds and choices", async () => {
    const mira = await character("Mira");
    await character("Tom");
    const pending = performGroupCheck(mira, { mode: "direct" });
    const dialog = await waitForDialog();
    const shown = formInputs(dialog.element);
    const decl = declared(groupInputs(groupCandidates(mira), poolRules()));
    expect(shown).toEqual(decl);
    fillForm(dialog.element, { "member.1.include": true, "member.1.ability": "Athletics", requiredDegree: "-1" });
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
  });
});
