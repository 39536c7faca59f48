/** Public API of the Flange rules core (pure; no Foundry). */
export * from "./character";
export * from "./skill-dice";
export * from "./check";
export * from "./odds";
export * from "./opposed";
export * from "./health";
export * from "./combat";
export * from "./derived";
export * from "./cores";
export * from "./combat-state";
