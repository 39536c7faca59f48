/** Toaster rules core: pure TypeScript, no Foundry. */
export * from "./core";
export * from "./ladder";
export * from "./dice";
export * from "./dice-rolls";
export * from "./check";
export * from "./opposed";
export * from "./odds";
export * from "./combat";
export * from "./combat-play";
export * from "./damage";
export * from "./recovery";
export * from "./attack";
export * from "./tables";
export * from "./creation";
export * from "./collaborate";
export * from "./attack-odds";
export * from "./contract";
export { assertBoolean, assertInt, assertIntInRange, assertNonNegativeInt, assertPositiveInt } from "./validate";
