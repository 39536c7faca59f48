// bench/adapter/combat-tracker.bench.ts runs once (see smoke.ts).
import { smokeBenchFile } from "./smoke";

await smokeBenchFile(() => import("../../../bench/adapter/combat-tracker.bench"));
