/**
 * Templates rendered synchronously: an odds panel is rebuilt on every keystroke of a dialog, so it
 * cannot wait for `renderTemplate`. Its Handlebars source is bundled (`import src from
 * "…/x.hbs?raw"`) and compiled once with Foundry's Handlebars, with Foundry's helpers.
 */
const compiled = new Map<string, (context: object) => string>();

/** Render a bundled template's source with `context` (compiled on first use). */
export function renderSync(source: string, context: object): string {
  let template = compiled.get(source);
  if (!template) {
    const delegate = Handlebars.compile(source);
    template = (c) => delegate(c);
    compiled.set(source, template);
  }
  return template(context);
}
