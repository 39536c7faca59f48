/**
 * Breadbox entry point. Module top level registers the rulesets with the (pure) registry and
 * nothing else; Foundry's globals are touched only from the init and ready hooks.
 */
import { registerRuleset } from "./core/registry";
import { initCore, readyCore } from "./core/init";
import { toasterRuleset } from "./rulesets/toaster/register";
import { poolRuleset } from "./rulesets/pool/register";
import { toastRuleset } from "./rulesets/toast/register";
import { d100Ruleset } from "./rulesets/d100/register";
import { flangeRuleset } from "./rulesets/flange/register";

Hooks.once("init", () => {
  registerRuleset(toasterRuleset());
  registerRuleset(poolRuleset());
  registerRuleset(toastRuleset());
  registerRuleset(d100Ruleset());
  registerRuleset(flangeRuleset());
  initCore();
});

Hooks.once("ready", () => {
  void readyCore();
});
