/**
 * Issue 22, "Roll tables a GM can edit": Toaster's critical and hit-location automation reads the
 * world's RollTable (flag breadbox.table), else the system pack's, else the built-in table; the
 * card says which one. A malformed table is skipped with a console warning and a GM notice.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerPack, scriptDiceFaces } from "../../harness/index";
import { bootSystem, makeCharacter, packDoc, packSources } from "./boot";

beforeEach(bootSystem);
afterEach(() => {
  (game as any).packs.delete("breadbox.toaster-tables");
  vi.restoreAllMocks();
});

const CRIT = "Attack Critical or Defend Fumble";
const HIT = "Hit Location";
const msgs = () => (game as any).messages.contents;
const last = () => msgs().at(-1);
/** d10* value v is face v + 1 of the harness die; the d6 is its face. */
const dice = (d10: number, ...d6: number[]) => scriptDiceFaces([d10 + 1, ...d6]);

function registerSystemPack() {
  return registerPack({ name: "toaster-tables", label: "Toaster Combat Tables", type: "RollTable", system: "breadbox", packageName: "breadbox" }, packSources("toaster-tables"));
}

/** A world copy of a pack table, as a GM's import makes it (ids and keys dropped, flags kept). */
async function importTable(name: string, edit: (src: any) => void = () => {}) {
  const src = structuredClone(packDoc("toaster-tables", name));
  delete src._id;
  delete src._key;
  src.results = src.results.map(({ _key, ...r }: any) => r);
  edit(src);
  return (globalThis as any).RollTable.create(src);
}

async function postCrit() {
  const { postCritical } = await import("../../../src/rulesets/toaster/chat/tables");
  return postCritical(await makeCharacter("A"));
}
async function postHit() {
  const { postHitLocation } = await import("../../../src/rulesets/toaster/chat/tables");
  return postHitLocation(await makeCharacter("A"));
}

describe("which table the automation reads", () => {
  it("no table in the world or the packs: the built-in table, and the card says so", async () => {
    dice(0, 2);
    await postCrit();
    expect(last().flags.breadbox.table).toEqual({ source: "builtin", name: "Critical table" });
    expect(last().flags.breadbox.effects).toEqual(["attackerGraceful"]);
    expect(last().content).toContain("The attacker appeared exceptionally graceful and skilled");
    expect(last().content).toContain("Table: Critical table (built-in)");
  });

  it("the system pack's table when the world has none: its result text is on the card", async () => {
    registerSystemPack();
    dice(1, 6);
    await postCrit();
    expect(last().flags.breadbox.table).toEqual({ source: "pack", name: CRIT });
    expect(last().flags.breadbox.effects).toEqual(["weaponBreaks"]);
    expect(last().content).toContain("A. Defender loses weapon: Weapon breaks and is unusable");
    expect(last().content).toContain(`Table: ${CRIT} (system compendium)`);
    dice(0, 1);
    await postHit();
    expect(last().flags.breadbox.table).toEqual({ source: "pack", name: HIT });
    expect(last().content).toContain("Head/Neck: Neck/Throat");
  });

  it("the world's copy wins over the pack: a GM's edit of a result's text changes the card", async () => {
    registerSystemPack();
    await importTable(HIT, (src) => {
      src.name = "Trefferzonen";
      src.results.find((r: any) => r.range[0] === 1).description = "Kopf: Kehle";
    });
    dice(0, 1);
    await postHit();
    expect(last().flags.breadbox.table).toEqual({ source: "world", name: "Trefferzonen" });
    expect(last().flags.breadbox).toMatchObject({ area: "headNeck", location: "neckThroat" });
    expect(last().content).toContain("Kopf: Kehle");
    expect(last().content).toContain("Table: Trefferzonen (this world");
  });

  it("a GM's edit of a range changes which effect the automation reads (and its mechanics)", async () => {
    await importTable(CRIT, (src) => {
      // 1–3 graceful, 4–6 clumsy → 1–4 graceful, 5–6 clumsy.
      src.results.find((r: any) => r.flags.breadbox.result === "attackerGraceful").range = [1, 4];
      src.results.find((r: any) => r.flags.breadbox.result === "defenderClumsy").range = [5, 6];
    });
    dice(0, 4);
    await postCrit();
    expect(last().flags.breadbox.table.source).toBe("world");
    expect(last().flags.breadbox.effects).toEqual(["attackerGraceful"]);
  });

  it("a world table without our flag is not read (a GM's own table of the same name)", async () => {
    await importTable(HIT, (src) => {
      src.flags = {};
      src.results[0].description = "Not ours";
    });
    dice(0, 1);
    await postHit();
    expect(last().flags.breadbox.table.source).toBe("builtin");
    expect(last().content).not.toContain("Not ours");
  });
});

