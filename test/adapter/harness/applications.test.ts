import { beforeEach, describe, expect, it } from "vitest";
import {
  ActorSheetV2,
  ApplicationV2,
  DialogV2,
  HandlebarsApplicationMixin,
  answerDialog,
  dismissDialog,
  fillForm,
  makeDropEvent,
  registerTemplateSource,
  renderTemplate,
  resetConfig,
  resetHarness,
  settle,
  createUser,
  asUser,
} from "../../harness/index";

const { fields } = foundry.data;

class ToasterModel extends foundry.abstract.TypeDataModel {
  static override defineSchema() {
    return {
      health: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 5 }),
      level: new fields.NumberField({ required: true, nullable: false, integer: true, positive: true, initial: 1 }),
    };
  }
}
class WeaponModel extends foundry.abstract.TypeDataModel {
  static override defineSchema() {
    return { damage: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 1 }) };
  }
}

beforeEach(() => {
  resetHarness();
  resetConfig();
  CONFIG.Actor.dataModels = { toaster: ToasterModel };
  CONFIG.Item.dataModels = { toasterWeapon: WeaponModel };
});

describe("Handlebars", () => {
  it("renders templates with Foundry helpers", async () => {
    game.i18n.loadTranslations({ T: { Hi: "Hi {name}", A: "Alpha" } });
    registerTemplateSource(
      "t/helpers.hbs",
      `<div>{{localize "T.Hi" name=who}}|<select>{{selectOptions choices selected=sel localize=true blank="-"}}</select>|{{numberFormat n decimals=1 sign=true}}|{{#if (and (eq a 1) (not b))}}yes{{/if}}|{{concat "x" 1}}|<input {{checked c}}>|{{ifThen c "on" "off"}}</div>`,
    );
    const html = await renderTemplate("t/helpers.hbs", { who: "Bo", choices: { a: "T.A", b: "B" }, sel: "b", n: 2, a: 1, b: false, c: true });
    expect(html).toBe(
      `<div>Hi Bo|<select><option value="">-</option><option value="a">Alpha</option><option value="b" selected>B</option></select>|+2.0|yes|x1|<input checked>|on</div>`,
    );
  });

  it("loads template files through the loader (setup.ts reads the repository)", async () => {
    await expect(renderTemplate("systems/breadbox/does/not/exist.hbs")).rejects.toThrow();
  });
});

