/**
 * Issue 22, "Hooks": Breadbox's documented hooks (src/core/api/hooks.ts, docs/hooks.md), fired by
 * core for every ruleset. The exchange hooks through the sixth test ruleset (test/fixtures/ruleset-d6),
 * which goes through exactly the engine path every ruleset's exchange goes through.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asUser, createUser, scriptDiceFaces } from "../harness/index";
import { registerRuleset } from "../../src/core/registry";
import { d6Attack, d6AttackRoll, d6Ruleset } from "../fixtures/ruleset-d6/ruleset";
import { bootSystem } from "./toaster/boot";
import { declareExchange } from "../../src/core/exchange/engine";
import { applyOrRelay } from "../../src/core/relay";
import { ledgerEntry, ledgerSettled } from "../../src/core/chat/ledger";
import { hasMark } from "../../src/core/chat/ledger-marks";
import { attackWithWeapon } from "../../src/rulesets/flange/combat/attack";
import { applyResolution, flangeCharacter, resolutions, respond as flangeRespond, skill } from "./flange/helpers";
import { shift } from "./exchange-relay";

Hooks.once("init", () => registerRuleset(d6Ruleset()));

beforeEach(bootSystem);

const msgs = (): any[] => [...(game as any).messages];

async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Target's player" });
  const attacker: any = await Actor.create({ name: "Ann", type: "d6", system: { skill: 2 }, ownership: { [p1.id!]: 3 } } as never);
  const target: any = await Actor.create({ name: "Bo", type: "d6", system: { skill: 1, focus: 1, health: 3 }, ownership: { [p2.id!]: 3 } } as never);
  return { p1, p2, attacker, target };
}

/** Ann declares an attack whose d6 shows `face` (6: a hit against Bo's take). */
async function declare(s: any, face = 6): Promise<any> {
  scriptDiceFaces([face]);
  const card = await asUser(s.p1, async () => declareExchange(d6Attack as any, s.attacker, s.target, { modifier: 0 }, { rolls: [await d6AttackRoll()] }));
  await ledgerSettled();
  return card;
}
const respond = (s: any, card: any) => asUser(s.p2, () => applyOrRelay("core.respond", s.target, { messageId: card.id, response: "take", choices: {} }));
const apply = (s: any, card: any) => asUser(s.p2, () => applyOrRelay("core.apply", s.target, { messageId: card.id }));

/** Record every call of a hook: its payloads. */
function spy(hook: string, answer?: () => unknown): any[] {
  const calls: any[] = [];
  Hooks.on(hook, (payload: unknown) => {
    calls.push(payload);
    return answer?.();
  });
  return calls;
}

