/** The system id, used for settings namespaces, flags, queries and template paths. */
export const SYSTEM_ID = "breadbox";

/** Path of a template shipped with the system. */
export function templatePath(relative: string): string {
  return `systems/${SYSTEM_ID}/templates/${relative}`;
}
