/**
 * Lines of text (paragraphs, headings, lists) above a dialog's odds panel or form (a title, a note): paragraphs from one shared
 * template (templates/shared/lines.hbs), rendered synchronously so odds panels can use them. Every
 * text is escaped by Handlebars; nothing is HTML.
 */
import { renderSync } from "../sync-template";
import LINES from "../../../templates/shared/lines.hbs?raw";

export interface Line {
  text?: string;
  /** A list (ul) of these texts instead of a paragraph. */
  items?: string[];
  /** CSS classes of the paragraph. */
  cls?: string;
  /** A heading (h4) instead of a paragraph. */
  heading?: boolean;
}

/** Paragraphs (or headings, or lists), one per line. */
export function linesHtml(...lines: Line[]): string {
  return renderSync(LINES, { lines }).trim();
}
