/**
 * Issue 22, "Roll tables a GM can edit", in the attack exchange: the critical table rolled inside
 * the resolution and the (Partial Armor) hit location read the world's RollTable, so a GM's edit of
 * a range changes the damage and the armor that counts; the resolution card names the table.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asUser } from "../../harness/index";
import { bootSystem, packDoc } from "./boot";
import { attackDice, duelScene } from "./duel";
import { attackWithWeapon } from "../../../src/rulesets/toaster/chat/attack";
import { defend } from "./exchange";

beforeEach(bootSystem);
afterEach(() => void (game as any).packs.delete("breadbox.toaster-tables"));

const dice = attackDice;
const shift = new MouseEvent("click", { shiftKey: true });

const scene = () => duelScene({ target: true });

async function exchange(s: Awaited<ReturnType<typeof scene>>) {
  await asUser(s.p1, () => attackWithWeapon(s.attacker, s.sword, shift));
  await asUser(s.p2, () => defend((game as any).messages.contents.at(-1), shift));
  return (game as any).messages.contents.at(-1);
}

async function importTable(name: string, edit: (src: any) => void) {
  const src = structuredClone(packDoc("toaster-tables", name));
  delete src._id;
  delete src._key;
  src.results = src.results.map(({ _key, ...r }: any) => r);
  edit(src);
  return (globalThis as any).RollTable.create(src);
}
const byRange = (src: any, lo: number) => src.results.find((r: any) => r.range[0] === lo);

describe("the attack's critical table", () => {
  it("a GM who moves 43 to 'Add 10' in the world's table makes the fumble's critical add 10 (card names the table)", async () => {
    await (game as any).settings.set("breadbox", "toaster.rollingZeros", true);
    await importTable("Attack Critical or Defend Fumble", (src) => {
      byRange(src, 43).range = [44, 45]; // Add 2
      byRange(src, 46).range = [46, 48]; // Add 5
      const ten = byRange(src, 48);
      ten.range = [43, 43]; // Add 10
      ten.description = "D: ten more (house rule)";
    });
    const s = await scene();
    // As attack.test.ts's fumble: critical d10* 7, d6 1 = 43 → now +10. Damage 6 + 7 + 10 = 23; protection 1 + AC 2 → 20.
    const left = dice([{ foundry: 6 }, { foundry: 0 }, { foundry: 0 }, { core: 7 }, { core: 1, faces: 6 }, { core: 7 }, { core: 1 }]);
    const resolution = await exchange(s);
    expect(left()).toBe(0);
    expect(resolution.flags.breadbox).toMatchObject({ hit: true, damage: 20 });
    const text = (await resolution.renderHTML()).textContent;
    expect(text).toContain("D: ten more (house rule)");
    expect(text).toContain("Table: Attack Critical or Defend Fumble (this world");
  });

  it("without a RollTable the built-in table is read as before, and the card says so", async () => {
    await (game as any).settings.set("breadbox", "toaster.rollingZeros", true);
    const s = await scene();
    dice([{ foundry: 6 }, { foundry: 0 }, { foundry: 0 }, { core: 7 }, { core: 1, faces: 6 }, { core: 7 }, { core: 1 }]);
    const resolution = await exchange(s);
    expect(resolution.flags.breadbox).toMatchObject({ hit: true, damage: 12 });
    const text = (await resolution.renderHTML()).textContent;
    expect(text).toContain("Add 2 to the damage roll");
    expect(text).toContain("Table: Critical table (built-in)");
  });
});

describe("(Partial Armor) hit location", () => {
  it("the world's hit-location table decides where the blow lands, so which armor counts", async () => {
    await (game as any).settings.set("breadbox", "toaster.partialArmor", true);
    // Swap the left thigh (41–42) with the chest (20–21).
    await importTable("Hit Location", (src) => {
      const thigh = byRange(src, 41);
      const chest = byRange(src, 20);
      thigh.range = [20, 21];
      chest.range = [41, 42];
      chest.description = "Brust (Hausregel)";
    });
    const s = await scene();
    await s.defender.createEmbeddedDocuments("Item", [{ name: "Breastplate", type: "toasterArmor", system: { ac: 10, coverage: ["torso"] } }]);
    // attack.test.ts's partial-armor roll: hit location d10* 6, d6 5 = 41: the leg (damage 10) in the book, the chest here.
    dice([{ foundry: 6 }, { foundry: 7 }, { core: 6 }, { core: 5, faces: 6 }, { core: 7 }, { core: 1 }]);
    const resolution = await exchange(s);
    expect(resolution.flags.breadbox.hit).toBe(true);
    expect(resolution.flags.breadbox.damage).toBeLessThan(10);
    const text = (await resolution.renderHTML()).textContent;
    expect(text).toContain("Brust (Hausregel)");
    expect(text).toContain("Table: Hit Location (this world");
  });
});
