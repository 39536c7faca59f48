/**
 * The roll pipeline's "configure" step: a DialogV2 with the ruleset's form, live odds that
 * update on every change, and a promise that resolves with the chosen options (or null when
 * the dialog is closed). Holding the skip key (Shift by default) when clicking a roll button
 * skips the dialog and rolls with the defaults.
 */
import { getSetting, localize } from "../game";

export interface RollDialogSpec<T> {
  /** Window title (already localized). */
  title: string;
  /** The form's inner HTML (rendered from the ruleset's template). */
  content: string;
  /** Read and validate the form; throw an Error with a localized message on bad input. */
  read(form: HTMLFormElement): T;
  /** HTML of the live odds panel for the current options. */
  odds?(value: T): string;
  /** Label key of the roll button. */
  rollLabel?: string;
}

/** Whether the click should skip the dialog (the user's configured modifier key is held). */
export function skipDialog(event?: Event | null): boolean {
  if (!event || !(event instanceof MouseEvent || event instanceof KeyboardEvent)) return false;
  let key = "shift";
  try {
    key = getSetting<string>("skipDialogKey") ?? "shift";
  } catch {
    key = "shift";
  }
  if (key === "ctrl") return event.ctrlKey || event.metaKey;
  if (key === "alt") return event.altKey;
  return event.shiftKey;
}

/** Re-read the form: refresh the odds, or show why the form is invalid and disable the Roll button. */
function refreshOdds<T>(spec: RollDialogSpec<T>, form: HTMLFormElement, root: HTMLElement): void {
  const panel = form.querySelector<HTMLElement>("[data-bb-odds]");
  const rollButton = root.querySelector<HTMLButtonElement>('button[data-action="roll"]');
  try {
    const value = spec.read(form);
    if (panel && spec.odds) panel.innerHTML = spec.odds(value);
    panel?.classList.remove("invalid");
    if (rollButton) rollButton.disabled = false;
  } catch (err) {
    if (panel) {
      panel.textContent = err instanceof Error ? err.message : String(err);
      panel.classList.add("invalid");
    }
    if (rollButton) rollButton.disabled = true;
  }
}

/** What the Roll button's callback returns: DialogV2 resolves the button's action name otherwise. */
interface Chosen<T> {
  breadboxChosen: true;
  value: T;
}

export async function rollDialog<T>(spec: RollDialogSpec<T>): Promise<T | null> {
  const DialogV2 = foundry.applications.api.DialogV2;
  const result = await DialogV2.wait({
    window: { title: spec.title },
    classes: ["breadbox", "roll-dialog"],
    content: spec.content,
    rejectClose: false,
    buttons: [
      {
        action: "roll",
        label: localize(spec.rollLabel ?? "BREADBOX.Roll.Roll"),
        icon: "fa-solid fa-dice-d10",
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => {
          const form = button.form as HTMLFormElement;
          try {
            return { breadboxChosen: true, value: spec.read(form) } satisfies Chosen<T>;
          } catch (err) {
            ui.notifications?.error(err instanceof Error ? err.message : String(err));
            return { breadboxChosen: false };
          }
        },
      },
      { action: "cancel", label: localize("BREADBOX.Roll.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    render: (_event: Event, dialog: { element: HTMLElement }) => {
      const form = dialog.element.querySelector("form");
      if (!form) return;
      const update = () => refreshOdds(spec, form, dialog.element);
      form.addEventListener("input", update);
      form.addEventListener("change", update);
      update();
    },
  } as never);
  // Anything but our wrapper (the cancel action, a closed window, a refused form) rolls nothing.
  const chosen = result as unknown as Partial<Chosen<T>> | string | null | undefined;
  if (!chosen || typeof chosen !== "object" || chosen.breadboxChosen !== true) return null;
  return chosen.value as T;
}
