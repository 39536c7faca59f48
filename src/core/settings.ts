/** World settings shared by every ruleset. */
import { allRulesets } from "./registry";
import { getSetting, registerSetting, registerSettingsShown } from "./game";

export const DEFAULT_RULESET = "toaster";

/**
 * Whether a user may write world settings: a full Gamemaster, or a user the world grants
 * SETTINGS_MODIFY. The active GM may be an Assistant when no full GM is online (foundryvtt#11678),
 * and an Assistant lacks it by default; work that records a world setting checks this first.
 */
export function canWriteWorldSettings(user: User.Implementation | null | undefined): boolean {
  if (!user) return false;
  return user.hasRole("GAMEMASTER") || user.can("SETTINGS_MODIFY");
}

export function registerCoreSettings(): void {
  const choices: Record<string, string> = {};
  for (const r of allRulesets()) choices[r.id] = r.label;
  registerSetting({ key: "ruleset", type: String, default: DEFAULT_RULESET, choices, requiresReload: true });
  registerSetting({ key: "schemaVersion", type: Number, default: 0, config: false });
  // The GM-only card ledger (src/core/chat/ledger.ts): world scope, so only a GM can write it.
  registerSetting({ key: "cardLedger", type: Object, default: {}, config: false });
  registerSetting({ key: "skipDialogKey", type: String, default: "shift", scope: "client", choices: {
    shift: "BREADBOX.Setting.skipDialogKey.Shift",
    ctrl: "BREADBOX.Setting.skipDialogKey.Ctrl",
    alt: "BREADBOX.Setting.skipDialogKey.Alt",
  } });
  // The world's ruleset is known from here on (a world setting reads its stored value as soon as it
  // is registered, even during init): only its rules show in the settings window; the others stay
  // registered, hidden, so their values are kept and readable (docs/architecture.md, "A world plays
  // one ruleset").
  const world = worldRulesetId();
  for (const r of allRulesets()) {
    if (r.registerSettings) registerSettingsShown(r.id === world, r.registerSettings);
  }
}

/**
 * The id of the ruleset this world plays: the `ruleset` setting, or the default when its stored
 * value names no registered ruleset. Readable from the core settings' registration (init) on.
 */
export function worldRulesetId(): string {
  const value: unknown = getSetting("ruleset");
  const ids = allRulesets().map((r) => r.id);
  return typeof value === "string" && ids.includes(value) ? value : DEFAULT_RULESET;
}
