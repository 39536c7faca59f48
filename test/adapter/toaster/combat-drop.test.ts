import { beforeEach, describe, expect, it } from "vitest";
import { createUser, gmUser, makeDropEvent, setRandomUniform, settle, turnEventsSettled } from "../../harness/index";
import { bootSystem, makeCharacter, itemData, notifications } from "./boot";
import { registerRuleset, getRuleset } from "../../../src/core/registry";

beforeEach(bootSystem);

/** d10 faces for Foundry dice (1–10). */
function d10(faces: number[]) {
  const q = [...faces];
  setRandomUniform(() => {
    const f = q.shift();
    if (f === undefined) throw new Error("out of faces");
    return 1 - (f - 0.5) / 10;
  });
}

async function fight() {
  const quick = await makeCharacter("Quick", { attributes: { coordination: { value: 7 } } });
  const slow = await makeCharacter("Slow", { attributes: { coordination: { value: 3 } } });
  const combat: any = await Combat.create({} as never);
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: quick.id, name: "Quick" }, { actorId: slow.id, name: "Slow" }]);
  return { quick, slow, combat };
}

describe("Toaster initiative", () => {
  it("rolls 1d10 + Coordination and orders highest first", async () => {
    const { combat } = await fight();
    d10([2, 9]);
    await combat.rollAll();
    const byName = Object.fromEntries(combat.combatants.map((c: any) => [c.name, c.initiative]));
    expect(byName).toEqual({ Quick: 9, Slow: 12 });
    expect(combat.turns.map((c: any) => c.name)).toEqual(["Slow", "Quick"]);
  });

  it("ties go to the higher Coordination", async () => {
    const { combat } = await fight();
    d10([3, 7]);
    await combat.rollAll();
    expect(combat.combatants.map((c: any) => c.initiative)).toEqual([10, 10]);
    expect(combat.turns.map((c: any) => c.name)).toEqual(["Quick", "Slow"]);
  });

  it("is rolled again at the start of every round", async () => {
    const { combat } = await fight();
    d10([2, 9]);
    await combat.startCombat();
    await combat.rollAll();
    d10([10, 1]);
    await combat.nextRound();
    expect(combat.round).toBe(2);
    const byName = Object.fromEntries(combat.combatants.map((c: any) => [c.name, c.initiative]));
    expect(byName).toEqual({ Quick: 17, Slow: 4 });
    expect(combat.turn).toBe(0);
    expect(combat.turns[0].name).toBe("Quick");
  });

  it("is kept between rounds when the world setting says so", async () => {
    await (game as any).settings.set("breadbox", "toaster.rerollInitiative", false);
    const { combat } = await fight();
    d10([2, 9]);
    await combat.startCombat();
    await combat.rollAll();
    await combat.nextRound();
    const byName = Object.fromEntries(combat.combatants.map((c: any) => [c.name, c.initiative]));
    expect(byName).toEqual({ Quick: 9, Slow: 12 });
  });
});

describe("items of another ruleset", () => {
  function fakeRuleset() {
    if (!getRuleset("otherrules")) {
      class OtherThing extends (foundry.abstract as any).TypeDataModel {
        static defineSchema() {
          return {};
        }
      }
      registerRuleset({ id: "otherrules", label: "Other", actorModels: {}, itemModels: { otherrulesThing: OtherThing as never }, actorSheets: [], itemSheets: [] });
      (CONFIG.Item as any).dataModels.otherrulesThing = OtherThing;
    }
  }

  it("are refused on a Toaster character with a notification, and nothing changes", async () => {
    fakeRuleset();
    const a = await makeCharacter("Target");
    const created = await a.createEmbeddedDocuments("Item", [{ name: "Alien gadget", type: "otherrulesThing" }]);
    expect(created).toEqual([]);
    expect(a.items.size).toBe(0);
    expect(notifications().some((n) => n.type === "warning" && /Alien gadget.*cannot be added/.test(n.message))).toBe(true);
  });

  it("dropped on the sheet are refused too, while a Toaster item is added", async () => {
    fakeRuleset();
    const a = await makeCharacter("Target");
    const alien: any = await Item.create({ name: "Alien gadget", type: "otherrulesThing" } as never);
    const knife: any = await Item.create(itemData("toaster-weapons", "Knife") as never);
    const sheet = a.sheet;
    await sheet.render({ force: true });
    await sheet._onDrop(makeDropEvent({ type: "Item", uuid: alien.uuid }));
    await settle();
    expect(a.items.size).toBe(0);
    await sheet._onDrop(makeDropEvent({ type: "Item", uuid: knife.uuid }));
    await settle();
    expect(a.items.map((i: any) => i.name)).toEqual(["Knife"]);
  });
});

