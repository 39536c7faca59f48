/** Preparing a ruleset's characters again after one of its rules changed. */

/**
 * Prepare every actor of this sub-type again (world actors and unlinked tokens' synthetic actors)
 * and re-render their open sheets: what derived data depends on a world rule is computed anew.
 */
export function refreshActorsOfType(type: string): void {
  const actors: (Actor.Stored | Actor.Implementation)[] = [...(game.actors ?? [])];
  // Unlinked tokens carry their own synthetic actors.
  for (const scene of game.scenes ?? []) for (const token of scene.tokens ?? []) if (!token.actorLink && token.actor) actors.push(token.actor);
  for (const actor of actors) {
    if (String(actor.type) !== type) continue;
    actor.reset();
    if (actor.sheet?.rendered) void actor.sheet.render();
  }
}
