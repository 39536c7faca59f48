/**
 * The rules this ruleset's init modules use (data models, dice, settings): a narrow barrel. rules/index.ts
 * re-exports every rule, and the bundler puts whatever a module of the initial JavaScript imports into
 * the initial JavaScript too (docs/architecture.md "Load what the world needs"); runtime code imports
 * "./rules" as before.
 */
export * from "./rules/keys";
export * from "./rules/tables";
export * from "./rules/d10plus";
export * from "./rules/check";
export * from "./rules/character";
export * from "./rules/creation";
export * from "./rules/skills";
export * from "./rules/derived";
export { requireInteger, requireIntegerAtLeast, requireIntegerIn, requireRecord, requireArray, floorDiv, flooredAverage } from "./rules/validate";
export * from "./rules/limits";
export type { WeaponStats } from "./rules/combat";
