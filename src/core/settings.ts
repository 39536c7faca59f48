/** World settings shared by every ruleset. */
import { allRulesets } from "./registry";
import { registerSetting } from "./game";

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
  for (const r of allRulesets()) r.registerSettings?.();
}