describe("ApplicationV2 with HandlebarsApplicationMixin", () => {
  class TestApp extends HandlebarsApplicationMixin(ApplicationV2) {
    static override DEFAULT_OPTIONS = { classes: ["test-app"], window: { title: "Test" }, actions: { bump: TestApp.#bump } };
    static override PARTS = { header: { template: "t/header.hbs" }, body: { template: "t/body.hbs" } };
    static override TABS = { primary: { tabs: [{ id: "one" }, { id: "two" }], initial: "one", labelPrefix: "TABS" } };
    count = 0;
    seen: string[] = [];
    static #bump(this: TestApp, _event: Event, target: HTMLElement) {
      this.count += Number(target.dataset.step);
      return this.render({ parts: ["body"] });
    }
    override async _prepareContext(options: any) {
      const context = await super._prepareContext(options);
      return { ...context, count: this.count };
    }
    override async _preparePartContext(partId: string, context: any, options: any) {
      context = await super._preparePartContext(partId, context, options);
      this.seen.push(partId);
      return context;
    }
  }

  beforeEach(() => {
    registerTemplateSource("t/header.hbs", `<header class="hdr">{{#each tabs}}<a data-action="tab" data-group="primary" data-tab="{{id}}" class="{{cssClass}}">{{label}}</a>{{/each}}</header>`);
    registerTemplateSource("t/body.hbs", `<section class="body"><span class="count">{{count}}</span><button data-action="bump" data-step="2">+</button><div class="tab" data-group="primary" data-tab="two"></div></section>`);
  });

  it("merges DEFAULT_OPTIONS, renders parts, dispatches actions and re-renders a part", async () => {
    const app = new TestApp();
    expect(app.options.classes).toEqual(["test-app"]);
    expect(app.options.window.frame).toBe(true);
    expect(app.rendered).toBe(false);
    const hookCalls: string[] = [];
    Hooks.on("renderTestApp", () => hookCalls.push("TestApp"));
    Hooks.on("renderApplicationV2", () => hookCalls.push("ApplicationV2"));
    await app.render({ force: true });
    expect(app.rendered).toBe(true);
    expect(document.getElementById(app.id)).toBe(app.element);
    expect(app.element.querySelector(".window-title")!.textContent).toBe("Test");
    expect(Object.keys(app.parts)).toEqual(["header", "body"]);
    expect(app.element.querySelector("a.active")!.getAttribute("data-tab")).toBe("one");
    expect(app.element.querySelector("a")!.textContent).toBe("TABS.one");
    expect(hookCalls).toEqual(["TestApp", "ApplicationV2"]);
    const header = app.parts.header;
    (app.element.querySelector("[data-action=bump]") as HTMLElement).click();
    await settle();
    expect(app.count).toBe(2);
    expect(app.element.querySelector(".count")!.textContent).toBe("2");
    expect(app.parts.header).toBe(header);
    expect(app.seen).toEqual(["header", "body", "body"]);
    (app.element.querySelector('a[data-tab="two"]') as HTMLElement).click();
    expect(app.tabGroups.primary).toBe("two");
    expect(app.element.querySelector('.tab[data-tab="two"]')!.classList.contains("active")).toBe(true);
    await app.close();
    expect(app.rendered).toBe(false);
    expect(document.getElementById(app.id)).toBeNull();
  });

  it("render() without force does nothing for an unrendered app", async () => {
    const app = new TestApp();
    await app.render();
    expect(app.rendered).toBe(false);
  });
});

describe("DialogV2", () => {
  it("wait resolves with the pressed button's callback result, reading inputs", async () => {
    const p = DialogV2.wait({
      window: { title: "Pick" },
      content: `<input name="bonus" type="number" value="1">`,
      buttons: [
        { action: "roll", label: "Roll", default: true, callback: (_e: Event, button: HTMLButtonElement) => Number((button.form!.elements.namedItem("bonus") as HTMLInputElement).value) * 10 },
        { action: "cancel", label: "Cancel" },
      ],
    });
    await answerDialog({ action: "roll", fill: { bonus: 3 } });
    expect(await p).toBe(30);
  });

  it("confirm gives true/false; dismissal gives null (VERIFY rejectClose default)", async () => {
    const yes = DialogV2.confirm({ content: "Sure?" });
    await answerDialog({ action: "yes" });
    expect(await yes).toBe(true);
    const no = DialogV2.confirm({ content: "Sure?" });
    await answerDialog({ action: "no" });
    expect(await no).toBe(false);
    const dismissed = DialogV2.confirm({ content: "Sure?" });
    await dismissDialog();
    expect(await dismissed).toBeNull();
    const rejecting = expect(DialogV2.prompt({ content: "x", rejectClose: true })).rejects.toThrow(/dismissed/);
    await dismissDialog();
    await rejecting;
    const input = DialogV2.input({ content: `<input name="a" value="x"><input name="b" type="checkbox">` });
    await answerDialog({ fill: { a: "y", b: true } });
    expect(await input).toEqual({ a: "y", b: true });
  });
});

describe("Document sheets", () => {
  class ToasterSheet extends HandlebarsApplicationMixin(ActorSheetV2) {
    static override PARTS = { main: { template: "t/sheet.hbs" } };
  }

  beforeEach(() => {
    registerTemplateSource(
      "t/sheet.hbs",
      `<div class="sheet-body"><input name="name" value="{{document.name}}"><input name="system.health" type="number" value="{{document.system.health}}"><input name="system.level" data-dtype="Number" value="{{source.system.level}}">{{#if editable}}<span class="editable"></span>{{/if}}</div>`,
    );
    foundry.documents.collections.Actors.registerSheet("breadbox", ToasterSheet, { types: ["toaster"], makeDefault: true });
  });

  it("document.sheet is the registered sheet; form submit updates; invalid values notify and change nothing", async () => {
    const actor: any = await Actor.create({ name: "Tosty", type: "toaster" });
    const sheet = actor.sheet;
    expect(sheet).toBeInstanceOf(ToasterSheet);
    expect(actor.sheet).toBe(sheet);
    await sheet.render({ force: true });
    expect(sheet.element.tagName).toBe("FORM");
    expect(sheet.element.querySelector(".editable")).not.toBeNull();
    expect(sheet.title).toBe("DOCUMENT.Actor: Tosty");
    fillForm(sheet.element, { "system.health": 9 });
    await settle();
    expect(actor.system.health).toBe(9);
    expect((sheet.element.querySelector('[name="system.health"]') as HTMLInputElement).value).toBe("9");
    fillForm(sheet.element, { "system.level": 0 });
    await settle();
    expect(actor.system.level).toBe(1);
    expect(ui.notifications.history.at(-1)).toMatchObject({ type: "error" });
    expect(ui.notifications.history.at(-1).message).toMatch(/system\.level/);
    await actor.update({ name: "Renamed" });
    expect((sheet.element.querySelector('[name="name"]') as HTMLInputElement).value).toBe("Renamed");
    await sheet.close();
    expect(actor.apps[sheet.id]).toBeUndefined();
  });

  it("non-owners see a disabled sheet and cannot submit", async () => {
    const actor: any = await Actor.create({ name: "Tosty", type: "toaster", ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER } });
    const alice = createUser({ name: "Alice" });
    await asUser(alice, async () => {
      const sheet = actor.sheet;
      await sheet.render({ force: true });
      expect(sheet.isEditable).toBe(false);
      expect((sheet.element.querySelector('[name="name"]') as HTMLInputElement).disabled).toBe(true);
      await sheet.submit();
      await sheet.close();
    });
    expect(actor.name).toBe("Tosty");
  });

  it("dropping an item on an actor sheet creates a copy (VERIFY _onDrop)", async () => {
    const actor: any = await Actor.create({ name: "Tosty", type: "toaster" });
    const item: any = await Item.create({ name: "Fork", type: "toasterWeapon", system: { damage: 3 } });
    const sheet = actor.sheet;
    await sheet.render({ force: true });
    const created = await sheet._onDrop(makeDropEvent({ type: "Item", uuid: item.uuid }));
    expect(created.parent).toBe(actor);
    expect(actor.items.contents[0].system.damage).toBe(3);
  });
});
