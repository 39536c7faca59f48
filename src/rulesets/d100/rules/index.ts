/**
 * The D10/0 System rules core (ruleset id `d100`): pure TypeScript, no Foundry, randomness
 * passed in. See docs/rules/d100.md for every rule, where it lives and the decisions taken.
 */
export * from "./validate";
export * from "./limits";
export * from "./faces";
export { clearOddsCaches } from "./pmf";
export * from "./dice";
export * from "./attributes";
export * from "./health";
export * from "./skills";
export * from "./skill-growth";
export * from "./checks";
export * from "./check-odds";
export * from "./effort";
export * from "./constants";
export * from "./effort-odds";
export * from "./periods";
export * from "./dat";
export * from "./dat-odds";
export * from "./fire";
export * from "./fire-odds";
export * from "./powers";
export * from "./power-points";
export * from "./power-odds";
export * from "./power-spend";
export * from "./tabs";
export * from "./tab-use";
export * from "./karma";
export * from "./progression";
export * from "./character";

export const RULESET_ID = "d100";
