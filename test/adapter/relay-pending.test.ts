/**
 * Issue 18 point 7: a relayed request whose query runs out of time (a GM entering dice by hand)
 * is not reported as "failed" while the GM's client goes on and applies.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { asUser, createUser, gmUser } from "../harness/index";
import { bootSystem, makeCharacter, notifications } from "./toaster/boot";
import { applyOrRelay, registerCoreRelayAction, RELAY_PENDING, RELAY_QUERY_TIMEOUT_MS } from "../../src/core/relay";

beforeEach(bootSystem);
afterEach(() => {
  vi.useRealTimers();
});

/** A core relay action that holds the GM's client until `release` is called, then writes. */
let release: () => void = () => undefined;
let applied = 0;
registerCoreRelayAction("testSlowGM", async () => {
  await new Promise<void>((resolve) => {
    release = resolve;
  });
  applied += 1;
  return { ok: true };
});

describe("relay: a slow GM", () => {
  it("a query that runs out of time says the GM has not answered yet, not that it failed; the GM still applies", async () => {
    const p1 = createUser({ name: "P1" });
    const victim = await makeCharacter("Victim");
    applied = 0;
    const before = notifications().length;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const pending = asUser(p1, () => applyOrRelay("core.testSlowGM", { uuid: victim.uuid }, {}));
    await vi.advanceTimersByTimeAsync(RELAY_QUERY_TIMEOUT_MS - 1000);
    await vi.advanceTimersByTimeAsync(2000);
    const result = await pending;
    expect(result).toEqual({ ok: false, error: RELAY_PENDING });
    const said = notifications().slice(before);
    expect(said.map((n) => n.type)).toEqual(["info"]);
    expect(said[0]!.message).toContain(gmUser().name);
    expect(said.some((n) => /could not be made/.test(String(n.message)))).toBe(false);
    // The GM's client goes on and applies after the player stopped waiting.
    expect(applied).toBe(0);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(applied).toBe(1);
  }, 30_000);

  it("waits a good while for a GM entering dice by hand (at least a minute)", () => {
    expect(RELAY_QUERY_TIMEOUT_MS).toBeGreaterThanOrEqual(60_000);
  });

  it("a timeout that answers nothing (instead of rejecting) is told apart the same way", async () => {
    const p1 = createUser({ name: "P1" });
    const victim = await makeCharacter("Victim");
    const gm: any = gmUser();
    const original = gm.query;
    gm.query = async (_name: string, _data: unknown, { timeout }: { timeout: number }) => {
      await new Promise((resolve) => setTimeout(resolve, timeout));
      return undefined;
    };
    try {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      const pending = asUser(p1, () => applyOrRelay("core.testSlowGM", { uuid: victim.uuid }, {}));
      await vi.advanceTimersByTimeAsync(RELAY_QUERY_TIMEOUT_MS + 1);
      expect(await pending).toEqual({ ok: false, error: RELAY_PENDING });
    } finally {
      gm.query = original;
    }
  });

  it("a query that fails at once is still a plain refusal", async () => {
    const p1 = createUser({ name: "P1" });
    const victim = await makeCharacter("Victim");
    const gm: any = gmUser();
    const original = gm.query;
    gm.query = async () => {
      throw new Error("socket closed");
    };
    try {
      const r = await asUser(p1, () => applyOrRelay("core.testSlowGM", { uuid: victim.uuid }, {}));
      expect(r).toEqual({ ok: false, error: "BREADBOX.Relay.Failed" });
    } finally {
      gm.query = original;
    }
  });
});
