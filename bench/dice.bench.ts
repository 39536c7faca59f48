import { bench, describe } from "./guard";
import { sumOf, uniform } from "../src/dice/dist";

describe("dist", () => {
  bench("exact 5d10 sum distribution", () => {
    sumOf(uniform(1, 10), 5);
  });
});
