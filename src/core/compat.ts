/**
 * The one place where Foundry v13 and v14 differ. Everything here detects the feature it needs
 * (never the version number) and gives the rest of the system one API for both generations.
 * The harness has a v13 and a v14 profile (test/harness) and the adapter and browser suites run
 * under both.
 */

// ---------------------------------------------------------------------------------------------
// Message (roll) visibility modes: v13 `core.rollMode` / CONFIG.Dice.rollModes /
// ChatMessage.applyRollMode; v14 `core.messageMode` / CONFIG.ChatMessage.modes / applyMode.
// (Owned by the chat work: roll modes in dialogs and cards.)
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Documents, data and effects: Active Effect changes, update operators, icons, misc.
// (Owned by the platform work.)
// ---------------------------------------------------------------------------------------------

export {};
