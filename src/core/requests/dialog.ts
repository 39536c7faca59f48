/**
 * The GM's "ask for a roll" form (issue 21): which check (prefilled from an inline check), at
 * which difficulty (the world's ruleset's words), of whom (the selected tokens' characters, then
 * the players' characters), and the card's visibility (the roll dialog's mode field). It posts one
 * request card (`createCheckRequest`). Reached from the GM-only button beside every inline check
 * and from `game.breadbox.api.askForRoll`.
 */
import { format, localize } from "../game";
import { templatePath } from "../ids";
import { rollDialog } from "../rolls/dialog";
import { actorFromUuidSync } from "../game";
import { createCheckRequest } from "./card";
import { worldCheckWords } from "./words";
import { parseCheckConfig } from "./syntax";
import { getRuleset, type CheckWords } from "../registry";

export const REQUEST_DIALOG = templatePath("shared/request-dialog.hbs");

/** What the form starts with. */
export interface AskPrefill {
  name?: string;
  kind?: string | null;
  difficulty?: string | null;
  /** A group form of the world's ruleset (`RulesetApi.groupForms`): the form starts at it. */
  group?: string | null;
}

/** Read a check as the form's field holds it (the whole field names it; quotes optional). */
function readCheckField(text: string, words: CheckWords, ruleset: string): { name: string; kind: string | null } {
  const parsed = parseCheckConfig(`"${text.trim().replaceAll('"', "")}"`);
  if (!parsed.ok) throw new Error(localize(`BREADBOX.Requests.Error.${parsed.error}`));
  if (parsed.check.kind !== null && !words.kinds.includes(parsed.check.kind)) throw new Error(format("BREADBOX.Requests.Error.kind", { kind: parsed.check.kind, ruleset: localize(`BREADBOX.Ruleset.${ruleset}`), kinds: words.kinds.join(", ") }));
  return { name: parsed.check.name, kind: parsed.check.kind };
}

/** The characters a GM may ask: the selected tokens' first (checked), then players' characters. */
export function requestCandidates(ruleset: string): { actor: Actor.Implementation; checked: boolean }[] {
  const out: { actor: Actor.Implementation; checked: boolean }[] = [];
  const add = (actor: Actor.Implementation | null | undefined, checked: boolean) => {
    if (actor && String(actor.type) === ruleset && !out.some((c) => c.actor.uuid === actor.uuid)) out.push({ actor, checked });
  };
  // No canvas (disabled, or not drawn yet): no selected tokens.
  const controlled = typeof canvas === "undefined" ? [] : (canvas?.tokens?.controlled ?? []);
  for (const token of controlled) add(token.actor, true);
  const anySelected = out.length > 0;
  for (const user of game.users ?? []) if (!user.isGM) add(user.character, !anySelected);
  return out;
}

/** The thing of a check as the form shows it ("skill:Dodge", "Close combat"). */
function thingText(name: string, kind: string | null): string {
  return kind ? `${kind}:${name}` : name;
}

/** Open the form (a GM) and post the request; the card, or null when cancelled or refused. */
export async function askForRoll(prefill: AskPrefill = {}): Promise<ChatMessage.Implementation | null> {
  const world = worldCheckWords();
  if (!game.user?.isGM || !world) {
    ui.notifications?.warn(localize("BREADBOX.Requests.GMOnly"));
    return null;
  }
  const { ruleset, words } = world;
  const difficulty = prefill.difficulty ?? words.defaultDifficulty();
  const candidates = requestCandidates(ruleset);
  const check = prefill.name ? thingText(prefill.name, prefill.kind ?? null) : "";
  const forms = getRuleset(ruleset)?.api?.groupForms?.forms ?? [];
  const content = await foundry.applications.handlebars.renderTemplate(REQUEST_DIALOG, {
    check,
    kinds: words.kinds.join(", "),
    difficulties: words.difficulties().map((d) => ({ ...d, selected: d.value === difficulty })),
    candidates: candidates.map((c) => ({ uuid: c.actor.uuid, name: c.actor.name ?? "", checked: c.checked })),
    forms: forms.map((f) => ({ value: f.id, label: localize(f.label), selected: f.id === prefill.group })),
  });
  const answer = await rollDialog({
    title: format("BREADBOX.Requests.DialogTitle", { check: prefill.name ?? localize("BREADBOX.Requests.CardTitle") }),
    content,
    rollLabel: "BREADBOX.Requests.Send",
    read: (form) => {
      // The whole field names the check (quotes optional): no difficulty is read from it.
      const parsed = readCheckField(form.querySelector<HTMLInputElement>('input[name="check"]')?.value ?? "", words, ruleset);
      const chosen = words.difficulty(form.querySelector<HTMLSelectElement>('select[name="difficulty"]')?.value ?? "");
      if (!chosen) throw new Error(localize("BREADBOX.Requests.NothingToAsk"));
      const uuids = [...form.querySelectorAll<HTMLInputElement>('input[name="actor"]:checked')].map((i) => i.value);
      const actors = uuids.map((u) => actorFromUuidSync(u)).filter((a): a is Actor.Implementation => a !== null);
      if (!actors.length) throw new Error(localize("BREADBOX.Requests.NothingToAsk"));
      const groupId = form.querySelector<HTMLSelectElement>('select[name="group"]')?.value ?? "";
      const group = forms.find((f) => f.id === groupId) ?? null;
      if (group && (actors.length < group.min || actors.length > group.max)) throw new Error(format("BREADBOX.Requests.Group.WrongSize", { form: localize(group.label), min: group.min, max: group.max }));
      const othersText = form.querySelector<HTMLInputElement>('input[name="others"]')?.value.trim() ?? "";
      const others = group && othersText ? readCheckField(othersText, words, ruleset) : null;
      return { name: parsed.name, kind: parsed.kind, difficulty: chosen, actors, group: group?.id ?? null, others };
    },
  });
  if (!answer) return null;
  return createCheckRequest({ ...answer.value, mode: answer.mode });
}

/**
 * The GM's scene control: a button tool at the end of the Token controls that opens the form
 * (hook `getSceneControlButtons`, whose `controls` is a record of SceneControl with a record of
 * tools on v13 and v14 alike — the API pages' own example adds a button tool this way).
 */
export function addRequestTool(controls: unknown): void {
  if (!controls || typeof controls !== "object") return;
  const tokens: unknown = Reflect.get(controls, "tokens");
  const tools: unknown = tokens && typeof tokens === "object" ? Reflect.get(tokens, "tools") : null;
  if (!tools || typeof tools !== "object") return;
  Reflect.set(tools, "breadboxRequest", {
    name: "breadboxRequest",
    title: "BREADBOX.Requests.Tool",
    icon: "fa-solid fa-dice",
    order: Object.keys(tools).length,
    button: true,
    visible: game.user?.isGM === true,
    onChange: () => {
      void askForRoll().catch((err: unknown) => console.error("Breadbox | roll request", err));
    },
  });
}

let toolRegistered = false;

/** Add the GM's scene control (init, once). */
export function registerRequestTool(): void {
  if (toolRegistered) return;
  toolRegistered = true;
  Hooks.on("getSceneControlButtons", (controls: unknown) => addRequestTool(controls));
}
