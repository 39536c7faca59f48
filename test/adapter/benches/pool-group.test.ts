// bench/adapter/pool-group.bench.ts runs once (see smoke.ts).
import { smokeBenchFile } from "./smoke";

await smokeBenchFile(() => import("../../../bench/adapter/pool-group.bench"));
