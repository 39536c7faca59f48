/**
 * Breadbox's public API for macros and modules: `game.breadbox.api` (docs/hooks.md). The same for
 * every ruleset; what differs per ruleset comes from its definition (`RulesetDefinition.api`) and
 * its hotbar macro handler, never from code here.
 */
import { allRulesets, getRuleset, rulesetOfType } from "../registry";
import { getSetting, localize } from "../game";
import { DEFAULT_RULESET } from "../settings";
import { rollCheckFor, type CheckOptions, type CheckRef } from "../hotbar";
import type { Odds } from "../../dice/contract";
import { BREADBOX_HOOKS } from "./hooks";
import { askForRoll, type AskPrefill } from "../requests/dialog";

export type { CheckRef } from "../hotbar";
export type { Odds } from "../../dice/contract";

/** A ruleset as the API names it: its id and its label in the user's language. */
export interface RulesetInfo {
  id: string;
  label: string;
}

export interface BreadboxApi {
  /** The world's ruleset (world setting `breadbox.ruleset`). */
  ruleset(): RulesetInfo;
  /** Every ruleset this version of Breadbox has. */
  rulesets(): RulesetInfo[];
  /**
   * The exact odds of a check of this actor with the check dialog's defaults, or null where its
   * ruleset gives none for that check (docs/hooks.md lists which do).
   */
  odds(actor: Actor.Implementation, check: CheckRef, options?: CheckOptions): Odds | null;
  /**
   * Roll a check for this actor as a hotbar macro would: its ruleset's dialog, then its card (and
   * `breadbox.rollCheck`). False when nothing could be rolled for that actor's ruleset.
   */
  roll(actor: Actor.Implementation, check: CheckRef, options?: CheckOptions): Promise<boolean>;
  /** The names of Breadbox's hooks. */
  hooks: typeof BREADBOX_HOOKS;
  /**
   * (GM) Open the "ask for a roll" form, optionally filled in (a check's name and kind, a
   * difficulty in the world's ruleset's words); it posts a roll request card (docs/requests.md).
   */
  askForRoll(prefill?: AskPrefill): Promise<ChatMessage.Implementation | null>;
}

function info(id: string): RulesetInfo {
  const def = getRuleset(id);
  return { id, label: def ? localize(def.label) : id };
}

function worldRuleset(): RulesetInfo {
  let id = DEFAULT_RULESET;
  try {
    const value = getSetting<string>("ruleset");
    if (typeof value === "string" && getRuleset(value)) id = value;
  } catch {
    // Not registered yet (before init): the default.
  }
  return info(id);
}

function odds(actor: Actor.Implementation, check: CheckRef, options?: CheckOptions): Odds | null {
  const id = rulesetOfType(String(actor.type));
  const def = id === String(actor.type) ? getRuleset(id) : undefined;
  return def?.api?.odds?.(actor, check, options) ?? null;
}

export const api: BreadboxApi = {
  ruleset: worldRuleset,
  rulesets: () => allRulesets().map((r) => info(r.id)),
  odds,
  roll: rollCheckFor,
  hooks: BREADBOX_HOOKS,
  askForRoll,
};

/** Put the API on `game.breadbox` (init), beside what is already there (`rollMacro`). */
export function registerApi(): void {
  const existing: unknown = Reflect.get(game, "breadbox");
  Reflect.set(game, "breadbox", { ...(typeof existing === "object" && existing !== null ? existing : {}), api });
}
