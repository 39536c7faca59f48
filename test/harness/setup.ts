// Test harness entry: installs the Foundry v13 globals the system uses (see test/harness/README.md).
export {};