describe("a malformed table", () => {
  it("a gap in the ranges: console warning, a GM notice, the pack's table instead; nothing throws", async () => {
    registerSystemPack();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await importTable(HIT, (src) => {
      src.name = "Broken";
      src.results = src.results.filter((r: any) => r.range[0] !== 5);
    });
    dice(0, 5);
    await postHit();
    expect(last().flags.breadbox.table).toEqual({ source: "pack", name: HIT });
    expect(last().content).toContain("Head/Neck: Forehead/Skull");
    expect(warn.mock.calls.some((c) => String(c[0]).includes('"Broken"') && String(c[0]).includes("no result covers 5"))).toBe(true);
    const notices = (ui as any).notifications.history.filter((n: any) => n.type === "warning").map((n: any) => n.message);
    expect(notices).toEqual([expect.stringContaining('"Broken"')]);
  });

  it("overlapping ranges or a result naming no known effect: the built-in table", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await importTable(CRIT, (src) => {
      src.results[0].range = [1, 4];
    });
    dice(0, 2);
    await postCrit();
    expect(last().flags.breadbox.table.source).toBe("builtin");
    expect(warn.mock.calls.some((c) => String(c[0]).includes("2 results cover 4"))).toBe(true);
    for (const t of [...(game as any).tables]) await t.delete();
    await importTable(CRIT, (src) => {
      src.results[2].flags = { breadbox: { result: "somethingElse" } };
    });
    dice(0, 2);
    await postCrit();
    expect(last().flags.breadbox.table.source).toBe("builtin");
    expect(warn.mock.calls.some((c) => String(c[0]).includes('unknown critical effect "somethingElse"'))).toBe(true);
  });
});

describe("the shipped pack tables are the book's tables", () => {
  it("read cell by cell, they give the built-in effects and locations, and the same exact odds", async () => {
    const { criticalEntriesFrom, hitLocationEntriesFrom } = await import("../../../src/rulesets/toaster/chat/roll-tables");
    const R = await import("../../../src/rulesets/toaster/rules");
    const pack = registerSystemPack();
    const crit: any = [...pack.values()].find((t: any) => t.name === CRIT);
    const hit: any = [...pack.values()].find((t: any) => t.name === HIT);
    const critEntries = criticalEntriesFrom(crit);
    const hitEntries = hitLocationEntriesFrom(hit);
    if (typeof critEntries === "string" || typeof hitEntries === "string") throw new Error(String(critEntries) + String(hitEntries));
    for (let d10 = 0; d10 <= 8; d10++) for (let d6 = 1; d6 <= 6; d6++) expect(R.criticalEntryFor(d10, d6, critEntries).key).toBe(R.criticalEntryFor(d10, d6).key);
    for (let d10 = 0; d10 <= 9; d10++) for (let d6 = 1; d6 <= 6; d6++) {
      const a = R.hitLocationFor(d10, d6, hitEntries);
      const b = R.hitLocationFor(d10, d6);
      expect([a.area, a.location]).toEqual([b.area, b.location]);
    }
    const sort = (o: { outcomes: any[] }) => [...o.outcomes].sort((x, y) => `${x.damageBonus}|${x.armor}`.localeCompare(`${y.damageBonus}|${y.armor}`));
    const ours = sort(R.criticalTableOdds(critEntries));
    const book = sort(R.criticalTableOdds());
    expect(ours.map((o) => [o.damageBonus, o.armor])).toEqual(book.map((o) => [o.damageBonus, o.armor]));
    ours.forEach((o, i) => expect(o.p).toBeCloseTo(book[i].p, 12));
    expect(R.hitLocationOdds(hitEntries).areas).toEqual(R.hitLocationOdds().areas);
  });
});