describe("exchange hooks", () => {
  it("each of the four fires once, with its documented payload, on the active GM's client", async () => {
    const s = await scene();
    const preResolve = spy("breadbox.preResolveExchange");
    const resolve = spy("breadbox.resolveExchange");
    const preApply = spy("breadbox.preApplyExchange");
    const applied = spy("breadbox.applyExchange");
    const card = await declare(s);
    expect(preResolve).toHaveLength(0);
    expect(((await respond(s, card)) as any).ok).toBe(true);
    const resolution = msgs().at(-1);
    expect(preResolve).toHaveLength(1);
    expect(preResolve[0]).toMatchObject({ ruleset: "d6", kind: "attack", response: "take" });
    expect(preResolve[0].attacker).toBe(s.attacker);
    expect(preResolve[0].target).toBe(s.target);
    expect(preResolve[0].declaration.id).toBe(card.id);
    expect(preResolve[0].requester.id).toBe(s.p2.id);
    expect(resolve).toHaveLength(1);
    expect(resolve[0]).toMatchObject({ ruleset: "d6", kind: "attack", response: "take", outcome: { wounds: 1 } });
    expect(resolve[0].resolution.id).toBe(resolution.id);
    expect(preApply).toHaveLength(0);
    expect(((await apply(s, resolution)) as any).ok).toBe(true);
    expect(preApply).toHaveLength(1);
    expect(preApply[0]).toMatchObject({ ruleset: "d6", kind: "attack", outcome: { wounds: 1 }, option: null });
    expect(preApply[0].attacker).toBe(s.attacker);
    expect(preApply[0].target).toBe(s.target);
    expect(preApply[0].resolution.id).toBe(resolution.id);
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ ruleset: "d6", kind: "attack", outcome: { wounds: 1 }, applied: { wounds: 1 } });
    expect(s.target.system.health).toBe(2);
  });

  it("the outcome handed to the hooks is a copy: changing it changes nothing applied", async () => {
    const s = await scene();
    let seen = 0;
    Hooks.on("breadbox.preApplyExchange", (p: any) => {
      seen++;
      p.outcome.wounds = 3;
    });
    const card = await declare(s);
    await respond(s, card);
    const resolution = msgs().at(-1);
    await apply(s, resolution);
    expect(seen).toBe(1);
    expect(s.target.system.health).toBe(2);
    expect(ledgerEntry(resolution.id)?.exchange?.outcome).toEqual({ wounds: 1 });
  });

  it("preResolveExchange returning false cancels: nothing resolved, the mark released, the exchange open", async () => {
    const s = await scene();
    let cancel = true;
    spy("breadbox.preResolveExchange", () => (cancel ? false : undefined));
    const resolve = spy("breadbox.resolveExchange");
    const card = await declare(s);
    const before = msgs().length;
    expect(await respond(s, card)).toMatchObject({ ok: false, error: "BREADBOX.Exchange.Cancelled" });
    expect(msgs()).toHaveLength(before);
    expect(hasMark(card.id, "resolved")).toBe(false);
    expect(resolve).toHaveLength(0);
    // Open: answered again once the module lets it through.
    cancel = false;
    expect(((await respond(s, card)) as any).ok).toBe(true);
    expect(resolve).toHaveLength(1);
  });

  it("preApplyExchange returning false cancels: nothing written, the mark released, Apply possible later", async () => {
    const s = await scene();
    let cancel = true;
    spy("breadbox.preApplyExchange", () => (cancel ? false : undefined));
    const applied = spy("breadbox.applyExchange");
    const card = await declare(s);
    await respond(s, card);
    const resolution = msgs().at(-1);
    expect(await apply(s, resolution)).toMatchObject({ ok: false, error: "BREADBOX.Exchange.Cancelled" });
    expect(s.target.system.health).toBe(3);
    expect(hasMark(resolution.id, "applied")).toBe(false);
    expect(applied).toHaveLength(0);
    cancel = false;
    expect(((await apply(s, resolution)) as any).ok).toBe(true);
    expect(s.target.system.health).toBe(2);
    expect(applied).toHaveLength(1);
  });

  it("a handler that throws is logged and the exchange goes on", async () => {
    const s = await scene();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const hook of ["breadbox.preResolveExchange", "breadbox.resolveExchange", "breadbox.preApplyExchange", "breadbox.applyExchange"]) {
      Hooks.on(hook, () => {
        throw new Error(`boom in ${hook}`);
      });
    }
    const card = await declare(s);
    expect(((await respond(s, card)) as any).ok).toBe(true);
    expect(((await apply(s, msgs().at(-1))) as any).ok).toBe(true);
    expect(s.target.system.health).toBe(2);
    const logged = error.mock.calls.map((c) => String(c[1] instanceof Error ? c[1].message : c[1]));
    for (const hook of ["breadbox.preResolveExchange", "breadbox.resolveExchange", "breadbox.preApplyExchange", "breadbox.applyExchange"]) expect(logged).toContain(`boom in ${hook}`);
    error.mockRestore();
  });
});

describe("exchange hooks in a shipped ruleset (Flange's attack: the same engine path)", () => {
  it("Tims's sock of sand on the Don: the four hooks fire once each, naming flange.attack and its outcome", async () => {
    const pTims = createUser({ name: "Tims's player" });
    const pDon = createUser({ name: "Don's player" });
    const weapon = (name: string, system: Record<string, unknown>) => ({ name, type: "flangeWeapon", system: { equipped: true, ...system } });
    const tims = await flangeCharacter("Mr Tims", { attributes: { perception: 6, strength: 8, athleticism: 8, constitution: 9 } }, [
      skill("Sock of sand", "combatMelee", 2),
      weapon("Sock of sand", { attribute: "strength", range: "melee", damageDots: 0, damageModifier: -3, skill: "Sock of sand", heading: "combatMelee" }),
    ]);
    const don = await flangeCharacter("Don Smits", { attributes: { perception: 8, athleticism: 7, constitution: 6 } }, [skill("Parkour", "acrobatics", 2)]);
    await tims.update({ ownership: { [pTims.id!]: 3 } });
    await don.update({ ownership: { [pDon.id!]: 3 } });
    const calls = Object.fromEntries(["preResolveExchange", "resolveExchange", "preApplyExchange", "applyExchange"].map((h) => [h, spy(`breadbox.${h}`)]));
    (pTims as any).targets = new Set([{ actor: don }]);
    const sock = tims.items.find((i: any) => i.type === "flangeWeapon");
    const card: any = await asUser(pTims, () => attackWithWeapon(tims, sock, shift));
    scriptDiceFaces([9, 4, 8, 7, 1]);
    await flangeRespond(pDon, card, "blockBody");
    const res = resolutions().at(-1);
    await applyResolution(pDon, res);
    expect(don.system.wounds.value).toBe(3);
    for (const list of Object.values(calls)) expect(list).toHaveLength(1);
    expect(calls.preResolveExchange[0]).toMatchObject({ ruleset: "flange", kind: "attack", response: "blockBody" });
    expect(calls.resolveExchange[0]).toMatchObject({ ruleset: "flange", kind: "attack", outcome: { damage: 3 } });
    expect(calls.preApplyExchange[0]).toMatchObject({ ruleset: "flange", kind: "attack", outcome: { damage: 3 } });
    expect(calls.applyExchange[0].target).toBe(don);
    expect(calls.applyExchange[0].attacker).toBe(tims);
  });
});
