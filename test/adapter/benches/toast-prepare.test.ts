// bench/adapter/toast-prepare.bench.ts runs once (see smoke.ts).
import { smokeBenchFile } from "./smoke";

await smokeBenchFile(() => import("../../../bench/adapter/toast-prepare.bench"));
