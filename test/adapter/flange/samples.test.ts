/**
 * The Flange sample characters pack (seed 004 "Dice Rolls" and "Combat" examples: Mr Tims and
 * Don Smits): built as an import would build them, their derived values match the book, and the
 * book's example combat resolves from their own sheets.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld, packSources } from "../toaster/boot";
import * as R from "../../../src/rulesets/flange/rules";
import { defenceCheck, exchangeInput, NO_CHOICES, weaponAttack } from "../../../src/rulesets/flange/combat/inputs";

// A flange world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("flange"));

const PACK = "flange-characters";

/** A world actor built from the pack source (ids and keys stripped as an import would). */
async function sample(name: string): Promise<any> {
  const src = structuredClone(packSources(PACK).find((d) => d.name === name));
  if (!src) throw new Error(`${name} not in ${PACK}`);
  delete src._key;
  delete src._id;
  src.items = (src.items ?? []).map(({ _key, ...rest }: any) => rest);
  return Actor.create(src as never);
}

function weaponOf(actor: any): any {
  const w = actor.items.find((i: any) => i.type === "flangeWeapon");
  expect(w?.type, `${actor.name} carries a weapon`).toBe("flangeWeapon");
  return w;
}

describe("Flange sample characters pack", () => {
  it("holds exactly the book's two characters, Flange actors with mechanics only (no prose)", () => {
    const docs = packSources(PACK);
    expect(docs.map((d) => d.name).sort()).toEqual(["Don Smits", "Mr Tims"]);
    for (const d of docs) {
      expect(d.type).toBe("flange");
      expect(d.system.biography).toBe("");
      expect(d.system.notes).toBe("");
      for (const i of d.items) expect(i.system.description, `${d.name} → ${i.name}`).toBe("");
    }
  });

  it("Mr Tims: Perception 6, Strength 8, Athleticism 8, Dexterity 9, Constitution 9 → 9 health boxes; sock of sand 2, Surgery 2", async () => {
    const tims = await sample("Mr Tims");
    const sys = tims.system;
    expect(sys.attributes).toMatchObject({ perception: 6, strength: 8, athleticism: 8, dexterity: 9, constitution: 9 });
    expect(sys.healthBoxes).toBe(9);
    expect(sys.healthLeft).toBe(9);
    expect(sys.healthStatus).toBe("unhurt");
    expect(sys.skills.map((s: any) => [s.name, s.heading, s.dice])).toEqual([
      ["Sock of sand", "combatMelee", 2],
      ["Surgery", "medicine", 2],
    ]);
    const sock = weaponOf(tims);
    expect(sock.system.damageNotation).toBe("-3");
    expect(weaponAttack(tims, sock.system)).toEqual({ skillDice: 2, attributeTarget: 8 });
    // "Surgery 2, Perception 6": two dice at 6; 6 and 8 are two successes (seed "Dice Rolls").
    const surgery = sys.skills.find((s: any) => s.name === "Surgery");
    expect(R.resolveCheck({ dice: surgery.dice, target: sys.attributes.perception }, [6, 8]).successes).toBe(2);
    expect(R.resolveCheck({ dice: surgery.dice, target: sys.attributes.dexterity }, [6, 8]).successes).toBe(0);
    expect(sys.spend.attributeBoxes.used).toBe(4 + 2 + 2 + 1 + 1);
  });

  it("Don Smits: Perception 8, Athleticism 7, Constitution 6 → 12 health boxes; 36 revolver 3", async () => {
    const don = await sample("Don Smits");
    const sys = don.system;
    expect(sys.attributes).toMatchObject({ perception: 8, athleticism: 7, constitution: 6 });
    expect(sys.healthBoxes).toBe(12);
    expect(sys.skills.map((s: any) => [s.name, s.heading, s.dice])).toEqual([["36 Revolver", "combatRanged", 3]]);
    const revolver = weaponOf(don);
    expect(revolver.system.damageNotation).toBe("●-1");
    expect(weaponAttack(don, revolver.system)).toEqual({ skillDice: 3, attributeTarget: 7 });
    expect(sys.spend.attributeBoxes.used).toBe(2 + 3 + 4);
  });

  it("report only the attribute boxes the book leaves unspent (it prints only the attributes its examples use)", async () => {
    for (const [name, left] of [["Mr Tims", 21 - 10], ["Don Smits", 21 - 9]] as const) {
      const a = await sample(name);
      expect(a.system.effectiveLevel).toBe("mundane");
      expect(a.system.problems, name).toEqual([{ key: "BREADBOX.Flange.Problem.boxesLeft", data: { n: left } }]);
      expect(a.items.size).toBe(packSources(PACK).find((d) => d.name === name)?.items.length);
    }
  });

  it("the book's example combat resolves from their sheets: initiative 21 v 16, the bop 5 → 3 blocked, the shot 7", async () => {
    const tims = await sample("Mr Tims");
    const don = await sample("Don Smits");
    const init = (a: any, die: number) => R.resolveInitiative({ perception: a.system.attributes.perception, athleticism: a.system.attributes.athleticism }, [die]).total;
    expect(init(don, 6)).toBe(21);
    expect(init(tims, 2)).toBe(16);

    // The book's defenders roll two dice on Athleticism.
    const block = { ...defenceCheck(don, null), dice: 2 };
    expect(block.target).toBe(7);
    const bop = exchangeInput(tims, weaponOf(tims).system, don, NO_CHOICES, { kind: "block", with: "body", check: block });
    const r1 = R.resolveExchange(bop, { attack: [9, 4], defence: [7, 1], damage: [8] });
    expect(r1.attack.successes).toBe(1);
    expect(r1.damageRoll?.damage).toBe(5);
    expect(r1).toMatchObject({ outcome: "halved", damage: 3 });

    const dodge = { ...defenceCheck(tims, null), dice: 2 };
    expect(dodge.target).toBe(8);
    const shot = exchangeInput(don, weaponOf(don).system, tims, NO_CHOICES, { kind: "dodge", check: dodge });
    const r2 = R.resolveExchange(shot, { attack: [7, 8, 9], defence: [9, 5], damage: [1, 5, 8] });
    expect(r2).toMatchObject({ outcome: "hit", netSuccesses: 2, damage: 7 });
    expect(R.applyDamage(tims.system.healthState(), r2.damage).seriousInjury).toBe(true);
  });
});
