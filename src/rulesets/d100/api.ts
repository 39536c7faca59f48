/**
 * What the D10/0 System offers the public API (`game.breadbox.api`, docs/hooks.md) and the module
 * integrations (docs/modules.md).
 */
import type { RulesetApi } from "../../core/registry";

export const d100Api: RulesetApi = { goods: { weapon: "d100Weapon", armor: "d100Armor", gear: "d100Gear" } };
