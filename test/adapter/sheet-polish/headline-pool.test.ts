import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, fillForm, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { performPoolCheck } from "../../../src/rulesets/pool/checks";
import { attackWithWeapon } from "../../../src/rulesets/pool/combat/attack";
import { expectHeadline, panelsIn } from "./headline";

beforeEach(bootWorld("pool"), 30_000);

const SEVERITIES = ["Light", "Moderate", "Serious", "Severe", "Critical", "Incapacitating", "Fatal"];

describe("Dice Pool dialogs lead with headline odds (issue 24.4)", () => {
  it("a check: succeeds / fails, a botch apart, the outcomes folded", async () => {
    const a: any = await Actor.create({ name: "Mira", type: "pool" } as never);
    await a.createEmbeddedDocuments("Item", [
      { name: "Athletics", type: "poolAbility", system: { rating: 2 } },
      { name: "Frailty", type: "poolAttribute", system: { score: -2 } },
    ]);
    const pending = performPoolCheck(a);
    const dialog = await waitForDialog();
    fillForm(dialog.element, { ability: "Athletics", attribute: "Frailty", difficulty: "12" });
    const { overlap } = expectHeadline(dialog.element.querySelector("[data-bb-odds]")!, {
      headline: [
        ["The check succeeds", ["Success"]],
        ["The check fails", ["Failure", "Botch"]],
      ],
      overlap: [/Botch \(part of failing\)/],
    });
    expect(overlap[0]!.pct).toBeGreaterThan(0);
    await answerDialog({ action: "cancel" });
    await pending;
  });

  it("an attack: misses / hits without a wound / wounds; a severe wound or worse apart", async () => {
    const p1 = createUser({ name: "Attacker's player" });
    const attacker: any = await Actor.create({ name: "Rhoenda", type: "pool" } as never);
    await attacker.createEmbeddedDocuments("Item", [
      { name: "Sword", type: "poolAbility", system: { rating: 3 } },
      { name: "Agility", type: "poolAttribute", system: { score: 1 } },
      { name: "Brawn", type: "poolAttribute", system: { role: "musclePower", score: 2 } },
      { name: "Longsword", type: "poolWeapon", system: { ability: "Sword", attribute: "Agility", trauma: "physical", damageType: "lethal", musclePowered: true, damageModifier: 1 } },
    ]);
    await attacker.update({ ownership: { [p1.id!]: 3 } });
    const defender: any = await Actor.create({ name: "Guard", type: "pool" } as never);
    await defender.createEmbeddedDocuments("Item", [
      { name: "Hide", type: "poolAttribute", system: { role: "toughness", score: 1 } },
      { name: "Grit", type: "poolAttribute", system: { role: "physicalThreshold", score: 1 } },
      { name: "Mail", type: "poolArmor", system: { rating: 1, convertsLethal: false } },
    ]);
    (p1 as any).targets = new Set([{ actor: defender }]);
    const pending = asUser(p1, () => attackWithWeapon(attacker, attacker.items.find((i: any) => i.type === "poolWeapon"), new MouseEvent("click")));
    const dialog = await waitForDialog();
    fillForm(dialog.element, { difficulty: "12" });
    const panels = [...dialog.element.querySelectorAll("[data-bb-odds]")].flatMap(panelsIn);
    // The attack panel (the check's own panel is the other one).
    expect(panels).toHaveLength(2);
    const attack = panels.find((p) => p.querySelector("ul.bb-odds-headline li span")?.textContent === "The attack misses")!;
    expect(attack).toBeTruthy();
    const { detail } = expectHeadline(attack, {
      headline: [
        ["The attack misses", ["Miss"]],
        ["It hits, no wound (armor or too little)", ["Stopped by the armor", "Hit, no wound"]],
        ["It hits and wounds", SEVERITIES],
      ],
      overlap: [/A severe wound or worse/],
    });
    expect(detail.some((t) => t.label === "Severe")).toBe(true);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
  });
});
