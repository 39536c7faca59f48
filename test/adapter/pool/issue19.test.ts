/**
 * Issue 19 for the Dice Pool (points 13–15): a weapon whose ability the character lacks is refused
 * with the reason on every path (sheet, attack, macro); nonlethal damage on the default chart is
 * never harsher than lethal and knocks out; attacks are gated by the phase clock.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, dismissDialog, openDialogs, settle } from "../../harness/index";
import { bootSystem, notifications } from "../toaster/boot";
import { attackWithWeapon } from "../../../src/rulesets/pool/combat/attack";
import { PoolCheckRoll } from "../../../src/rulesets/pool/dice/pool-roll";

beforeEach(bootSystem);

const g = () => game as any;
const shift = () => new MouseEvent("click", { bubbles: true, shiftKey: true });
const msgs = () => g().messages.contents;

/** Jun has Agility and Blades but not Pistols; a Pistol names Pistols, a Knife names Blades. */
async function jun(): Promise<any> {
  const p = createUser({ name: "Jun's player" });
  const actor: any = await Actor.create({ name: "Jun", type: "pool" } as never);
  await actor.createEmbeddedDocuments("Item", [
    { name: "Blades", type: "poolAbility", system: { rating: 2 } },
    { name: "Agility", type: "poolAttribute", system: { score: 1 } },
    { name: "Pistol", type: "poolWeapon", system: { ability: "Pistols", attribute: "Agility", trauma: "physical", damageType: "lethal" } },
    { name: "Knife", type: "poolWeapon", system: { ability: "Blades", attribute: "Physique", trauma: "physical", damageType: "lethal" } },
  ]);
  await actor.update({ ownership: { [p.id!]: 3 } });
  return { p, actor };
}

const MISSING = "Jun has no ability named “Pistols”, which the Pistol uses: add it to Jun's trait tree or give the weapon an ability Jun has. Nothing was rolled.";

async function clickWeapon(actor: any, name: string): Promise<void> {
  await actor.sheet.render({ force: true });
  await settle();
  const id = actor.items.find((i: any) => i.name === name).id;
  const button = actor.sheet.element.querySelector(`[data-item-id="${id}"] [data-action="rollWeapon"]`) as HTMLElement;
  expect(button).not.toBeNull();
  button.dispatchEvent(shift());
  await settle();
}

/** Close any dialog a path opened (today's behaviour opens one), so a failing run does not hang. */
async function closeDialogs(): Promise<number> {
  let n = 0;
  for (const d of openDialogs()) {
    await dismissDialog(d);
    n++;
  }
  await settle();
  return n;
}

describe("19.13: a weapon whose ability the character lacks", () => {
  it("the sheet's weapon button says so and rolls nothing (no bare attribute check)", async () => {
    const { actor } = await jun();
    await clickWeapon(actor, "Pistol");
    expect(await closeDialogs()).toBe(0);
    expect(msgs().length).toBe(0);
    expect(notifications().at(-1)).toMatchObject({ type: "warning", message: MISSING });
  });

  it("an attack with a target says so and posts nothing", async () => {
    const { p, actor } = await jun();
    const target: any = await Actor.create({ name: "Guard", type: "pool" } as never);
    p.targets = new Set([{ actor: target }]);
    const weapon = actor.items.find((i: any) => i.name === "Pistol");
    const roll = await asUser(p, () => attackWithWeapon(actor, weapon, shift()));
    expect(await closeDialogs()).toBe(0);
    expect(roll).toBeNull();
    expect(msgs().length).toBe(0);
    expect(notifications().at(-1)).toMatchObject({ type: "warning", message: MISSING });
  });

  it("the weapon's hotbar macro says the same and rolls nothing", async () => {
    const { actor } = await jun();
    g().user.character = actor;
    const run = g().breadbox.rollMacro({ ruleset: "pool", kind: "weapon", name: "Pistol" });
    await settle();
    expect(await closeDialogs()).toBe(0);
    await run;
    expect(msgs().length).toBe(0);
    expect(notifications().at(-1)).toMatchObject({ type: "warning", message: MISSING });
  });

  it("a weapon whose ability the character has still rolls; a missing attribute counts 0 and is said", async () => {
    const { actor } = await jun();
    await clickWeapon(actor, "Knife");
    expect(notifications().at(-1)).toMatchObject({ type: "info", message: "Jun has no attribute named “Physique”, which the Knife uses: it counts as 0." });
    const roll = msgs().at(-1).rolls[0];
    expect(roll).toBeInstanceOf(PoolCheckRoll);
    // Blades 2 → 3 Add dice, no attribute dice.
    expect(roll.check.pool).toMatchObject({ addDice: 3, bonusDice: 0, penaltyDice: 0 });
    expect(roll.check.title).toContain("Blades");
  });
});
