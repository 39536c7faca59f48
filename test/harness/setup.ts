// Test harness entry (vitest setupFile for the adapter and packs projects): installs the Foundry
// v13 globals the system uses before any system module is imported (see test/harness/README.md).
import "./index";
