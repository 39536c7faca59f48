/**
 * Posting chat cards with a visibility. Every card goes through `postCard` with an audience: the
 * roll's chosen mode for a card that starts something, or the audience of the card that started
 * it (combined with the follow-up roll's own mode, src/core/compat.ts `combineAudiences`) for a
 * follow-up. Messages are created directly (not through Roll#toMessage, whose mode option is named
 * differently on v13 and v14).
 */
import { type Audience } from "../compat";
import type { BreadboxMessageFlags } from "../../types/breadbox";
import { rulesetOfCheckCard } from "../registry";
import { actorFromUuidSync } from "../game";
import { callRollCheck } from "../api/hook-calls";

export interface CardData {
  speaker?: ChatMessage.SpeakerData;
  content?: string;
  flavor?: string;
  rolls?: Roll[];
  flags?: { breadbox?: BreadboxMessageFlags };
  sound?: string;
}

/** Create a chat message with the given audience (whisper recipients and blind flag). */
export async function postCard(data: CardData, audience: Audience): Promise<ChatMessage.Implementation | undefined> {
  const rolls = data.rolls ?? [];
  const message: ChatMessage.CreateData = {
    speaker: data.speaker,
    flavor: data.flavor,
    flags: data.flags,
    rolls,
    whisper: [...audience.whisper],
    blind: audience.blind,
    // A roll card with no content of its own shows its rendered rolls (like Roll#toMessage's total).
    content: data.content ?? (rolls.length ? String(rolls[0]?.total ?? "") : undefined),
    sound: data.sound ?? (rolls.length ? CONFIG.sounds?.dice : undefined),
  };
  const created = await ChatMessage.create(message);
  // Every ruleset's check card is posted here: the one place `breadbox.rollCheck` fires (docs/hooks.md).
  const ruleset = rulesetOfCheckCard(data.flags?.breadbox?.type);
  if (created && ruleset) {
    const uuid = data.flags?.breadbox?.actorUuid;
    const actor = (typeof uuid === "string" && uuid ? actorFromUuidSync(uuid) : null) ?? ChatMessage.getSpeakerActor(created.speaker);
    callRollCheck({ ruleset, actor, message: created, rolls: [...created.rolls] });
  }
  return created;
}
