/**
 * Boot the Foundry test harness for an adapter bench: the system through init → ready, then every
 * ruleset's code loaded (as the adapter tests' `bootSystem` does), so no ruleset's code is still
 * loading when the bench ends and its environment is torn down.
 */
import { runStartupHooks } from "../../../test/harness/index";

export async function bootBench(): Promise<void> {
  await import("../../../src/index");
  await runStartupHooks();
  const { coreReady } = await import("../../../src/core/init");
  await coreReady();
  const { loadRuleset, settleLoads } = await import("../../../src/core/lazy");
  const { allRulesets } = await import("../../../src/core/registry");
  await Promise.all(allRulesets().map((r) => loadRuleset(r.id)));
  await settleLoads();
}
