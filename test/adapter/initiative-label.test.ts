/**
 * Issue 22: a tracker label is data. `Combatant#initiativeLabel` gives a combatant's initiative as
 * its ruleset reads it (Toast's ranks "Auto 9" / "Flub 3", a D10/0 quota without its tie-break
 * decimals), so a module that draws its own tracker shows what core's rows show.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "./toaster/boot";
import { AUTO_RANK_BASE } from "../../src/rulesets/toast/rules";

beforeEach(bootWorld("toast"));

async function combatantsOf(types: string[]): Promise<any[]> {
  const actors = await Promise.all(types.map((type, i) => Actor.create({ name: `${type} ${i}`, type } as never)));
  const combat: any = await Combat.create({} as never);
  return combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a!.id, name: a!.name })));
}

describe("Combatant#initiativeLabel", () => {
  it("reads a Toast rank as the book does, a plain rank as its number, and nothing before a roll", async () => {
    const [auto, flub, plain, unrolled] = await combatantsOf(["toast", "toast", "toast", "toast"]);
    await auto.update({ initiative: AUTO_RANK_BASE + 9 });
    await flub.update({ initiative: -AUTO_RANK_BASE - 3 });
    await plain.update({ initiative: 14 });
    expect(auto.initiativeLabel).toBe(game.i18n!.format("BREADBOX.ToastCombat.AutoDegree", { degree: 9 }));
    expect(flub.initiativeLabel).toBe(game.i18n!.format("BREADBOX.ToastCombat.FlubDegree", { degree: 3 }));
    expect(plain.initiativeLabel).toBe("14");
    expect(unrolled.initiativeLabel).toBeNull();
  });
});
