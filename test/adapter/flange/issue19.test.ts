/**
 * Issue 19 (rules at the table), Flange: points 1-4 and the pack content that is ours.
 *  1. A serious injury's penalty is on target numbers; the health track (18 - Constitution) stays.
 *  2. Edge in combat for the defender, and the Edge re-roll on combat rolls.
 *  3. Weapons reach the right skill; the attack dialog shows its pool and warns when the skill is missing.
 *  4. Dodge and block are Athleticism checks (no Surgery dodge); their critical failures are shown.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootSystem, packSources } from "../toaster/boot";
import * as R from "../../../src/rulesets/flange/rules";
import { injuryEffectData, onSeriousInjury } from "../../../src/rulesets/flange/combat/injury";
import { attackWithWeapon } from "../../../src/rulesets/flange/combat/attack";
import { applyResolution, resolutions, respond } from "./helpers";

beforeEach(bootSystem);

const msgs = (): any[] => (game as any).messages.contents;
const byType = (type: string): any[] => msgs().filter((m) => m.flags?.breadbox?.type === type);

/** A world actor built from a pack source (ids and keys stripped as an import would). */
async function sample(name: string): Promise<any> {
  const src = structuredClone(packSources("flange-characters").find((d) => d.name === name));
  if (!src) throw new Error(`${name} not in flange-characters`);
  delete src._key;
  delete src._id;
  src.items = (src.items ?? []).map(({ _key, ...rest }: any) => rest);
  return Actor.create(src as never);
}

function target(user: any, actor: any): void {
  user.targets = new Set([{ actor }]);
}

const shift = new MouseEvent("click", { shiftKey: true });

describe("19.1 a serious injury's penalty is on target numbers, not on the health track", () => {
  it("the book's +3: the Don keeps his 12 boxes, Mr Tims (left 1 box by the book's 8) stays alive; target numbers rise", async () => {
    const don = await sample("Don Smits");
    await don.update({ system: { wounds: { value: 3 } } });
    await don.createEmbeddedDocuments("ActiveEffect", [injuryEffectData("Fractured forearm", 3) as any]);
    expect(don.system.attributes.athleticism).toBe(10);
    expect(don.system.attributes.constitution).toBe(9);
    expect([don.system.healthBoxes, don.system.healthLeft, don.system.wounds.max]).toEqual([12, 9, 12]);

    const tims = await sample("Mr Tims");
    await tims.update({ system: { wounds: { value: 8 } } });
    await tims.createEmbeddedDocuments("ActiveEffect", [injuryEffectData("Kidney blown out", 3) as any]);
    expect(tims.system.attributes.perception).toBe(9);
    expect([tims.system.healthBoxes, tims.system.healthLeft, tims.system.healthStatus]).toEqual([9, 1, "wounded"]);
    expect(tims.system.healthState()).toMatchObject({ boxes: 9, lost: 8 });
  });

  it("the GM's serious-injury prompt renders and reads its penalty through a declared input; the Don's fight replays", async () => {
    const { INJURY_INPUTS } = await import("../../../src/rulesets/flange/combat/injury");
    expect(INJURY_INPUTS.penalty.max).toBe(5);
    const tims = await sample("Mr Tims");
    const don = await sample("Don Smits");
    const pTims = createUser({ name: "Tims's player" });
    const pDon = createUser({ name: "Don's player" });
    await tims.update({ ownership: { [pTims.id!]: 3 } });
    await don.update({ ownership: { [pDon.id!]: 3 } });
    target(pTims, don);
    const sock = tims.items.find((i: any) => i.type === "flangeWeapon");
    const card = await asUser(pTims, () => attackWithWeapon(tims, sock, shift));
    // The book's faces; the Don blocks with his arm on two dice (attribute only would roll three: 7, 1, 1).
    scriptDiceFaces([9, 4, 8, 7, 1, 1]);
    await respond(pDon, card, "blockBody");
    const res = resolutions().at(-1);
    expect(res.flags.breadbox).toMatchObject({ damage: 3, hit: true });
    await applyResolution(pDon, res);
    const applied = byType("flangeDamageApplied").at(-1);
    const pending = onSeriousInjury(applied);
    const dialog = await waitForDialog();
    const input = dialog.element.querySelector<HTMLInputElement>('input[name="penalty"]');
    expect([input?.min, input?.max, input?.value]).toEqual(["0", "5", "1"]);
    await answerDialog({ action: "roll", fill: { condition: "Fractured forearm", penalty: "3" } });
    await pending;
    expect(don.system.attributes.athleticism).toBe(10);
    expect([don.system.healthBoxes, don.system.healthLeft]).toEqual([12, 9]);
    expect(R.healthBoxes(6)).toBe(12);
  });
});
