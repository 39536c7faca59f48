// bench/adapter/d100-play.bench.ts runs once (see smoke.ts).
import { smokeBenchFile } from "./smoke";

await smokeBenchFile(() => import("../../../bench/adapter/d100-play.bench"));
