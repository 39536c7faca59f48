/**
 * The one escape function for text placed into HTML: Foundry's own `foundry.utils.escapeHTML`.
 * Cards and panels are moving to Handlebars templates (which escape by themselves); where a string
 * is still assembled, its text goes through this.
 */
export function escapeHTML(text: string | number): string {
  return foundry.utils.escapeHTML(String(text));
}
