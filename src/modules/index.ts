/**
 * Every integration with another module (docs/modules.md), registered at init for the world's
 * ruleset. Each one hooks in only when its module is active.
 */
import { registerItemPiles } from "./item-piles";
import { registerTokenActionHud } from "./token-action-hud";

export function registerModules(world: string): void {
  registerItemPiles(world);
  registerTokenActionHud(world);
}
