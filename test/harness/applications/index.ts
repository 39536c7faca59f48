/** Applications part of the harness: installs foundry.applications.* and Handlebars. */
import { registerExtension } from "../registry";
import { _setRenderTemplate } from "../dice/roll";
import { ApplicationV2, HandlebarsApplicationMixin, instances, pending } from "./application";
import { DialogV2 } from "./dialog";
import { FormDataExtended } from "./form-data";
import { Handlebars, getTemplate, loadTemplates, registerHelpers, renderTemplate } from "./handlebars";
import { ActorSheetV2, DocumentSheetConfig, DocumentSheetV2, ItemSheetV2 } from "./sheets";
import { DragDrop, TextEditor } from "./ux";
import { CombatTracker, registerTrackerRefresh } from "./combat-tracker";

export { ApplicationV2, HandlebarsApplicationMixin, settle, instances } from "./application";
export { DialogV2, answerDialog, dismissDialog, fillForm, openDialogs, waitForDialog } from "./dialog";
export { FormDataExtended } from "./form-data";
export { setTemplateLoader, renderTemplate, loadTemplates, getTemplate, registerTemplateSource, clearTemplateCache } from "./handlebars";
export { ActorSheetV2, ItemSheetV2, DocumentSheetV2, DocumentSheetConfig } from "./sheets";
export { TextEditor, DragDrop, makeDropEvent } from "./ux";
export { CombatTracker, typeIntoInput } from "./combat-tracker";
export { renderCompendiumDirectory, type PackFolder } from "./compendium-directory";
export { renderSettingsConfig } from "./settings-config";

registerExtension({
  name: "applications",
  install({ foundry, globals, CONFIG, ui }) {
    registerHelpers();
    _setRenderTemplate(renderTemplate);
    const handlebars = { renderTemplate, loadTemplates, getTemplate };
    foundry.applications = {
      ...foundry.applications,
      instances,
      api: { ApplicationV2, HandlebarsApplicationMixin, DialogV2, DocumentSheetV2 },
      sheets: { ActorSheetV2, ItemSheetV2 },
      apps: { DocumentSheetConfig },
      ux: { TextEditor, DragDrop, FormDataExtended },
      handlebars,
      ui: {},
      sidebar: { tabs: { CombatTracker } },
    };
    CONFIG.ui = { ...CONFIG.ui, combat: CombatTracker };
    // Custom text enrichers (README 66); core's own are not modelled.
    CONFIG.TextEditor = { ...CONFIG.TextEditor, enrichers: [] };
    globals.Handlebars = Handlebars;
    registerTrackerRefresh(() => ui.combat);
  },
  reset({ ui, CONFIG }) {
    for (const app of [...instances.values()]) {
      app.element?.remove();
      instances.delete(app.id);
    }
    pending.clear();
    if (typeof document !== "undefined") document.body.replaceChildren();
    // The sidebar's combat tab (CONFIG.ui.combat: a system may have put its subclass there).
    ui.combat = new (CONFIG.ui?.combat ?? CombatTracker)();
  },
});
