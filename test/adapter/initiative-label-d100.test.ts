/**
 * Issue 22: a tracker label is data. `Combatant#initiativeLabel` gives a combatant's initiative as
 * its ruleset reads it (a D10/0 quota without its tie-break decimals; Toast's
 * ranks are in initiative-label.test.ts), so a module that draws its own tracker shows what core's rows show.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "./toaster/boot";

async function combatantsOf(types: string[]): Promise<any[]> {
  const actors = await Promise.all(types.map((type, i) => Actor.create({ name: `${type} ${i}`, type } as never)));
  const combat: any = await Combat.create({} as never);
  return combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a!.id, name: a!.name })));
}

beforeEach(bootWorld("d100"));

describe("Combatant#initiativeLabel in a D10/0 world", () => {
  it("reads a D10/0 initiative as its quota, without the tie-break decimals; a combatant of another ruleset gives none", async () => {
    const [quota, toaster] = await combatantsOf(["d100", "toaster"]);
    await quota.update({ initiative: 12.01 });
    await toaster.update({ initiative: 7 });
    expect(quota.initiativeLabel).toBe("12");
    expect(toaster.initiativeLabel).toBeNull();
  });
});
