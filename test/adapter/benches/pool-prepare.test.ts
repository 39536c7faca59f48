// bench/adapter/pool-prepare.bench.ts runs once (see smoke.ts).
import { smokeBenchFile } from "./smoke";

await smokeBenchFile(() => import("../../../bench/adapter/pool-prepare.bench"));
