/**
 * A big fight (issue 20): a combat of 50 combatants per ruleset, in the Foundry test harness — one
 * round of the ruleset's tracker (initiative for everyone, then a turn change for each combatant,
 * the last one starting the next round). Reports (printed, never asserted) the document writes
 * per turn change and any update that changes nothing; the round itself is bench-timed.
 */
import { bench, describe, smokeScale } from "../guard";
import { Hooks, seedDice, turnEventsSettled } from "../../test/harness/index";
import { bootBench } from "./setup/boot";

await bootBench();
seedDice(20);

const RULESETS = ["toaster", "toast", "pool", "d100", "flange"] as const;
const COMBATANTS = Number(process.env.BENCH_COMBATANTS ?? smokeScale(50, 4));

interface Write { kind: string; noop: boolean }
let writes: Write[] = [];
/** A diff that changes nothing: no key but `_id`, or only nested objects that are themselves empty. */
function emptyDiff(diff: unknown): boolean {
  if (!diff || typeof diff !== "object") return false;
  return Object.entries(diff).every(([k, v]) => k === "_id" || (v !== null && typeof v === "object" && !Array.isArray(v) && emptyDiff(v)));
}
for (const doc of ["ChatMessage", "JournalEntry", "User", "Actor", "Item", "Combat", "Combatant", "ActiveEffect", "Token"]) {
  Hooks.on(`create${doc}`, () => writes.push({ kind: `create${doc}`, noop: false }));
  Hooks.on(`update${doc}`, (_d: unknown, diff: unknown) => writes.push({ kind: `update${doc}`, noop: emptyDiff(diff) }));
  Hooks.on(`delete${doc}`, () => writes.push({ kind: `delete${doc}`, noop: false }));
}

function tally(ws: Write[]): string {
  const by = new Map<string, number>();
  for (const w of ws) by.set(w.kind, (by.get(w.kind) ?? 0) + 1);
  return [...by].map(([k, v]) => `${k} ${v}`).join(", ") || "none";
}

async function fight(type: (typeof RULESETS)[number]) {
  const actors = [];
  for (let i = 0; i < COMBATANTS; i++) actors.push(await Actor.create({ name: `${type} fighter ${i}`, type } as never));
  const combat = await Combat.create({} as never);
  if (!combat) throw new Error("no combat");
  await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a!.id, name: a!.name })) as never);
  return combat;
}

/** Start, roll everyone's initiative, then one full round of turn changes; returns the figures. */
async function oneRound(combat: Combat): Promise<{ ms: number; initiative: Write[]; turns: Write[][] }> {
  const t = performance.now();
  writes = [];
  if (process.env.BENCH_TRACE) console.log("start");
  await combat.startCombat();
  if (process.env.BENCH_TRACE) console.log("roll");
  await combat.rollAll();
  if (process.env.BENCH_TRACE) console.log("rolled");
  await turnEventsSettled();
  const initiative = writes;
  const turns: Write[][] = [];
  const steps = Math.max(1, combat.turns.length);
  for (let i = 0; i < steps; i++) {
    writes = [];
    if (process.env.BENCH_TRACE) console.log("turn", i);
    await combat.nextTurn();
    await turnEventsSettled();
    turns.push(writes);
  }
  return { ms: performance.now() - t, initiative, turns };
}

const combats = new Map<string, Combat>();
for (const type of RULESETS) {
  const combat = await fight(type);
  const r = await oneRound(combat);
  const all = r.turns.flat();
  const perTurn = r.turns.map((w) => w.length);
  const max = Math.max(...perTurn);
  const mean = perTurn.reduce((s, n) => s + n, 0) / perTurn.length;
  const noops = [...r.initiative, ...all].filter((w) => w.noop);
  console.log(`[tracker] ${type}: ${COMBATANTS} combatants, first round ${r.ms.toFixed(0)} ms; initiative: ${r.initiative.length} writes (${tally(r.initiative)}); per turn change: mean ${mean.toFixed(2)}, max ${max} writes (${tally(all)} over ${r.turns.length} changes); no-op updates: ${noops.length}${noops.length ? ` (${tally(noops)})` : ""}`);
  await combat.delete();
  combats.set(type, await fight(type));
}

describe("Combat tracker, 50 combatants: start, everyone's initiative, one round of turn changes", () => {
  for (const type of RULESETS) {
    bench(`${type}`, async () => {
      const combat = combats.get(type)!;
      await combat.resetAll?.();
      await combat.update({ round: 0, turn: null } as never);
      await oneRound(combat);
    }, { iterations: 3, warmupIterations: 0 });
  }
});
