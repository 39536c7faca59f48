/**
 * Which Foundry generation the harness mirrors: "13" (default) or "14". Harness modules branch
 * on `harnessGeneration()` where the two generations differ (each difference is listed in
 * test/harness/README.md); the system itself never asks for a version (src/core/compat.ts detects
 * features). Set by BREADBOX_FOUNDRY=14 in the environment (the browser test bed: the page URL's
 * `?foundry=14`), or `setHarnessGeneration` in a test.
 */
export type FoundryGeneration = "13" | "14";

let generation: FoundryGeneration = readEnv();

/** BREADBOX_FOUNDRY in Node; in the browser test bed the page's `?foundry=14` query parameter. */
function readEnv(): FoundryGeneration {
  const env = typeof process !== "undefined" ? process.env?.BREADBOX_FOUNDRY : undefined;
  const search = (globalThis as { location?: { search?: string } }).location?.search;
  const param = typeof search === "string" ? new URLSearchParams(search).get("foundry") : null;
  return (env ?? param) === "14" ? "14" : "13";
}

export function harnessGeneration(): FoundryGeneration {
  return generation;
}

/** For a test that checks one generation's behaviour explicitly; re-install the harness afterwards. */
export function setHarnessGeneration(g: FoundryGeneration): void {
  generation = g;
}
