/**
 * `npm run gallery [port]`: build the system if needed, bundle the test-bed page, and serve it on
 * localhost for a person to browse (port from argv, else PORT, else 4173). The same page the
 * browser tests use: every world document and compendium entry in the sidebar, sheets, roll
 * dialogs, chat cards. A preview and test bed on our Foundry test harness, not Foundry.
 */
import { prepare } from "./e2e/prepare.mjs";
import { startServer } from "./e2e/server.mjs";

const arg = process.argv.slice(2).find((a) => /^\d+$/.test(a));
const port = Number(arg ?? process.env.PORT ?? 4173);

try {
  await prepare({ log: (m) => console.log(`gallery | ${m}`) });
  const server = await startServer({ port });
  console.log(`gallery | Breadbox test bed at ${server.url}`);
  console.log("gallery | a preview and test bed on the Foundry test harness, not Foundry. Ctrl+C stops it.");
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (err) {
  console.error(`gallery | ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
