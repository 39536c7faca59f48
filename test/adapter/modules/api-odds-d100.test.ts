/**
 * D10/0 odds in the API (issue 22): `game.breadbox.api.odds` for a D10/0 character gives the exact
 * odds its check dialog shows with its defaults, for attributes and skill rows.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { answerDialog, waitForDialog } from "../../harness/index";

const api = (): any => (game as any).breadbox.api;
const chance = (p: number) => `${(p * 100).toFixed(1)}%`;

async function dialogOdds(): Promise<string> {
  const dialog = await waitForDialog();
  return dialog.element.querySelector("[data-bb-odds]")!.textContent!;
}

/** Every band the open dialog's panel shows, in order, with the API's chance of it. */
async function expectPanelShows(odds: any): Promise<void> {
  const panel = await dialogOdds();
  expect(odds.outcomes.length).toBeGreaterThan(1);
  let at = 0;
  for (const o of odds.outcomes) {
    at = panel.indexOf(chance(o.p), at);
    expect(at, `${o.key} ${chance(o.p)}`).toBeGreaterThanOrEqual(0);
  }
}

describe("D10/0 odds through game.breadbox.api", () => {
  beforeEach(bootWorld("d100"), 30_000);

  it("an attribute check: the odds its dialog shows, summing to 1", async () => {
    const tenner: any = await Actor.create({ name: "Tenner", type: "d100" } as never);
    const odds = api().odds(tenner, { kind: "attribute", name: "agility" });
    expect(odds.error ?? 0).toBeLessThan(1e-9);
    expect(odds.success).toBeGreaterThan(0);
    expect(odds.success).toBeLessThan(1);
    expect(odds.outcomes.reduce((s: number, o: any) => s + o.p, 0)).toBeCloseTo(1, 9);
    const pending = api().roll(tenner, { kind: "attribute", name: "agility" });
    await expectPanelShows(odds);
    await answerDialog({ action: "roll" });
    expect(await pending).toBe(true);
  }, 30_000);

  it("a skill row (by its id, as the hotbar names it): the odds its dialog shows", async () => {
    const tenner: any = await Actor.create({ name: "Tenner", type: "d100" } as never);
    const row = tenner.system.skillRows[0];
    expect(row).toBeDefined();
    const odds = api().odds(tenner, { kind: "skill", name: row.id });
    expect(odds).not.toBeNull();
    const pending = api().roll(tenner, { kind: "skill", name: row.id });
    await expectPanelShows(odds);
    await answerDialog({ action: "roll" });
    expect(await pending).toBe(true);
  });

  it("a better attribute gives better odds; what the actor lacks gives null", async () => {
    const low: any = await Actor.create({ name: "Low", type: "d100" } as never);
    const high: any = await Actor.create({ name: "High", type: "d100", system: { attributes: { agility: 9 } } } as never);
    expect(api().odds(high, { kind: "attribute", name: "agility" }).success).toBeGreaterThan(api().odds(low, { kind: "attribute", name: "agility" }).success);
    expect(api().odds(low, { kind: "skill", name: "no-such-row" })).toBeNull();
    expect(api().odds(low, { kind: "attribute", name: "luck" })).toBeNull();
  });
});
