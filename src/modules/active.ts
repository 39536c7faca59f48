/**
 * Integrations with other packages (issue 22, docs/modules.md). Each integration is written once
 * for every ruleset and reads what differs from the world's ruleset definition (`RulesetApi`); it
 * hooks in only when its module is active in the world (`game.modules.get(id)?.active`, known
 * from init on), so without the module nothing of it registers.
 */

/** Whether a module is installed and active in this world. */
export function moduleActive(id: string): boolean {
  const modules: unknown = Reflect.get(game, "modules");
  if (!(modules instanceof Map)) return false;
  const mod: unknown = modules.get(id);
  return typeof mod === "object" && mod !== null && Reflect.get(mod, "active") === true;
}
