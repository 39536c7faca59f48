/**
 * Generation profiles (v13 / v14) and the deprecation trap.
 *
 * - `foundry.utils.logCompatibilityWarning` throws a `CompatibilityWarningError` in tests: a call of
 *   a deprecated API fails the test that made it (Foundry logs a warning and carries on). Every
 *   deprecated member the harness mirrors calls it (listed in README.md, "v13 / v14 profiles").
 * - `harnessGeneration()` (BREADBOX_FOUNDRY=13|14) decides which generation's API is installed.
 *   Each difference is written from public sources (README.md cites them); members one generation
 *   removed are absent there, members it deprecated throw through the trap.
 */
import { registerExtension } from "./registry";
import { ActiveEffect, ActiveEffectTypeDataModel } from "./documents";
import { harnessGeneration } from "./profile";
import { Handlebars } from "./applications/handlebars";
import type { AnyObject } from "./utils";
import { DataFieldOperator, ForcedDeletion, ForcedReplacement, deprecatedProperty, logCompatibilityWarning, normalizeUpdateOperators, resetDeprecations } from "./deprecation";

const V13_NAMESPACED_GLOBALS = ["renderTemplate", "loadTemplates", "getTemplate", "TextEditor", "FormDataExtended", "DragDrop", "DocumentSheetConfig"];

registerExtension({
  name: "compat",
  install({ foundry, CONFIG, game, globals }) {
    const v14 = harnessGeneration() === "14";
    foundry.utils.logCompatibilityWarning = logCompatibilityWarning;
    game.release = { generation: v14 ? 14 : 13, build: v14 ? 369 : 351 };
    const M = Math as unknown as AnyObject;
    const helpers = (Handlebars as unknown as { helpers: AnyObject }).helpers;
    if (v14) {
      // Removed in v14: Math.clamped, the {{select}} helper, un-namespaced globals.
      delete M.clamped;
      Handlebars.unregisterHelper("select");
      for (const name of V13_NAMESPACED_GLOBALS) delete globals[name];
      // CONFIG.statusEffects is keyed by id (foundryvtt#13122).
      CONFIG.statusEffects = {};
      foundry.data.operators = { DataFieldOperator, ForcedDeletion, ForcedReplacement };
      foundry.data.ActiveEffectTypeDataModel = ActiveEffectTypeDataModel;
      // foundry.utils.duplicate is deprecated in favour of deepClone (reported by v14 ports, e.g.
      // foundryvtt-dcc#634); mergeObject's performDeletions option is now applyOperators.
      const duplicate = foundry.utils.duplicate;
      foundry.utils.duplicate = (original: unknown) => {
        logCompatibilityWarning("foundry.utils.duplicate is deprecated in favor of foundry.utils.deepClone", { since: 14, until: 16 });
        return duplicate(original);
      };
      const mergeObject = foundry.utils.mergeObject;
      foundry.utils.mergeObject = (original: AnyObject, other?: AnyObject, options: AnyObject = {}) => {
        if ("performDeletions" in options) logCompatibilityWarning("The mergeObject option performDeletions is deprecated in favor of applyOperators", { since: 14, until: 16 });
        const { applyOperators, ...rest } = options;
        return mergeObject(original, normalizeUpdateOperators(other ?? {}), { ...rest, performDeletions: applyOperators ?? rest.performDeletions });
      };
      CONFIG.ActiveEffect.dataModels.base ??= ActiveEffectTypeDataModel;
      // ActiveEffect#changes moved to ActiveEffect#system#changes (foundryvtt#13740).
      Object.defineProperty(ActiveEffect.prototype, "changes", {
        configurable: true,
        get(this: AnyObject) {
          logCompatibilityWarning("ActiveEffect#changes has moved to ActiveEffect#system#changes", { since: 14, until: 16 });
          return this.system?.changes;
        },
      });
      globals._del = ForcedDeletion.create();
      globals._replace = ForcedReplacement.create;
    } else {
      // Deprecated in v13 (still present): Math.clamped, {{select}}, the un-namespaced globals.
      deprecatedProperty(M, "clamped", () => M.clamp, "Math.clamped is deprecated in favor of Math.clamp", 12, 14);
      if (!helpers.select) {
        Handlebars.registerHelper("select", function (this: unknown, selected: unknown, options: Handlebars.HelperOptions) {
          logCompatibilityWarning("The {{select}} handlebars helper is deprecated in favor of using the {{selectOptions}} helper or the foundry.applications.fields.createSelectInput, foundry.applications.fields.createMultiSelectElement, or foundry.applications.fields.prepareSelectOptionGroups methods.", { since: 12, until: 14 });
          const html = options.fn(this);
          const escaped = String(selected).replace(/"/g, "&quot;");
          return html.replace(new RegExp(` value="${escaped}"`), "$& selected");
        });
      }
      const namespaced: Record<string, () => unknown> = {
        renderTemplate: () => foundry.applications.handlebars.renderTemplate,
        loadTemplates: () => foundry.applications.handlebars.loadTemplates,
        getTemplate: () => foundry.applications.handlebars.getTemplate,
        TextEditor: () => foundry.applications.ux.TextEditor,
        FormDataExtended: () => foundry.applications.ux.FormDataExtended,
        DragDrop: () => foundry.applications.ux.DragDrop,
        DocumentSheetConfig: () => foundry.applications.apps.DocumentSheetConfig,
      };
      for (const [name, get] of Object.entries(namespaced)) {
        deprecatedProperty(globals, name, get, `You are accessing the global "${name}" which is now namespaced under foundry.*`, 13, 15);
      }
    }
  },
  reset() {
    resetDeprecations();
  },
});

export { CompatibilityWarningError, allowDeprecations, compatibilityWarnings, logCompatibilityWarning } from "./deprecation";
