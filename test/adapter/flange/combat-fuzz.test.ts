/**
 * Flange combat relay actions under malformed requests: a seeded stream of odd payloads (wrong
 * types, inherited keys, other cards' ids, forged amounts) is refused with a message, never
 * throws, and changes no document.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createUser, scriptDiceFaces } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { runRelay } from "../../../src/core/relay";
import { seededRandom } from "../../../src/dice/random";
import { attackWithWeapon } from "../../../src/rulesets/flange/combat/attack";
import { resolutions, respond } from "./helpers";
import { asUser } from "../../harness/index";

// A flange world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("flange"));

const shift = new MouseEvent("click", { shiftKey: true });

describe("flange relay actions refuse malformed requests", () => {
  it("400 seeded odd payloads: every one refused, nothing thrown, nothing changed", async () => {
    const p = createUser({ name: "Player" });
    const a: any = await Actor.create({ name: "A", type: "flange", system: { attributes: { strength: 8 }, edge: { points: 3, spent: 0 } } } as never);
    await a.createEmbeddedDocuments("Item", [
      { name: "Brawling", type: "flangeSkill", system: { heading: "combatBrawl", dots: 2 } },
      { name: "Fists", type: "flangeWeapon", system: { attribute: "strength", range: "melee", skill: "Brawling", heading: "combatBrawl", equipped: true } },
    ]);
    const d: any = await Actor.create({ name: "D", type: "flange", system: { attributes: { athleticism: 8 } } } as never);
    await a.update({ ownership: { [p.id!]: 3 } });
    await d.update({ ownership: { [p.id!]: 3 } });
    // One genuine, resolved attack, so ids of real cards are in the mix.
    (p as any).targets = new Set([{ actor: d }]);
    const card = await asUser(p, () => attackWithWeapon(a, a.items.find((i: any) => i.type === "flangeWeapon"), shift));
    scriptDiceFaces([2, 2]);
    await respond(p, card, "counterattack");
    // The miss is resolved (and has nothing to apply).
    expect(resolutions()).toHaveLength(1);
    const ids = (game as any).messages.contents.map((m: any) => m.id);
    const before = JSON.stringify([a.toObject(), d.toObject(), (game as any).messages.contents.length]);
    const rng = seededRandom(1313);
    const pick = <T,>(xs: T[]): T => xs[Math.floor(rng() * xs.length)]!;
    const odd = () => pick<unknown>([undefined, null, 0, -1, 1.5, "", "constructor", "__proto__", "toString", [], {}, { __proto__: { ok: true } }, "x".repeat(300), ...ids, card.id]);
    const actions = ["core.respond", "core.apply", "flange.applyDramatic", "flange.commitHand", "flange.constructor", "flange.__proto__", "flange.toString"];
    for (let i = 0; i < 400; i++) {
      const payload: Record<string, unknown> = {
        messageId: odd(),
        response: pick<unknown>(["counterattack", "dodge", "blockObject", "blockBody", "none", "planned", "constructor", odd()]),
        choices: pick<unknown>([{ skillId: odd() }, odd()]),
        dramatic: pick<unknown>([true, false, "true", 1]),
        option: pick<unknown>(["dramatic", "constructor", "__proto__", odd()]),
        combatantId: odd(),
        commitment: pick<unknown>(["0".repeat(64), "g".repeat(64), odd()]),
        mode: odd(),
      };
      const target = pick([a.uuid, d.uuid, "Actor.nope", "", "constructor"]);
      const r = await runRelay({ action: pick(actions), requesterId: p.id!, targetUuid: target, payload }, p as never);
      expect(r.ok, JSON.stringify(payload)).toBe(false);
      expect(typeof r.error).toBe("string");
    }
    expect(JSON.stringify([a.toObject(), d.toObject(), (game as any).messages.contents.length])).toBe(before);
  });
});
