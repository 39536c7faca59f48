/**
 * A note card: a title, lines of text and a list, from one shared template
 * (templates/shared/note-card.hbs). Every text is escaped by Handlebars; nothing is HTML.
 */
import { templatePath } from "../ids";

export const NOTE_CARD = templatePath("shared/note-card.hbs");

export interface NoteCard {
  /** CSS classes of the card (its kind), e.g. "toaster-table". */
  kind: string;
  title?: string;
  lines?: { text: string; cls?: string }[];
  items?: string[];
}

/** The note card's HTML. */
export async function noteCardHtml(card: NoteCard): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(NOTE_CARD, { ...card });
}
