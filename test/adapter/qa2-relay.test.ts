/** QA pass 2: the GM relay (src/core/relay.ts) and the Toaster relay actions. */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, gmUser, setUserActive } from "../harness/index";
import { bootSystem, makeCharacter, notifications } from "./toaster/boot";
import { relayQueryHandler, runRelay, applyOrRelay } from "../../src/core/relay";
import { onApply } from "../../src/core/exchange/engine";
import { updateLedger } from "../../src/core/chat/ledger";

beforeEach(bootSystem);


async function setup() {
  const p1 = createUser({ name: "P1" });
  const p2 = createUser({ name: "P2" });
  const mine = await makeCharacter("Mine");
  await mine.update({ ownership: { [p1.id!]: 3 } });
  const victim = await makeCharacter("Victim");
  await victim.update({ ownership: { [p2.id!]: 3 } });
  return { p1, p2, mine, victim };
}


describe("relay: malformed and refused requests", () => {
  it("refuses null, unknown actions, missing targets and a non-GM handler", async () => {
    const gm = gmUser();
    expect(await runRelay(null as never, gm as never)).toEqual({ ok: false, error: "BREADBOX.Relay.Malformed" });
    expect((await runRelay({ action: "toaster.nope", requesterId: gm.id!, targetUuid: "Actor.x", payload: {} }, gm as never)).error).toBe("BREADBOX.Relay.UnknownAction");
    expect((await runRelay({ action: "toaster", requesterId: gm.id!, targetUuid: "Actor.x", payload: {} }, gm as never)).error).toBe("BREADBOX.Relay.UnknownAction");
    expect((await runRelay({ action: "nobody.applyDamage", requesterId: gm.id!, targetUuid: "Actor.x", payload: {} }, gm as never)).error).toBe("BREADBOX.Relay.UnknownAction");
    expect((await runRelay({ action: "core.apply", requesterId: gm.id! } as never, gm as never)).error).toBe("BREADBOX.Relay.NoTarget");
    expect((await runRelay({ action: "core.apply", requesterId: gm.id!, targetUuid: "Actor.doesnotexist", payload: {} }, gm as never)).error).toBe("BREADBOX.Relay.NoTarget");
    const p = createUser();
    expect(await asUser(p, () => relayQueryHandler({}))).toEqual({ ok: false, error: "BREADBOX.Relay.NotGM" });
    expect(await relayQueryHandler(null)).toEqual({ ok: false, error: "BREADBOX.Relay.UnknownRequester" });
    expect(await relayQueryHandler({ requesterId: gm.id })).toEqual({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    setUserActive(p, false);
    expect(await relayQueryHandler({ requesterId: p.id })).toEqual({ ok: false, error: "BREADBOX.Relay.UnknownRequester" });
  });

  it("every refusal key exists in lang/en.json", () => {
    for (const k of ["Malformed", "UnknownAction", "NoTarget", "Failed", "NotGM", "UnknownRequester", "NoGM", "TargetMismatch", "Forbidden"]) {
      expect((game as any).i18n.has(`BREADBOX.Relay.${k}`), k).toBe(true);
    }
  });

  it("with no GM online the player is told and nothing changes", async () => {
    const s = await setup();
    setUserActive(gmUser(), false);
    const r = await asUser(s.p1, () => applyOrRelay("core.apply", { uuid: s.victim.uuid, isOwner: false }, { messageId: "x" }));
    expect(r).toEqual({ ok: false, error: "BREADBOX.Relay.NoGM" });
    expect(notifications().filter((n) => n.type === "warning" || n.type === "warn").length).toBe(1);
  });
});

describe("relay: apply damage", () => {
  it("Apply by a stranger (owns neither side) does nothing", async () => {
    const s = await setup();
    const p3 = createUser({ name: "P3" });
    const card: any = await ChatMessage.create({ content: "r", flags: { breadbox: { type: "exchangeResolution", exchange: "toaster.attack", attackerUuid: s.mine.uuid, targetUuid: s.victim.uuid } } } as never);
    await updateLedger(card.id, { exchange: { ruleset: "toaster", kind: "attack", declarationId: "a", attackerUuid: s.mine.uuid, targetUuid: s.victim.uuid, outcome: { stun: 4, wounds: 1 } } });
    await asUser(p3, () => onApply(card));
    expect(s.victim.system.wounds.value).toBe(0);
    expect(card.flags.breadbox.applied).toBeUndefined();
  });
});

describe("relay hardening", () => {
  it("a failed GM query comes back as a refusal, not an exception", async () => {
    const s = await setup();
    const gm: any = gmUser();
    const original = gm.query;
    gm.query = async () => {
      throw new Error("Query timed out");
    };
    try {
      const r = await asUser(s.p1, () => applyOrRelay("core.apply", { uuid: s.victim.uuid, isOwner: false }, { messageId: "nope" }));
      expect(r).toEqual({ ok: false, error: "BREADBOX.Relay.Failed" });
    } finally {
      gm.query = original;
    }
  });

  it("inherited object keys are not actions", async () => {
    const s = await setup();
    const r = await runRelay({ action: "toaster.constructor", requesterId: s.p1.id!, targetUuid: s.victim.uuid, payload: {} }, s.p1 as never);
    expect(r).toEqual({ ok: false, error: "BREADBOX.Relay.UnknownAction" });
  });
});
