import { defineConfig } from "vitest/config";

/**
 * Test layers (see docs/architecture.md):
 *  - unit:    pure rules cores and dice maths, no Foundry, no DOM.
 *  - adapter: Foundry-facing code against the v13 test harness (test/harness), in happy-dom.
 *  - packs:   every pack source validates against its data model; compiled packs read back.
 *  - e2e:     the built system in headless Chromium (playwright-core); needs `npm run build`.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
          benchmark: { include: ["bench/*.bench.ts"] },
        },
      },
      {
        test: {
          name: "adapter",
          include: ["test/adapter/**/*.test.ts"],
          environment: "happy-dom",
          setupFiles: ["test/harness/setup.ts"],
          benchmark: { include: ["bench/adapter/*.bench.ts"] },
        },
      },
      {
        test: {
          name: "packs",
          include: ["test/packs/**/*.test.ts"],
          environment: "node",
          setupFiles: ["test/harness/setup.ts"],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
