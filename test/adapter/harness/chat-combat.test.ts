import { harnessGeneration } from "../../harness/profile";
import { beforeEach, describe, expect, it } from "vitest";
import { Combat, Roll, createUser, asUser, resetConfig, resetHarness, scriptDiceFaces, answerDialog, turnEventsSettled } from "../../harness/index";

const { fields } = foundry.data;

class ToasterModel extends foundry.abstract.TypeDataModel {
  static override defineSchema() {
    return { speed: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 2 }) };
  }
}
class ToastRoll extends Roll {
  get isHit() {
    return (this.total ?? 0) >= 4;
  }
}

beforeEach(() => {
  resetHarness();
  resetConfig();
  CONFIG.Actor.dataModels = { toaster: ToasterModel };
  CONFIG.Dice.rolls.push(ToastRoll);
});

describe("ChatMessage", () => {
  it("stores rolls as JSON and rebuilds the registered Roll subclass", async () => {
    scriptDiceFaces([5]);
    const roll = await new ToastRoll("1d6").evaluate();
    const actor: any = await Actor.create({ name: "Tosty", type: "toaster" });
    const msg: any = await ChatMessage.create({ content: "hello", rolls: [roll], speaker: ChatMessage.getSpeaker({ actor }), flags: { breadbox: { kind: "check" } } });
    expect(game.messages.get(msg.id)).toBe(msg);
    expect(typeof msg._source.rolls[0]).toBe("string");
    expect(msg.rolls[0]).toBeInstanceOf(ToastRoll);
    expect(msg.rolls[0].isHit).toBe(true);
    expect(msg.isRoll).toBe(true);
    expect(msg.author).toBe(game.user);
    expect(msg.speaker.actor).toBe(actor.id);
    expect(msg.alias).toBe("Tosty");
    expect(msg.getFlag("breadbox", "kind")).toBe("check");
  });

  it("Roll#toMessage creates a message with rolls and roll mode", async () => {
    scriptDiceFaces([2, 3]);
    // The private GM mode, by its name in the running generation (v14 deprecates the rollMode option).
    const mode = harnessGeneration() === "14" ? { messageMode: "gm" } : { rollMode: "gmroll" };
    const msg: any = await new Roll("2d6").toMessage({ flavor: "Test" }, mode);
    expect(msg.content).toBe("5");
    expect(msg.rolls[0].total).toBe(5);
    expect(msg.whisper).toEqual([game.user.id]);
    const data: any = await new Roll("3").toMessage({}, { create: false });
    expect(data.rolls[0]).toBeInstanceOf(Roll);
    expect(game.messages.size).toBe(1);
  });

  it("renderHTML renders roll content and calls renderChatMessageHTML with an HTMLElement", async () => {
    scriptDiceFaces([4]);
    const msg: any = await new Roll("1d6 + 1").toMessage({ flavor: "Attack" });
    let seen: any = null;
    Hooks.on("renderChatMessageHTML", (message: any, html: HTMLElement, context: any) => {
      seen = { message, html, context };
      html.querySelector(".dice-total")?.setAttribute("data-seen", "1");
    });
    const html = await msg.renderHTML();
    expect(html).toBeInstanceOf(HTMLElement);
    expect(html.dataset.messageId).toBe(msg.id);
    expect(html.querySelector(".dice-total")!.textContent).toBe("5");
    expect(html.querySelector(".dice-formula")!.textContent).toBe("1d6 + 1");
    expect(seen.message).toBe(msg);
    expect(html.querySelector(".dice-total")!.getAttribute("data-seen")).toBe("1");
    const custom: any = await ChatMessage.create({ content: `<div class="card"><button data-action="apply">Apply</button></div>`, rolls: [await new Roll("2").evaluate()] });
    const chtml = await custom.renderHTML();
    expect(chtml.querySelector(".card button")).not.toBeNull();
    expect(chtml.querySelector(".dice-total")).toBeNull();
  });

  it("players can create messages and only edit their own", async () => {
    const alice = createUser({ name: "Alice" });
    const msg: any = await ChatMessage.create({ content: "gm" });
    await asUser(alice, async () => {
      const mine: any = await ChatMessage.create({ content: "mine" });
      expect(mine.author).toBe(alice);
      await mine.update({ content: "edited" });
      await expect(msg.update({ content: "nope" })).rejects.toThrow(/permission/);
    });
  });
});

