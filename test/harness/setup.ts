// Test harness entry (vitest setupFile for the adapter and packs projects): installs the Foundry
// v13 globals the system uses before any system module is imported (see test/harness/README.md).
// Node-only part: templates are read from the repository ("systems/<id>/" prefixes are stripped).
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { setTemplateLoader } from "./applications/handlebars";
import { AsyncLocalStorage } from "node:async_hooks";
import "./index";
import { installClientContext } from "./state";

// Each client's user follows its own async work (test/harness/state.ts, "Which client is running").
installClientContext(new AsyncLocalStorage<{ user: unknown }>());

// vitest runs from the repository root.
const root = process.cwd();
setTemplateLoader(async (path: string) => {
  const rel = path.replace(/^\/?systems\/[^/]+\//, "").replace(/^\//, "");
  return readFile(resolve(root, rel), "utf8");
});
