import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * The adapter suite runs once per Foundry generation: the harness reads BREADBOX_FOUNDRY at start-up
 * (test/harness/profile.ts) and installs that generation's API (test/harness/README.md, "v13 / v14").
 */
function adapterProject(generation: "13" | "14"): TestProjectInlineConfiguration {
  return {
    test: {
      name: `adapter-v${generation}`,
      include: ["test/adapter/**/*.test.ts"],
      environment: "happy-dom",
      // Some flows roll many Foundry dice; a loaded machine must not time them out.
      testTimeout: 30_000,
      // A suite's first beforeEach boots the system (bootWorld); on a loaded machine that may take
      // more than the default 10 s.
      hookTimeout: 30_000,
      env: { BREADBOX_FOUNDRY: generation },
      setupFiles: ["test/harness/setup.ts"],
      benchmark: { include: ["bench/adapter/*.bench.ts"] },
    },
  };
}

/**
 * Test layers (see docs/architecture.md):
 *  - unit:    pure rules cores and dice maths, no Foundry, no DOM.
 *  - adapter-v13, adapter-v14: Foundry-facing code against the test harness (test/harness) in its
 *             v13 and v14 profiles, in happy-dom.
 *  - packs:   every pack source validates against its data model; compiled packs read back.
 *  - e2e-v13, e2e-v14: the built system in headless Chromium (playwright-core), on the harness's
 *             v13 and v14 profiles; needs `npm run build`.
 */
/**
 * The browser suite, once per generation: the test bed loads the harness's v14 profile with
 * `?foundry=14` (test/e2e/helpers.ts). Browser tests run one file at a time per project.
 */
function e2eProject(generation: "13" | "14"): TestProjectInlineConfiguration {
  return {
    test: {
      name: `e2e-v${generation}`,
      include: ["test/e2e/**/*.test.ts"],
      environment: "node",
      env: { BREADBOX_FOUNDRY: generation },
      testTimeout: 120_000,
      hookTimeout: 180_000,
      fileParallelism: false,
      // After the other projects, one generation after the other: never two Chromiums at once on
      // a two-core machine (projects without a group order run first, together).
      sequence: { groupOrder: generation === "13" ? 1 : 2 },
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
          // Exact-odds tests check against 100k-roll simulations: a loaded machine must not time them out.
          testTimeout: 60_000,
          benchmark: { include: ["bench/*.bench.ts"] },
        },
      },
      adapterProject("13"),
      adapterProject("14"),
      {
        test: {
          name: "packs",
          include: ["test/packs/**/*.test.ts"],
          environment: "node",
          setupFiles: ["test/harness/setup.ts"],
          testTimeout: 60_000,
        },
      },
      e2eProject("13"),
      e2eProject("14"),
    ],
  },
});
