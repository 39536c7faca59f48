/**
 * The roll pipeline's "configure" step: a DialogV2 with the ruleset's form, live odds that
 * update on every change, the roll's visibility (public, GM only, blind, self — the client's
 * current mode by default), and a promise that resolves with the chosen options and mode (or null
 * when the dialog is closed). Holding the skip key (Shift by default) when clicking a roll button
 * skips the dialog and rolls with the defaults in the client's current mode.
 *
 * The form is handed to DialogV2 as an element, not a string: v13 cleans dialog HTML given as a
 * string (foundryvtt/foundryvtt#12072), and the render callback is given the dialog only from a
 * mid-v13 build on (#12525) — so the callback ignores its arguments and works on the element it
 * built itself.
 */
import { format, getSetting, localize } from "../game";
import { currentMessageMode, messageModeChoices, normaliseMessageMode, type MessageMode } from "../compat";
import { callPreRollCheck } from "../api/hook-calls";

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
  /**
   * Leave out the visibility choice: a dialog whose answer is not posted as the user's roll (a
   * secret choice the GM's client reveals) offers no mode it would ignore.
   */
  noMessageMode?: boolean;
}

/** What the dialog answers: the ruleset's options and the visibility of the roll. */
export interface RollDialogResult<T> {
  value: T;
  mode: MessageMode;
}

/** Name of the mode select in every roll dialog. */
export const MESSAGE_MODE_FIELD = "bbMessageMode";

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

/** The summary of a dialog's folded section: "More options", with how many of them are already set. */
export function moreOptionsLabel(set: number): string {
  return set > 0 ? format("BREADBOX.Roll.MoreOptionsSet", { n: set }) : localize("BREADBOX.Roll.MoreOptions");
}

/** The mode select, built as elements (labels are text, never parsed as HTML). */
function modeField(current: MessageMode): HTMLElement {
  const group = document.createElement("div");
  group.className = "form-group bb-message-mode";
  const label = document.createElement("label");
  label.htmlFor = "bb-message-mode";
  label.textContent = localize("BREADBOX.Roll.Mode.Label");
  const select = document.createElement("select");
  select.id = "bb-message-mode";
  select.name = MESSAGE_MODE_FIELD;
  for (const { mode, label: text } of messageModeChoices()) {
    const option = document.createElement("option");
    option.value = mode;
    option.textContent = text;
    option.selected = mode === current;
    select.append(option);
  }
  select.value = current;
  group.append(label, select);
  return group;
}

/** The chosen mode of a dialog form (the client's current mode when the field is missing or odd). */
export function readMessageMode(form: HTMLFormElement | null | undefined): MessageMode {
  const el = form?.elements.namedItem(MESSAGE_MODE_FIELD) as HTMLSelectElement | null | undefined;
  return normaliseMessageMode(el?.value) ?? currentMessageMode();
}

/** Re-read the form: refresh the odds, or show why the form is invalid and disable the Roll button. */
function refreshOdds<T>(spec: RollDialogSpec<T>, form: HTMLFormElement): void {
  const panel = form.querySelector<HTMLElement>("[data-bb-odds]");
  const rollButton = form.querySelector<HTMLButtonElement>('button[data-action="roll"]');
  try {
    const value = spec.read(form);
    if (panel && spec.odds) {
      // A folded detail the user opened stays open while the odds follow the form.
      const opened = [...panel.querySelectorAll<HTMLDetailsElement>("details[open]")].map((d) => d.className);
      panel.innerHTML = spec.odds(value);
      for (const d of panel.querySelectorAll<HTMLDetailsElement>("details")) if (opened.includes(d.className)) d.open = true;
    }
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
  mode: MessageMode;
}

/** What a roll's configure step settled: the choices, what the ruleset built of them, the message mode. */
export interface ConfiguredRoll<T, B> {
  value: T;
  built: B;
  mode: MessageMode;
}

/**
 * The configure step of a roll: the dialog (unless `skip`: the click held the skip key, or the
 * choices are given), then the choices built into what is rolled. Null when the dialog is closed
 * or the rules refuse the choices (their message in an error notification; nothing is rolled).
 */
export async function configureRoll<T extends object, B>(setup: {
  defaults: T;
  skip: boolean;
  dialog: () => Promise<RollDialogSpec<T>>;
  build: (value: T) => B;
  /** A check of this actor: `breadbox.preRollCheck` may change its options or cancel it. */
  check?: { ruleset: string; actor: Actor.Implementation };
}): Promise<ConfiguredRoll<T, B> | null> {
  let value = setup.defaults;
  let mode = currentMessageMode();
  if (!setup.skip) {
    const answer = await rollDialog(await setup.dialog());
    if (!answer) return null;
    ({ value, mode } = answer);
  }
  if (setup.check) {
    const changed = callPreRollCheck(setup.check.ruleset, setup.check.actor, value, mode);
    if (!changed) return null;
    ({ options: value, mode } = changed);
  }
  try {
    return { value, built: setup.build(value), mode };
  } catch (err) {
    ui.notifications?.error(err instanceof Error ? err.message : String(err));
    return null;
  }
}

export async function rollDialog<T>(spec: RollDialogSpec<T>): Promise<RollDialogResult<T> | null> {
  const DialogV2 = foundry.applications.api.DialogV2;
  const content = document.createElement("div");
  content.className = "bb-roll-dialog-body";
  content.innerHTML = spec.content;
  if (!spec.noMessageMode) content.append(modeField(currentMessageMode()));
  const result = await DialogV2.wait({
    window: { title: spec.title },
    classes: ["breadbox", "roll-dialog"],
    content,
    rejectClose: false,
    buttons: [
      {
        action: "roll",
        label: localize(spec.rollLabel ?? "BREADBOX.Roll.Roll"),
        icon: "fa-solid fa-dice-d10",
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => {
          const form = button.form ?? content.closest("form");
          if (!form) return { breadboxChosen: false };
          try {
            return { breadboxChosen: true, value: spec.read(form), mode: readMessageMode(form) } satisfies Chosen<T>;
          } catch (err) {
            ui.notifications?.error(err instanceof Error ? err.message : String(err));
            return { breadboxChosen: false };
          }
        },
      },
      { action: "cancel", label: localize("BREADBOX.Roll.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    // No arguments used: before a mid-v13 build the callback is not given the dialog (#12525).
    render: () => {
      const form = content.closest("form");
      if (!form) return;
      const update = () => refreshOdds(spec, form);
      form.addEventListener("input", update);
      form.addEventListener("change", update);
      update();
    },
  });
  // Anything but our wrapper (the cancel action, a closed window, a refused form) rolls nothing.
  if (!isChosen<T>(result)) return null;
  return { value: result.value, mode: result.mode };
}

function isChosen<T>(value: unknown): value is Chosen<T> {
  return Boolean(value) && typeof value === "object" && (value as { breadboxChosen?: unknown }).breadboxChosen === true;
}