describe("(Bleeding) in combat", () => {
  it("each new round costs a bleeding character its rate in stun; 10 bleeding stun add a wound", async () => {
    await (game as any).settings.set("breadbox", "toaster.bleeding", true);
    await (game as any).settings.set("breadbox", "toaster.rerollInitiative", false);
    const { quick, combat } = await fight();
    await quick.update({ "system.wounds.value": 3, "system.stun.value": 4, "system.bleeding.rate": 3, "system.bleeding.value": 8 });
    d10([2, 9]);
    await combat.startCombat();
    await combat.rollAll();
    await combat.nextRound();
    // Round-start work is a turn event: it runs on the GM after the round changed, not awaited.
    await turnEventsSettled();
    expect(quick.system.stun.value).toBe(7);
    expect(quick.system.bleeding.value).toBe(11);
    expect(quick.system.wounds.value).toBe(4);
    const note = (game as any).messages.contents.at(-1);
    expect(note.content).toContain("Quick bleeds 3 stun");
  });

  it("a GM's NPC bleeds in a GM-only card; a player's character in a public one", async () => {
    await (game as any).settings.set("breadbox", "toaster.bleeding", true);
    await (game as any).settings.set("breadbox", "toaster.rerollInitiative", false);
    const { quick, slow, combat } = await fight();
    const player = createUser({ name: "Slow's player" });
    await slow.update({ ownership: { [player.id!]: 3 } });
    for (const a of [quick, slow]) await a.update({ "system.wounds.value": 2, "system.stun.value": 0, "system.bleeding.rate": 2 });
    d10([2, 9]);
    await combat.startCombat();
    await combat.rollAll();
    await combat.nextRound();
    await turnEventsSettled();
    const notes = (game as any).messages.contents.filter((m: any) => m.flags.breadbox?.type === "toasterBleeding");
    const npc = notes.find((m: any) => m.content.includes("Quick"));
    const pc = notes.find((m: any) => m.content.includes("Slow"));
    expect(npc.whisper).toEqual([gmUser().id]);
    expect(npc.content).not.toContain("Slow");
    expect(pc.whisper).toEqual([]);
    expect(pc.content).not.toContain("Quick");
  });
});

describe("compendium drops", () => {
  it("an item dragged from the Toaster weapons pack onto a character is added as a copy", async () => {
    const { registerPack } = await import("../../harness/index");
    const { packSources } = await import("./boot");
    const pack = (game as any).packs.get("breadbox.toaster-weapons") ?? registerPack({ name: "toaster-weapons", label: "Toaster Weapons", type: "Item", packageName: "breadbox", system: "breadbox" }, packSources("toaster-weapons"));
    const sword = pack.find((d: any) => d.name === "Broadsword");
    expect(sword.uuid).toMatch(/^Compendium\.breadbox\.toaster-weapons\.Item\./);
    const a = await makeCharacter("Collector", { attributes: { physique: { value: 6 } } });
    const sheet = a.sheet;
    await sheet.render({ force: true });
    await sheet._onDrop(makeDropEvent({ type: "Item", uuid: sword.uuid }));
    await settle();
    const copy = a.items.find((i: any) => i.name === "Broadsword");
    expect(copy?.type).toBe("toasterWeapon");
    expect(copy.system.wc).toBe(7);
  });

  it("an unsaved pack character prepares its derived data", async () => {
    const { packDoc } = await import("./boot");
    const src = structuredClone(packDoc("toaster-characters", "Rhoenda Dumas"));
    delete src._key;
    for (const i of src.items) delete i._key;
    const actor: any = new (CONFIG.Actor as any).documentClass(src);
    expect(actor.system.luckMax).toBe(3);
    expect(actor.items.find((i: any) => i.name === "Sword").system.rank).toBe(8);
  });
});

describe("creation dialogs", () => {
  it("offer the world ruleset's types", async () => {
    const { waitForDialog, answerDialog } = await import("../../harness/index");
    const pending = (CONFIG.Item as any).documentClass.createDialog({ name: "Thing" });
    const dialog = await waitForDialog();
    const types = [...dialog.element.querySelectorAll('select[name="type"] option')].map((o: any) => o.value);
    expect(types.sort()).toEqual(["toasterArmor", "toasterGear", "toasterSkill", "toasterTrait", "toasterWeapon"]);
    await answerDialog({ fill: { type: "toasterGear" } });
    const item = await pending;
    expect(item.type).toBe("toasterGear");
  });
});

describe("turn order without `this`", () => {
  it("_sortCombatants works when Array#sort calls it unbound, as Foundry's setupTurns does", async () => {
    const { combat } = await fight();
    d10([3, 7]);
    await combat.rollAll();
    const sort = combat._sortCombatants;
    const order = [...combat.combatants.contents].sort(sort).map((c: any) => c.name);
    expect(order).toEqual(["Quick", "Slow"]);
  });
});

describe("a player ends the round", () => {
  it("the new round's initiative is rolled on the GM's side for everyone", async () => {
    const { createUser, asUser } = await import("../../harness/index");
    const p = createUser({ name: "Player" });
    const { quick, combat } = await fight();
    await quick.update({ ownership: { [p.id!]: 3 } });
    d10([2, 9]);
    await combat.startCombat();
    await combat.rollAll();
    // Order: Slow 12, Quick 9 — Quick's turn is the last of round 1.
    await combat.update({ turn: 1 });
    expect(combat.combatant.name).toBe("Quick");
    d10([10, 1]);
    await asUser(p, () => combat.nextTurn());
    expect(combat.round).toBe(2);
    const byName = Object.fromEntries(combat.combatants.map((c: any) => [c.name, c.initiative]));
    expect(byName).toEqual({ Quick: 17, Slow: 4 });
  });
});

describe("dragging items out of a sheet", () => {
  it("a row's drag data names the embedded item, and dropping it on another character copies it", async () => {
    const from = await makeCharacter("Giver", {}, [itemData("toaster-weapons", "Knife")]);
    const to = await makeCharacter("Taker");
    const sheet = from.sheet;
    await sheet.render({ force: true });
    const row = sheet.element.querySelector('[data-item-id][draggable="true"]') as HTMLElement;
    let payload = "";
    const event = new Event("dragstart", { bubbles: true }) as DragEvent;
    Object.defineProperty(event, "dataTransfer", { value: { setData: (_t: string, v: string) => (payload = v) } });
    row.dispatchEvent(event);
    const data = JSON.parse(payload);
    expect(data).toMatchObject({ type: "Item", uuid: from.items.contents[0].uuid });
    const target = to.sheet;
    await target.render({ force: true });
    await target._onDrop(makeDropEvent(data));
    await settle();
    expect(to.items.map((i: any) => i.name)).toEqual(["Knife"]);
  });
});
