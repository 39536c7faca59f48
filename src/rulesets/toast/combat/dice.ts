/**
 * The combat part's dice: every die is a Foundry roll, classified by the rules core. A d10+ is one
 * `1dp` roll (src/rulesets/toast/dice/d10plus.ts: the d12 and, after a Flub or an Auto, its degree
 * die in the same term, so Dice So Nice throws both); damage dice are one `Nd4` roll.
 */
import * as R from "../rules";
import { D10PlusDie } from "../dice/d10plus";

/** Roll one d10+ with Foundry's dice; its faces as the core reads them ([7], or [12, 9]). */
export async function rollD10Plus(): Promise<{ faces: number[]; roll: Roll }> {
  const roll = new Roll(`1d${D10PlusDie.DENOMINATION}`);
  await roll.evaluate();
  const faces = d10PlusFacesOf([roll]);
  if (!faces) throw new Error("Breadbox | the d10+ roll gave no faces");
  return { faces, roll };
}

/**
 * The faces of the single d10+ a card's first roll holds (as rollD10Plus rolls it), or null when
 * the card holds anything else: a d10+ card is one `1dp` roll of one die.
 */
export function d10PlusFacesOf(rolls: readonly Roll[]): number[] | null {
  const roll = rolls[0];
  const term = roll?.dice.length === 1 ? roll.dice[0] : undefined;
  if (!(term instanceof D10PlusDie)) return null;
  const all = term.d10PlusFaces;
  if (all.length !== 1) return null;
  try {
    return [...R.resolveD10Plus(all[0]).faces];
  } catch {
    return null;
  }
}

/** Roll `dice` damage dice as one Foundry roll (`Nd4`) and read them with the core; 0 dice roll nothing. */
export async function rollDamageDice(dice: number): Promise<{ damage: R.DamageRoll; roll: Roll | null }> {
  const n = R.checkDamageDice(dice);
  if (n === 0) return { damage: R.resolveDamage({ dice: 0 }, []), roll: null };
  const roll = new Roll(`${n}d${R.DAMAGE_DIE_FACES}`);
  await roll.evaluate();
  const faces = roll.dice.flatMap((d) => d.results.filter((r) => r.active !== false).map((r) => r.result));
  return { damage: R.resolveDamage({ dice: n }, faces), roll };
}

/**
 * Roll a strike's checks as the rules core calls for them — the death check first, the collapse
 * check only if she survives — each a d10+ roll; the core resolves the strike from their faces.
 */
export async function rollStrikeChecks(input: R.StrikeInput): Promise<{ strike: R.StrikeResult; rolls: Roll[] }> {
  const plan = R.planStrike(input);
  const rolls: Roll[] = [];
  let death: number[] = [];
  let collapse: number[] = [];
  if (plan.deathCheck) {
    const d = await rollD10Plus();
    death = d.faces;
    rolls.push(d.roll);
  }
  const survived = !plan.deathCheck || R.resolveCheck(plan.deathCheck, death).success;
  if (plan.collapseCheck && survived) {
    const c = await rollD10Plus();
    collapse = c.faces;
    rolls.push(c.roll);
  }
  return { strike: R.resolveStrike(input, { death, collapse }), rolls };
}
