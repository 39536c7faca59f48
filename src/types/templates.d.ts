/** A template's Handlebars source, bundled by Vite (`?raw`): see src/core/sync-template.ts. */
declare module "*.hbs?raw" {
  const source: string;
  export default source;
}
