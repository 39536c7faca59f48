/**
 * Group forms of roll requests (issue 21, docs/requests.md "Group forms"): a request may ask its
 * characters to act as one group in a form the ruleset's book has — the Dice Pool working together
 * or against, a Toast contest, a Flange opposed roll, D10/0 cooperative or conflicting effort. The
 * ruleset describes its forms and resolves them with its own group code (`RulesetApi.groupForms`,
 * src/rulesets/<id>/request-groups.ts); core does the rest, once for all:
 *
 * - each asked character's owner answers "take part" on the request card (`core.requestJoin`,
 *   checked on the active GM's client: the requester owns the character, it is asked, has the
 *   check and has not answered);
 * - when the last member has answered, the active GM's client has the ruleset resolve the group:
 *   its dice are rolled there with Foundry's dice (Dice So Nice shows them) from the members'
 *   documents as they are then, its own group card is posted (in the request's visibility), and
 *   the verdict is written onto the request. No amount is ever taken from a player;
 * - the GM alone sees the group's combined exact odds on the request card (worked out when the card
 *   is drawn on a GM's client, never stored), and they follow a change of difficulty.
 *
 * The members' order is the request's: the first member is the first side (or the main character
 * helped by the others), as each form's roles say.
 */
import type { CheckRef } from "../hotbar";
import type { MessageMode } from "../compat";
import type { Odds } from "../../dice/contract";

/** One group form a ruleset offers. */
export interface GroupForm {
  /** The form's key within its ruleset ("simpleAddition", "contest"). */
  id: string;
  /** Lang key of its name (the book's). */
  label: string;
  /** How many characters it takes. */
  min: number;
  max: number;
  /**
   * Lang keys naming the members by position (the two sides; the main character and her helpers);
   * the last names every later member. Empty: all members alike.
   */
  roles: readonly string[];
  /** Whether the request's difficulty counts (false: a contest with no Difficulty; the card says so). */
  difficulty: boolean;
}

/** A member of a group request: the character and the check it is asked for. */
export interface GroupMember {
  actor: Actor.Implementation;
  check: CheckRef;
}

/** A group's combined exact odds and how their outcomes are labelled (lang keys). */
export interface GroupOdds {
  odds: Odds;
  labelKey(key: string): string;
  /** Labels naming the members (odds-panel.ts `sideLabels`: "Ann wins"), before `labelKey`. */
  label?(key: string): string | undefined;
}

/** What resolving a group did. */
export interface GroupResolution {
  /** The ruleset's group card, posted (null when it posted none). */
  message: ChatMessage.Implementation | null;
  /** The verdict in one line, in the user's language (the request card shows it). */
  verdict: string;
}

/** A ruleset's group forms (`RulesetApi.groupForms`). */
export interface GroupForms {
  forms: readonly GroupForm[];
  /** The group's combined exact odds at the difficulty; null when the group cannot be built (a refusal). */
  odds(form: string, members: readonly GroupMember[], difficulty: string): GroupOdds | null;
  /**
   * Roll the group with Foundry's dice on this client (the active GM's), resolve it with the
   * ruleset's own group rules and post its card to `mode`'s audience. Throws a localized message
   * when the group cannot be rolled.
   */
  resolve(form: string, members: readonly GroupMember[], difficulty: string, mode: MessageMode): Promise<GroupResolution>;
}

/** The form's role of the member at `index` (a lang key), or null when its members are alike. */
export function roleOf(form: GroupForm, index: number): string | null {
  if (!form.roles.length) return null;
  return form.roles[Math.min(index, form.roles.length - 1)] ?? null;
}

/** The form of a ruleset's group forms with this id. */
export function findForm(forms: GroupForms | undefined, id: string): GroupForm | undefined {
  return forms?.forms.find((f) => f.id === id);
}

/** Whether a number of members fits a form. */
export function fitsForm(form: GroupForm, members: number): boolean {
  return members >= form.min && members <= form.max;
}
