/**
 * Breadbox entry point. Module top level registers the rulesets with the (pure) registry and
 * nothing else; Foundry's globals are touched only from the init and ready hooks.
 */
import { registerRuleset } from "./core/registry";
import { initCore, readyCore } from "./core/init";
import { toasterRuleset } from "./rulesets/toaster/register";
import { poolRuleset } from "./rulesets/pool/register";

Hooks.once("init", () => {
  registerRuleset(toasterRuleset());
  registerRuleset(poolRuleset());
  initCore();
});

Hooks.once("ready", () => {
  void readyCore();
});
