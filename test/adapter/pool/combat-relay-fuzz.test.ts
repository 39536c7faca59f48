/**
 * Seeded fuzz of the Dice Pool's relayed combat actions (core's exchange engine: `core.respond`,
 * `core.apply`): random requesters (the GM, the attacker's and the defender's players, a stranger)
 * send random respond / apply requests, genuine and forged, duplicated and malformed. Invariants: wounds reach the defender only from a
 * resolution in the GM's ledger, each resolution at most once, an attack card is answered at most
 * once, and nothing a stranger asks changes anything.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, scriptDiceFaces, seedDice, settle } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { attackWithWeapon } from "../../../src/rulesets/pool/combat/attack";
import { ledgerEntry } from "../../../src/core/chat/ledger";
import { hasMark } from "../../../src/core/chat/ledger-marks";
import { applyOrRelay } from "../../../src/core/relay";
import { seededRandom } from "../../../src/dice/random";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));
const shift = new MouseEvent("click", { shiftKey: true });

describe("pool combat relay fuzz", () => {
  it("200 random requests keep every invariant", async () => {
    const rng = seededRandom(20261123);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
    const p1 = createUser({ name: "Attacker's player" });
    const p2 = createUser({ name: "Defender's player" });
    const p3 = createUser({ name: "Stranger" });
    const gm = (game as any).users.find((u: any) => u.isGM);
    const attacker: any = await Actor.create({ name: "A", type: "pool", ownership: { [p1.id!]: 3 } } as never);
    await attacker.createEmbeddedDocuments("Item", [
      { name: "Blades", type: "poolAbility", system: { rating: 3 } },
      { name: "Sword", type: "poolWeapon", system: { ability: "Blades", damageModifier: 3 } },
    ]);
    const defender: any = await Actor.create({ name: "D", type: "pool", ownership: { [p2.id!]: 3 } } as never);
    await defender.createEmbeddedDocuments("Item", [{ name: "Dodge", type: "poolAbility", system: { rating: 1 } }]);
    const weapon = attacker.items.find((i: any) => i.type === "poolWeapon");
    const cards: any[] = [];
    const forged: any[] = [];
    for (let i = 0; i < 6; i++) {
      p1.targets = new Set([{ actor: defender }]);
      scriptDiceFaces([8, 8, 7, 6]);
      await asUser(p1, () => attackWithWeapon(attacker, weapon, shift));
      cards.push((game as any).messages.contents.at(-1));
    }
    // Forgeries: a stranger's attack card, and a player's resolution card naming big wounds.
    p3.targets = new Set([{ actor: defender }]);
    scriptDiceFaces([8, 8, 8, 8]);
    await asUser(p3, () => attackWithWeapon(attacker, weapon, shift));
    forged.push((game as any).messages.contents.at(-1));
    forged.push(await asUser(p1, () => ChatMessage.create({ content: "<p>x</p>", flags: { breadbox: { type: "exchangeResolution", exchange: "pool.attack", targetUuid: defender.uuid, outcome: { wounds: [{ kind: "physical", degree: 9, nonlethal: false }] } } } } as never)));
    await settle();
    // Defences are rolled on the GM's client with seeded Foundry dice.
    seedDice(5);
    const users = [gm, p1, p2, p3];
    const applied = new Map<string, number>();
    // Resolution cards the GM's client posted, and those with an outcome on its record.
    const resolutionCards = () => (game as any).messages.contents.filter((m: any) => m.flags.breadbox?.type === "exchangeResolution" && m.author?.isGM);
    const recorded = () => resolutionCards().filter((m: any) => ledgerEntry(m.id)?.exchange);
    for (let n = 0; n < 200; n++) {
      const user = pick(users);
      const message = pick([...cards, ...forged, ...recorded()]);
      const kind = pick(["defend", "apply", "junk"] as const);
      const payload: Record<string, unknown> =
        kind === "defend" ? { messageId: message?.id, response: pick(["none", "oppose", "surrender"]), choices: pick([null, { ability: "Dodge" }, { ability: "Blades" }, { extraBonus: 99 }, "x"]), mode: "public" }
          : kind === "apply" ? { messageId: message?.id }
            : pick([{}, { messageId: 42 }, { messageId: "constructor" }]);
      const action = kind === "defend" ? "core.respond" : kind === "apply" ? "core.apply" : pick(["core.respond", "core.apply", "core.constructor", "pool.constructor"]);
      const target = pick([defender, attacker]);
      const before = defender.system.wounds.length;
      const result = await asUser(user, () => applyOrRelay(action, { uuid: target.uuid }, payload));
      await settle();
      const added = defender.system.wounds.length - before;
      if (added > 0) {
        // Only an apply of a ledger resolution, by someone entitled, adds wounds — its own, once.
        expect(result.ok).toBe(true);
        expect(action).toBe("core.apply");
        expect(user).not.toBe(p3);
        const entry = ledgerEntry(String(payload.messageId))!.exchange!;
        expect(entry).toMatchObject({ ruleset: "pool", kind: "attack" });
        expect(hasMark(String(payload.messageId), "applied")).toBe(true);
        expect(added).toBe((entry.outcome.wounds as unknown[]).length);
        applied.set(String(payload.messageId), (applied.get(String(payload.messageId)) ?? 0) + 1);
      }
      if (user === p3) expect(result.ok).toBe(false);
    }
    // Every resolution applied at most once; each attack card answered at most once; forgeries never.
    for (const count of applied.values()) expect(count).toBe(1);
    const answers = (card: any) => resolutionCards().filter((m: any) => m.flags.breadbox.declarationId === card.id).length;
    for (const card of cards) expect(answers(card)).toBeLessThanOrEqual(1);
    expect(answers(forged[0])).toBe(0);
    expect(defender.system.wounds.every((w: any) => w.degree < 9)).toBe(true);
    expect(applied.size).toBeGreaterThan(0);
  }, 60_000);
});
