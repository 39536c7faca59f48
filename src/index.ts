/**
 * Breadbox entry point. Module top level stays free of game/CONFIG access; everything is
 * registered from Hooks.once("init").
 */
Hooks.once("init", () => {
  console.log("Breadbox | init");
});