describe("Combat", () => {
  async function setup() {
    const a: any = await Actor.create({ name: "Alpha", type: "toaster" });
    const b: any = await Actor.create({ name: "Bravo", type: "toaster" });
    const c: any = await Actor.create({ name: "Charlie", type: "toaster" });
    const combat: any = await Combat.create({ active: true });
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: a.id }, { actorId: b.id }, { actorId: c.id }]);
    return { a, b, c, combat };
  }

  it("turn order by initiative, start, next turn, round advance with hooks and turn events", async () => {
    const { combat } = await setup();
    expect(game.combat).toBe(combat);
    expect(combat.combatants.size).toBe(3);
    expect(combat.turns.map((t: any) => t.name)).toEqual(["Alpha", "Bravo", "Charlie"]);
    CONFIG.Combat.initiative.formula = "1d20 + @speed";
    scriptDiceFaces([5, 18, 11]);
    await combat.rollAll();
    expect(combat.turns.map((t: any) => [t.name, t.initiative])).toEqual([["Bravo", 20], ["Charlie", 13], ["Alpha", 7]]);
    expect(game.messages.size).toBe(3);
    expect(game.messages.contents[0].getFlag("core", "initiativeRoll")).toBe(true);

    const events: string[] = [];
    Object.assign(combat, {
      _onStartRound: async (ctx: any) => void events.push(`startRound ${ctx.round}`),
      _onEndRound: async (ctx: any) => void events.push(`endRound ${ctx.round}`),
      _onStartTurn: async (c: any, ctx: any) => void events.push(`startTurn ${c.name} ${ctx.round}.${ctx.turn}`),
      _onEndTurn: async (c: any, ctx: any) => void events.push(`endTurn ${c.name}`),
    });
    const hooks: string[] = [];
    Hooks.on("combatStart", (_c: any, d: any) => hooks.push(`start ${d.round}/${d.turn}`));
    Hooks.on("combatTurn", (_c: any, d: any) => hooks.push(`turn ${d.round}/${d.turn}`));
    Hooks.on("combatRound", (_c: any, d: any, o: any) => hooks.push(`round ${d.round}/${d.turn} dir ${o.direction}`));
    await combat.startCombat();
    expect(combat.round).toBe(1);
    expect(combat.combatant.name).toBe("Bravo");
    await combat.nextTurn();
    await combat.nextTurn();
    expect(combat.combatant.name).toBe("Alpha");
    await combat.nextTurn();
    expect(combat.round).toBe(2);
    expect(combat.turn).toBe(0);
    expect(hooks).toEqual(["start 1/0", "turn 1/1", "turn 1/2", "round 2/0 dir 1"]);
    // Turn events run on the GM after the updates, not awaited by them (foundryvtt#11997).
    await turnEventsSettled();
    expect(events).toEqual([
      "startRound 1",
      "startTurn Bravo 1.0",
      "endTurn Bravo",
      "startTurn Charlie 1.1",
      "endTurn Charlie",
      "startTurn Alpha 1.2",
      "endTurn Alpha",
      "endRound 1",
      "startRound 2",
      "startTurn Bravo 2.0",
    ]);
  });

  it("_sortCombatants is overridable; rollInitiative keeps the current combatant", async () => {
    class LowFirst extends Combat {
      override _sortCombatants(a: any, b: any) {
        return (a.initiative ?? Infinity) - (b.initiative ?? Infinity);
      }
    }
    CONFIG.Combat.documentClass = LowFirst;
    const { combat } = await setup();
    expect(combat).toBeInstanceOf(LowFirst);
    await combat.setInitiative(combat.turns[0].id, 9);
    await combat.setInitiative(combat.turns[1].id, 3);
    await combat.setInitiative(combat.turns[2].id, 5);
    expect(combat.turns.map((t: any) => t.initiative)).toEqual([3, 5, 9]);
    await combat.startCombat();
    const current = combat.combatant;
    scriptDiceFaces([1]);
    const other = combat.turns.find((t: any) => t.initiative === 9);
    await combat.rollInitiative(other.id, { formula: "1d4" });
    expect(combat.turns[0]).toBe(other);
    expect(combat.combatant).toBe(current);
    await combat.resetAll();
    expect(combat.combatants.every((c: any) => c.initiative === null)).toBe(true);
  });

  it("players cannot advance a turn that is not theirs; endCombat confirms then deletes", async () => {
    const { a, combat } = await setup();
    const alice = createUser({ name: "Alice" });
    await a.update({ ownership: { [alice.id!]: 3 } });
    await combat.startCombat();
    await asUser(alice, async () => {
      expect(combat.combatant.actor).toBe(a);
      await combat.nextTurn();
      await expect(combat.nextTurn()).rejects.toThrow(/permission/);
    });
    const ended = combat.endCombat();
    await answerDialog({ action: "yes" });
    await ended;
    expect(game.combats.size).toBe(0);
  });
});
