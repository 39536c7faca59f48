/**
 * Issue 20: a Flange character's skill and attribute views and the rules core's character are
 * built on first read after each preparation. A change to each input — a skill, generalisation,
 * the attributes, an Active Effect, the owned items — is seen by the next read, even when the
 * value was read before the change.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { effectChangesData } from "../../../src/core/compat";
import { bootWorld } from "../toaster/boot";
import { flangeCharacter, skill, JOE_AVERAGE } from "./helpers";

beforeEach(bootWorld("flange"));

describe("Flange views computed on first read", () => {
  it("follow the skills, generalisation, attributes, powers and an Active Effect", async () => {
    const a = await flangeCharacter("Joe", { attributes: JOE_AVERAGE }, [skill("Sock", "combatMelee", 2), skill("Surgery", "medicine", 1)]);
    const sys = () => a.system;
    expect(sys().skills.map((s: any) => [s.name, s.dice]).sort()).toEqual([["Sock", 2], ["Surgery", 1]]);
    const order = sys().skills.map((s: any) => s.name);
    expect(sys().character.skills).toHaveLength(2);

    await a.update({ "system.generalisation.medicine": 2 });
    expect(sys().skills.find((s: any) => s.name === "Surgery")).toMatchObject({ generalisation: 2, dice: 3 });
    expect(sys().character.generalisation).toMatchObject({ medicine: 2 });

    await a.items.find((i: any) => i.name === "Sock").update({ name: "Punch", "system.dots": 3 });
    expect(sys().skills.map((s: any) => s.name)).toEqual(order.map((n: string) => (n === "Sock" ? "Punch" : n)));
    expect(sys().character.skills.find((s: any) => s.name === "Punch").dots).toBe(3);

    await a.createEmbeddedDocuments("Item", [skill("Stitching", "medicine", 1), { name: "Blink", type: "flangePower", system: { cost: 3 } }]);
    expect(sys().skills).toHaveLength(3);
    expect(sys().character.otherFlangeSpend).toBe(3);

    await a.update({ "system.attributes.strength": 9 });
    expect(sys().attributeViews.find((v: any) => v.key === "strength")).toMatchObject({ target: 9, crossed: 1 });
    expect(sys().character.attributes.strength).toBe(9);

    await a.createEmbeddedDocuments("ActiveEffect", [{ name: "Injury", ...effectChangesData([{ key: "system.attributes.strength", type: "add", value: "1" }]) }]);
    expect(sys().attributeViews.find((v: any) => v.key === "strength").target).toBe(10);
    expect(sys().character.attributes.strength).toBe(10);

    await a.deleteEmbeddedDocuments("Item", [a.items.find((i: any) => i.name === "Punch").id]);
    expect(sys().skills.map((s: any) => s.name)).not.toContain("Punch");
  });
});
