/**
 * Issues 18.3 and 18.4: a new actor's token shows its own type's bars (not Toaster's `stun` for
 * every type), every default bar reads a {value, max} of its actor, and the Flange Edge bar
 * (derived value and max) is editable from the token HUD.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, game } from "../harness/index";
import { bootSystem } from "./toaster/boot";
import { allRulesets, tokenBarsOf } from "../../src/core/registry";

const manifest = JSON.parse(readFileSync("system.json", "utf8")) as Record<string, unknown>;

beforeEach(async () => {
  await bootSystem();
  // The harness's manifest is the real one: its token attributes apply to every actor type.
  Object.assign(game.system, { primaryTokenAttribute: manifest.primaryTokenAttribute, secondaryTokenAttribute: manifest.secondaryTokenAttribute });
});

const EXPECTED: Record<string, [string | null, string | null]> = {
  toaster: ["stun", "wounds"],
  toast: ["wounds", null],
  d100: ["health", "combat.ap"],
  flange: ["wounds", "edge"],
  pool: [null, null],
};

describe("default token bars per actor type", () => {
  it.each(Object.entries(EXPECTED))("a new %s actor's prototype token shows its own bars", async (type, [bar1, bar2]) => {
    const actor: any = await Actor.create({ name: `New ${type}`, type } as never);
    expect(actor.prototypeToken.bar1.attribute).toBe(bar1);
    expect(actor.prototypeToken.bar2.attribute).toBe(bar2);
    // Each bar reads a {value, max} of this actor: none points at nothing.
    for (const bar of [bar1, bar2]) {
      if (bar === null) continue;
      const data = foundry.utils.getProperty(actor.system, bar) as { value?: unknown; max?: unknown } | undefined;
      expect(typeof data?.value, `${type}.${bar}.value`).toBe("number");
      expect(typeof data?.max, `${type}.${bar}.max`).toBe("number");
    }
  });

  it("every actor type of every ruleset names its bars, and each is one of its trackable bars", () => {
    const types = allRulesets().flatMap((r) => Object.keys(r.actorModels));
    expect(types.sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const type of types) {
      const bars = tokenBarsOf(type);
      for (const bar of [bars.bar1, bars.bar2]) if (bar) expect((CONFIG.Actor.trackableAttributes as any)[type].bar).toContain(bar);
    }
  });

  it("bars given in the creation data (an import, a duplicate) are kept", async () => {
    const actor: any = await Actor.create({ name: "Imported", type: "d100", prototypeToken: { bar1: { attribute: "combat.ap" }, bar2: { attribute: null } } } as never);
    expect(actor.prototypeToken.bar1.attribute).toBe("combat.ap");
    expect(actor.prototypeToken.bar2.attribute).toBeNull();
  });

  it("the manifest names no token attribute for every type any more (nor the unused socket)", () => {
    expect(manifest.primaryTokenAttribute).toBeUndefined();
    expect(manifest.secondaryTokenAttribute).toBeUndefined();
    expect(manifest.socket).toBeUndefined();
  });
});

describe("the Flange Edge bar from the token HUD", () => {
  async function edgy(owner?: any): Promise<any> {
    const actor: any = await Actor.create({ name: "Edgy", type: "flange", system: { edge: { points: 3, spent: 0 } }, ...(owner ? { ownership: { default: 0, [owner.id]: 3 } } : {}) } as never);
    expect(actor.system.edge.value).toBe(3);
    return actor;
  }

  it("typing a value spends (or returns) Edge: the stored `spent` moves, points stay", async () => {
    const actor = await edgy();
    await actor.modifyTokenAttribute("edge", 1, false, true);
    expect(actor._source.system.edge).toEqual({ points: 3, spent: 2 });
    expect(actor.system.edge.value).toBe(1);
    expect(actor.system.edge.max).toBe(3);
    await actor.modifyTokenAttribute("edge", 3, false, true);
    expect(actor._source.system.edge.spent).toBe(0);
  });

  it("a delta (−1, +1) moves Edge within 0…points; a value past the bounds is held to them", async () => {
    const actor = await edgy();
    await actor.modifyTokenAttribute("edge", -1, true, true);
    expect(actor.system.edge.value).toBe(2);
    await actor.modifyTokenAttribute("edge", 5, true, true);
    expect(actor.system.edge.value).toBe(3);
    await actor.modifyTokenAttribute("edge", -9, false, true);
    expect(actor._source.system.edge.spent).toBe(3);
    await actor.modifyTokenAttribute("edge", 9, false, true);
    expect(actor._source.system.edge.spent).toBe(0);
  });

  it("the owning player edits their own character's bar", async () => {
    const player = createUser({ name: "Edge Player" });
    const actor = await edgy(player);
    await asUser(player, () => actor.modifyTokenAttribute("edge", -2, true, true));
    expect(actor.system.edge.value).toBe(1);
  });

  it("wounds and grind bars write their stored values directly", async () => {
    const actor = await edgy();
    await actor.modifyTokenAttribute("wounds", 2, false, true);
    expect(actor._source.system.wounds.value).toBe(2);
  });
});
