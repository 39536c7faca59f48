/**
 * The situational modifier of the combat dialogs (attack, defence, initiative): −30 … +30, whole.
 * Declared once (src/core/forms/inputs.ts): the dialogs' input, their read and the relay's check.
 */
import { checkInputs, inputsHtml, intInput, readInputs } from "../../../core/forms/inputs";

export const SITUATIONAL_LIMIT = 30;

/** The declaration: add it to a dialog's own inputs (`{ ...SITUATIONAL, … }`). */
export const SITUATIONAL = { situational: intInput("BREADBOX.ToastCombat.Situational", -SITUATIONAL_LIMIT, SITUATIONAL_LIMIT, 0) };

/** The situational modifier's input (its id: `<idPrefix>-situational`). */
export function situationalInput(idPrefix: string): Promise<string> {
  return inputsHtml(SITUATIONAL, {}, idPrefix);
}

/** Read a dialog's situational modifier; a bad value is a localized error (the dialog shows it, no roll). */
export function readSituational(form: HTMLFormElement): number {
  return readInputs(form, SITUATIONAL).situational;
}

/** A relayed situational modifier the dialog could have produced, or null. */
export function situationalOf(value: unknown): number | null {
  if (typeof value !== "number") return null;
  try {
    return checkInputs({ situational: value }, SITUATIONAL).situational;
  } catch {
    return null;
  }
}
