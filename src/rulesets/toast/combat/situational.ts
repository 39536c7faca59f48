/** The situational modifier of the combat dialogs (attack, defence, initiative): −30 … +30, whole. */
import { format } from "../../../core/game";

export const SITUATIONAL_LIMIT = 30;

/** Read a dialog's situational modifier; a bad value is a localized error (the dialog shows it, no roll). */
export function readSituational(form: HTMLFormElement, name = "situational"): number {
  const el = form.elements.namedItem(name);
  const raw = el instanceof HTMLInputElement ? el.value.trim() : "0";
  const n = raw === "" ? 0 : Number(raw);
  if (!Number.isSafeInteger(n) || Math.abs(n) > SITUATIONAL_LIMIT) throw new Error(format("BREADBOX.ToastCombat.SituationalRange", { limit: SITUATIONAL_LIMIT }));
  return n;
}
