/** Public API of the Dice Pool (seed 002) rules core. Pure: no Foundry, randomness passed in. */
export * from "./limits";
export * from "./dice";
export * from "./pool";
export * from "./traits";
export * from "./resolve";
export * from "./odds";
export * from "./team";
export * from "./opposition";
export * from "./time";
export * from "./complex";
export * from "./trauma";
export * from "./character";
export { poolCheckCore } from "./cores";
export * from "./phase-clock";
export * from "./creation";
export * from "./attack-odds";
