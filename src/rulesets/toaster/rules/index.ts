/** Toaster rules core: pure TypeScript, no Foundry. */
export * from "./core";
export * from "./dice";
export * from "./check";
export * from "./odds";
export * from "./combat";
export * from "./damage";
export * from "./attack";
export * from "./tables";
export * from "./creation";
export * from "./collaborate";
export * from "./attack-odds";
export * from "./contract";
export { assertBoolean, assertInt, assertIntInRange, assertNonNegativeInt, assertPositiveInt } from "./validate";
