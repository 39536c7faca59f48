/**
 * The rules this ruleset's init modules use (data models, dice, settings): a narrow barrel. rules/index.ts
 * re-exports every rule, and the bundler puts whatever a module of the initial JavaScript imports into
 * the initial JavaScript too (docs/architecture.md "Load what the world needs"); runtime code imports
 * "./rules" as before.
 */
export * from "./rules/validate";
export * from "./rules/limits";
export * from "./rules/faces";
export * from "./rules/dice";
export * from "./rules/attributes";
export * from "./rules/health";
export * from "./rules/skills";
export * from "./rules/checks";
export * from "./rules/constants";
export * from "./rules/dat";
export * from "./rules/fire";
export * from "./rules/powers";
export * from "./rules/tabs";
