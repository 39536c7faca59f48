/**
 * The rules this ruleset's init modules use (data models, dice, settings): a narrow barrel. rules/index.ts
 * re-exports every rule, and the bundler puts whatever a module of the initial JavaScript imports into
 * the initial JavaScript too (docs/architecture.md "Load what the world needs"); runtime code imports
 * "./rules" as before.
 */
export * from "./rules/limits";
export * from "./rules/dice";
export * from "./rules/pool";
export * from "./rules/resolve";
export * from "./rules/trauma";
export * from "./rules/character";
export * from "./rules/phase-clock";
export * from "./rules/creation";
