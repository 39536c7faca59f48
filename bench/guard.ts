/**
 * `bench` and `describe` for every bench file (import them from here, not from "vitest").
 *
 * Under `vitest bench`, a bench whose function throws is left out of the tables and counted as NaN,
 * and the run still succeeds: a renamed export once took three dialog benches out of `npm run bench`
 * unnoticed. Here a failing bench prints `[bench failed] <suite> › <name>` with the error, which
 * tools/bench.mjs turns into a failed run.
 *
 * The bench smoke tests (test/unit/benches.test.ts, test/adapter/benches/) set
 * `globalThis.__BREADBOX_BENCH_SMOKE__` before importing a bench file: then `describe` runs its body
 * at once, `bench` records its function, and the test calls each one once, so CI fails on a bench
 * that throws. `smokeScale(full, small)` gives a bench's size (characters, cards) in either mode.
 */
import { bench as vitestBench, describe as vitestDescribe } from "vitest";

type BenchFn = () => unknown;
type BenchOptions = Parameters<typeof vitestBench>[2];

/** A bench recorded in smoke mode: its suite path, its name and its function. */
export interface RecordedBench {
  suite: string;
  name: string;
  fn: BenchFn;
}

const recorded: RecordedBench[] = [];
const suites: string[] = [];

function smoke(): boolean {
  return (globalThis as { __BREADBOX_BENCH_SMOKE__?: boolean }).__BREADBOX_BENCH_SMOKE__ === true;
}

/** `full` when benching, `small` in the smoke tests (the same code path at a size a test can afford). */
export function smokeScale(full: number, small: number): number {
  return smoke() ? small : full;
}

export function describe(name: string, body: () => void): void {
  // The suite's name prefixes its benches' names (in a failure report, or a smoke test's name).
  const named = (): void => {
    suites.push(name);
    try {
      body();
    } finally {
      suites.pop();
    }
  };
  if (smoke()) named();
  else vitestDescribe(name, named);
}

export function bench(name: string, fn: BenchFn, options?: BenchOptions): void {
  const suite = suites.join(" › ");
  if (smoke()) {
    recorded.push({ suite, name, fn });
    return;
  }
  const report = (err: unknown): never => {
    console.error(`[bench failed] ${suite} › ${name}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    throw err;
  };
  // Synchronous benches stay synchronous (a promise per call would be timed too).
  vitestBench(name, () => {
    try {
      const result = fn();
      return result instanceof Promise ? result.catch(report) : result;
    } catch (err) {
      return report(err);
    }
  }, options);
}

/** The benches recorded in smoke mode since the last call. */
export function takeRecordedBenches(): RecordedBench[] {
  return recorded.splice(0);
}
