// bench/adapter/toast-combat.bench.ts runs once (see smoke.ts).
import { smokeBenchFile } from "./smoke";

await smokeBenchFile(() => import("../../../bench/adapter/toast-combat.bench"));
