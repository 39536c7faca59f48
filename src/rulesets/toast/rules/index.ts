/**
 * Public API of the Toast (seed 001, Toast 5.1, d10+) rules core. Pure TypeScript: no Foundry
 * global, randomness passed in as a RandomSource. See docs/rules/toast.md.
 */
export * from "./keys";
export * from "./tables";
export * from "./d10plus";
export * from "./check";
export * from "./contest";
export * from "./check-odds";
export * from "./character";
export * from "./creation";
export * from "./advancement";
export * from "./skills";
export * from "./combat";
export * from "./healing";
export * from "./derived";
export { requireInteger, requireIntegerAtLeast, requireIntegerIn, requireRecord, requireArray, floorDiv, flooredAverage } from "./validate";
export * from "./limits";
export * from "./cores";
