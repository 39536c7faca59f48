/**
 * The settings window, minimal (issue 23, VERIFY 54): `renderSettingsConfig()` renders every
 * registered setting with `config: true` as a `.form-group` holding a field named
 * `<namespace>.<key>` (a `select` for settings with choices, a checkbox for Boolean, else an
 * input) showing the current value, and fires `renderSettingsConfig(app, html, context, options)`
 * as core does after each render. Not mirrored: categories and tabs, menus, range sliders,
 * saving (tests change the field and dispatch `change` themselves), the reload prompt.
 */
import { Hooks } from "../hooks";
import { game } from "../state";

interface SettingLike {
  namespace: string;
  key: string;
  name?: string;
  config?: boolean;
  type?: unknown;
  choices?: Record<string, string>;
}

export function renderSettingsConfig(): HTMLElement {
  const root = document.createElement("form");
  root.id = "settings-config";
  root.className = "application sheet categories";
  const settings = [...(game.settings.settings as Map<string, SettingLike>).values()].filter((s) => s.config);
  for (const s of settings) {
    const id = `settings-config-${s.namespace}.${s.key}`.replace(/[^\w-]/g, "-");
    const group = document.createElement("div");
    group.className = "form-group";
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = game.i18n?.localize?.(s.name ?? "") ?? s.name ?? s.key;
    const value = game.settings.get(s.namespace, s.key);
    let field: HTMLInputElement | HTMLSelectElement;
    if (s.choices) {
      const select = document.createElement("select");
      for (const [v, text] of Object.entries(s.choices)) {
        const option = document.createElement("option");
        option.value = v;
        option.textContent = game.i18n?.localize?.(text) ?? text;
        option.selected = v === value;
        select.append(option);
      }
      field = select;
    } else {
      const input = document.createElement("input");
      if (s.type === Boolean) {
        input.type = "checkbox";
        input.checked = Boolean(value);
      } else {
        input.type = s.type === Number ? "number" : "text";
        input.value = String(value ?? "");
      }
      field = input;
    }
    field.id = id;
    field.name = `${s.namespace}.${s.key}`;
    const fields = document.createElement("div");
    fields.className = "form-fields";
    fields.append(field);
    group.append(label, fields);
    root.append(group);
  }
  Hooks.callAll("renderSettingsConfig", { id: "settings-config", element: root }, root, {}, { isFirstRender: true });
  return root;
}
