/**
 * Actions named "<ruleset>.<name>": core's own ("core.<name>", registered once) or a ruleset's (from
 * its definition). One look-up for card buttons (src/core/chat/actions.ts) and relay actions
 * (src/core/relay.ts); own keys only, so "constructor" and friends are never actions.
 */
import { allRulesets, type RulesetDefinition } from "./registry";

export interface NamedActions<H> {
  /** Register one of core's own (`core.<name>`); a second, different handler for a name throws. */
  register(name: string, handler: H): void;
  /** The handler of "<ruleset>.<name>", if there is one. */
  find(action: string): H | undefined;
}

export function namedActions<H>(kind: string, ofRuleset: (def: RulesetDefinition) => Record<string, H> | undefined): NamedActions<H> {
  const core: Record<string, H> = Object.create(null);
  return {
    register(name, handler) {
      if (Object.hasOwn(core, name) && core[name] !== handler) throw new Error(`Breadbox | core ${kind} "${name}" is registered twice`);
      core[name] = handler;
    },
    find(action) {
      const [rulesetId, name] = action.split(".", 2);
      if (!rulesetId || !name) return undefined;
      if (rulesetId === "core") return Object.hasOwn(core, name) ? core[name] : undefined;
      const def = allRulesets().find((r) => r.id === rulesetId);
      const actions = def ? ofRuleset(def) : undefined;
      return actions && Object.hasOwn(actions, name) ? actions[name] : undefined;
    },
  };
}
