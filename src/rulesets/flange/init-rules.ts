/**
 * The rules this ruleset's init modules use (data models, dice, settings): a narrow barrel. rules/index.ts
 * re-exports every rule, and the bundler puts whatever a module of the initial JavaScript imports into
 * the initial JavaScript too (docs/architecture.md "Load what the world needs"); runtime code imports
 * "./rules" as before.
 */
export * from "./rules/character";
export * from "./rules/check";
export * from "./rules/combat-model";
export type { HealthState, HealthStatus } from "./rules/health";
