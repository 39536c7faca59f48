/**
 * The rules this ruleset's init modules use (data models, dice, settings): a narrow barrel. rules/index.ts
 * re-exports every rule, and the bundler puts whatever a module of the initial JavaScript imports into
 * the initial JavaScript too (docs/architecture.md "Load what the world needs"); runtime code imports
 * "./rules" as before.
 */
export * from "./rules/core";
export * from "./rules/dice";
export * from "./rules/check";
export * from "./rules/combat";
export * from "./rules/damage";
export * from "./rules/creation";
export { assertBoolean, assertInt, assertIntInRange, assertNonNegativeInt, assertPositiveInt } from "./rules/validate";
