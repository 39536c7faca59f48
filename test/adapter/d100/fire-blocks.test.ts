import { beforeEach, describe, expect, it } from "vitest";
import { settle } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import * as R from "../../../src/rulesets/d100/rules";
import { toFireBlock } from "../../../src/rulesets/d100/data/weapons";

// A d100 world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("d100"));

async function editSheet(item: any) {
  const sheet = item.sheet;
  await sheet.render({ force: true });
  await settle();
  (sheet.element.querySelector('[data-action="toggleMode"]') as HTMLElement).click();
  await settle();
  return sheet;
}

function field(sheet: any, index: number, name: string): HTMLInputElement | HTMLSelectElement {
  const el = sheet.element.querySelector(`.d100-fire-block[data-index="${index}"] [data-fire-field="${name}"]`);
  if (!el) throw new Error(`no fire field ${name} in block ${index}`);
  return el;
}

function type(sheet: any, index: number, name: string, value: string): void {
  const el = field(sheet, index, name);
  el.value = value;
  el.dispatchEvent(new Event("change", { bubbles: true }));
}

async function save(sheet: any, index: number): Promise<void> {
  (sheet.element.querySelector(`.d100-fire-block[data-index="${index}"] [data-action="saveFireBlock"]`) as HTMLElement).click();
  await settle();
}

function errors(): string[] {
  return notifications()
    .filter((n) => n.type === "error")
    .map((n) => n.message);
}

describe("D10/0 weapon fire blocks on the item sheet", () => {
  it("are read-only in play mode and editable in edit mode: add, edit every field, remove", async () => {
    const w: any = await Item.create({ name: "Carbine", type: "d100Weapon", system: { damage: "10 + 2D", attackAp: 2 } } as never);
    const sheet = w.sheet;
    await sheet.render({ force: true });
    await settle();
    expect(sheet.element.querySelector("[data-fire-field]")).toBeNull();
    expect(sheet.element.querySelector('[data-action="addFireBlock"]')).toBeNull();
    (sheet.element.querySelector('[data-action="toggleMode"]') as HTMLElement).click();
    await settle();

    (sheet.element.querySelector('[data-action="addFireBlock"]') as HTMLElement).click();
    await settle();
    expect(w.system.fireBlocks).toHaveLength(1);
    expect(w.system.fireBlocks[0]).toMatchObject({ kind: "single", apKind: "fixed", apCost: 2, spread: ["> 0"], amounts: [1], damage: ["10 + 2D"] });

    // Build the seed's Three Shot Burst field by field.
    type(sheet, 0, "title", "Three Shot Burst");
    type(sheet, 0, "kind", "burst");
    type(sheet, 0, "apCost", "3");
    type(sheet, 0, "spread", "> -10; > 0; > 10");
    type(sheet, 0, "amounts", "1; 2; 3");
    await settle();
    expect(w.system.fireBlocks[0].title).toBe("New fire block");
    await save(sheet, 0);
    expect(errors()).toEqual([]);
    const stored = w.system.fireBlocks[0];
    expect(stored).toMatchObject({ title: "Three Shot Burst", kind: "burst", apCost: 3, spread: ["> -10", "> 0", "> 10"], amounts: [1, 2, 3], damage: ["10 + 2D"] });
    const core = toFireBlock(stored, "b");
    expect(R.evaluateFire(core, { degree: 5 })).toMatchObject({ step: 1, amount: 2, apCost: 3 });

    // A streaming block: AP choice with damage per choice.
    (sheet.element.querySelector('[data-action="addFireBlock"]') as HTMLElement).click();
    await settle();
    type(sheet, 1, "apChoices", "3; 4; 5");
    type(sheet, 1, "apKind", "choice");
    type(sheet, 1, "damage", "5 + 2D; 5 + 3D; 5 + 4D");
    type(sheet, 1, "damageBy", "apCost");
    await save(sheet, 1);
    expect(errors()).toEqual([]);
    expect(w.system.fireBlocks[1]).toMatchObject({ apKind: "choice", apChoices: [3, 4, 5], damageBy: "apCost", damage: ["5 + 2D", "5 + 3D", "5 + 4D"] });

    (sheet.element.querySelector('.d100-fire-block[data-index="0"] [data-action="removeFireBlock"]') as HTMLElement).click();
    await settle();
    expect(w.system.fireBlocks).toHaveLength(1);
    expect(w.system.fireBlocks[0].damageBy).toBe("apCost");
    expect(sheet.element.querySelector(".bb-summary")?.textContent).toMatch(/1/);
  });

  it("a bad value is refused with a localized message and nothing changes", async () => {
    const w: any = await Item.create({
      name: "Carbine",
      type: "d100Weapon",
      system: { damage: "10 + 2D", fireBlocks: [{ title: "Burst", kind: "burst", apCost: 3, spread: ["> -10", "> 0", "> 10"], amounts: [1, 2, 3], damage: ["10 + 2D"] }] },
    } as never);
    const sheet = await editSheet(w);
    const before = JSON.stringify(w.toObject().system.fireBlocks);
    const cases: [string, string, RegExp][] = [
      ["spread", "> 0; nonsense", /Spread step "nonsense"/],
      ["spread", "", /spread steps/],
      ["damage", "10 - 2D", /notation|damage/i],
      ["amounts", "1; 2", /one amount or one per spread step/],
      ["amounts", "1; two; 3", /whole numbers/],
      ["amounts", "1; 2; 500", /whole numbers from 0 to 100/],
      ["amountKind", "perX", /base \+ X AP cost/],
      ["damageBy", "step", /needs 3 damage notation/],
      ["apKind", "choice", /number of AP costs/],
      ["apCost", "-1", /.+/],
      ["apCost", "2.5", /.+/],
    ];
    for (const [name, value, message] of cases) {
      const count = errors().length;
      type(sheet, 0, name, value);
      await save(sheet, 0);
      const got = errors().slice(count);
      expect(got, `${name} = ${value}`).toHaveLength(1);
      expect(got[0], `${name} = ${value}`).toMatch(message);
      expect(got[0]).not.toMatch(/BREADBOX\./);
      expect(JSON.stringify(w.toObject().system.fireBlocks), `${name} = ${value}`).toBe(before);
      // The sheet shows the stored value again.
      if (name === "spread") expect(field(sheet, 0, "spread").value).toBe("> -10; > 0; > 10");
    }
  });
});
