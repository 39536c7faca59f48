/**
 * The Toaster attack scene shared by the attack suites: Rhoenda (Sword 9, a Broadsword) owned by the
 * attacker's player against a Guard (Dodge 3) owned by the defender's player, and the randomness
 * for a whole attack.
 */
import { createUser, setRandomUniform } from "../../harness/index";
import { itemData, makeCharacter } from "./boot";

/**
 * Randomness for a whole attack. Foundry's dice (attack and defence rolls) and the rules core's
 * draws (damage, protection, tables) both read CONFIG.Dice.randomUniform; each entry says which
 * kind of draw it feeds, so a test reads as d10* values. Returns how many entries are left.
 */
export function attackDice(entries: ({ foundry: number } | { core: number; faces?: number })[]): () => number {
  const queue = [...entries];
  setRandomUniform(() => {
    const e = queue.shift();
    if (!e) throw new Error("test dice ran out");
    if ("foundry" in e) return 1 - (e.foundry + 0.5) / 10; // D10StarDie#mapRandomFace → e.foundry
    const faces = e.faces ?? 10;
    // Every die of the sequence is a Foundry roll: a d10* (D10StarDie) for the core's d10s, a plain
    // die otherwise (Die#mapRandomFace: face = ceil((1 − u) × faces)).
    return faces === 10 ? 1 - (e.core + 0.5) / 10 : 1 - (e.core - 0.5) / faces;
  });
  return () => queue.length;
}

/** The duel; `bystander` adds a third player, `target` makes the attacker's player target the Guard. */
export async function duelScene({ bystander = false, target = false }: { bystander?: boolean; target?: boolean } = {}) {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Defender's player" });
  const p3 = bystander ? createUser({ name: "Bystander" }) : null;
  const attacker = await makeCharacter("Rhoenda", { attributes: { physique: { value: 5 }, coordination: { value: 7 } } }, [
    { name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } },
    itemData("toaster-weapons", "Broadsword"),
  ]);
  await attacker.update({ ownership: { [p1.id!]: 3 } });
  const defender = await makeCharacter("Guard", { attributes: { physique: { value: 4 }, coordination: { value: 5 } } }, [
    { name: "Dodge", type: "toasterSkill", system: { base: 3, attribute: "coordination", role: "dodge" } },
  ]);
  await defender.update({ ownership: { [p2.id!]: 3 } });
  const sword = attacker.items.find((i: any) => i.type === "toasterWeapon");
  if (target) (p1 as any).targets = new Set([{ actor: defender }]);
  return { p1, p2, p3: p3!, attacker, defender, sword };
}
