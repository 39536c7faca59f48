/**
 * Posting chat cards with a visibility. Every card goes through `postCard` with an audience: the
 * roll's chosen mode for a card that starts something, or the audience of the card that started
 * it (combined with the follow-up roll's own mode, src/core/compat.ts `combineAudiences`) for a
 * follow-up. Messages are created directly (not through Roll#toMessage, whose mode option is named
 * differently on v13 and v14).
 */
import { type Audience } from "../compat";

export interface CardData {
  speaker?: object;
  content?: string;
  flavor?: string;
  rolls?: Roll[];
  flags?: Record<string, unknown>;
  sound?: string;
}

/** Create a chat message with the given audience (whisper recipients and blind flag). */
export async function postCard(data: CardData, audience: Audience): Promise<ChatMessage.Implementation | undefined> {
  const rolls = data.rolls ?? [];
  const message: Record<string, unknown> = {
    ...data,
    rolls,
    whisper: [...audience.whisper],
    blind: audience.blind,
  };
  // A roll card with no content of its own shows its rendered rolls (like Roll#toMessage's total).
  if (message.content === undefined && rolls.length) message.content = String(rolls[0]?.total ?? "");
  if (rolls.length && message.sound === undefined) message.sound = (CONFIG.sounds as { dice?: string } | undefined)?.dice;
  return (await ChatMessage.create(message as never)) as ChatMessage.Implementation | undefined;
}
