// bench/adapter/d100-combat.bench.ts runs once (see smoke.ts).
import { smokeBenchFile } from "./smoke";

await smokeBenchFile(() => import("../../../bench/adapter/d100-combat.bench"));
