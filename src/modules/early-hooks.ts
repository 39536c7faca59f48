/**
 * Module hooks that can fire before core's runtime chunk, which holds the integrations, has
 * arrived: Item Piles' `item-piles-ready` and Token Action HUD Core's `tokenActionHudCoreApiReady`
 * are called from those modules' own start-up (at Foundry's `ready`), while our runtime is imported
 * during `init` and Foundry awaits no import (docs/architecture.md "Load what the world needs").
 * The entry records each payload at init; an integration registered later answers at once.
 */
const itemPilesReady: { api?: unknown } = {};
const tokenActionHudReady: { module?: unknown } = {};

/** At init, in the entry: remember what these hooks were called with. */
export function recordModuleHooks(): void {
  Hooks.on("item-piles-ready", (api: unknown) => {
    itemPilesReady.api = api;
  });
  Hooks.on("tokenActionHudCoreApiReady", (module: unknown) => {
    tokenActionHudReady.module = module;
  });
}

/** Run `fn` with Item Piles' API once: now if its ready hook has fired, else when it fires. */
export function onItemPilesReady(fn: (api: unknown) => void): void {
  if ("api" in itemPilesReady) fn(itemPilesReady.api);
  else Hooks.once("item-piles-ready", fn);
}

/** Run `fn` with Token Action HUD Core's module once: now if its API-ready hook has fired, else when it fires. */
export function onTokenActionHudReady(fn: (module: unknown) => void): void {
  if ("module" in tokenActionHudReady) fn(tokenActionHudReady.module);
  else Hooks.once("tokenActionHudCoreApiReady", fn);
}
