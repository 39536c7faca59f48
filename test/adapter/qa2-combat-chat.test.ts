/** QA pass 2: combat ordering and round changes; chat-card button visibility and dispatch. */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, gmUser, setRandomUniform, settle } from "../harness/index";
import { bootSystem, makeCharacter, notifications } from "./toaster/boot";
import { buttonVisible, onRenderChatMessage } from "../../src/core/chat/actions";

beforeEach(bootSystem);

function d10(faces: number[]) {
  const q = [...faces];
  setRandomUniform(() => {
    const f = q.shift();
    if (f === undefined) throw new Error("out of faces");
    return 1 - (f - 0.5) / 10;
  });
}

describe("combat", () => {
  it("unrolled combatants and combatants without an actor sort after the rolled ones, stably", async () => {
    const a = await makeCharacter("A", { attributes: { coordination: { value: 5 } } });
    const b = await makeCharacter("B", { attributes: { coordination: { value: 5 } } });
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [
      { actorId: a.id, name: "A" },
      { name: "Ghost" },
      { actorId: b.id, name: "B", initiative: 3 },
      { name: "Zed", initiative: 8 },
    ]);
    expect(combat.turns.map((c: any) => c.name)).toEqual(["Zed", "B", "A", "Ghost"]);
  });

  it("rollAll with a combatant that has no actor does not throw", async () => {
    const a = await makeCharacter("A", { attributes: { coordination: { value: 5 } } });
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: a.id, name: "A" }, { name: "Ghost" }]);
    d10([5, 5, 5, 5]);
    await combat.rollAll();
    expect(combat.combatants.find((c: any) => c.name === "A").initiative).toBe(10);
  });

  it("with the reroll setting off, a new round keeps every initiative and the turn", async () => {
    await (game as any).settings.set("breadbox", "toaster.rerollInitiative", false);
    const a = await makeCharacter("A", { attributes: { coordination: { value: 5 } } });
    const b = await makeCharacter("B", { attributes: { coordination: { value: 2 } } });
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: a.id, name: "A" }, { actorId: b.id, name: "B" }]);
    d10([1, 9]);
    await combat.startCombat();
    await combat.rollAll();
    const before = combat.combatants.map((c: any) => c.initiative);
    setRandomUniform(() => {
      throw new Error("no dice expected");
    });
    await combat.nextRound();
    expect(combat.round).toBe(2);
    expect(combat.combatants.map((c: any) => c.initiative)).toEqual(before);
  });

  it("a player ending the last turn advances the round; initiative is rolled again on the GM side", async () => {
    const p1 = createUser({ name: "P1" });
    const a = await makeCharacter("A", { attributes: { coordination: { value: 5 } } });
    const b = await makeCharacter("B", { attributes: { coordination: { value: 2 } } });
    await b.update({ ownership: { [p1.id!]: 3 } });
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: a.id, name: "A" }, { actorId: b.id, name: "B" }]);
    d10([9, 1]);
    await combat.startCombat();
    await combat.rollAll();
    expect(combat.turns.map((c: any) => c.name)).toEqual(["A", "B"]);
    await combat.nextTurn();
    d10([1, 9]);
    // B (P1's) is the last; P1 ends it.
    await asUser(p1, () => combat.nextTurn());
    await settle();
    expect(combat.round).toBe(2);
    expect(combat.turns.map((c: any) => c.name)).toEqual(["B", "A"]);
    expect(combat.turn).toBe(0);
  });
});

describe("chat buttons", () => {
  async function card(html: string, author?: any) {
    const create = () => ChatMessage.create({ content: html } as never);
    const m: any = author ? await asUser(author, create) : await create();
    return m;
  }

  it("gm / author / owner rules for GM, author, owner and stranger", async () => {
    const p1 = createUser({ name: "P1" });
    const p2 = createUser({ name: "P2" });
    const stranger = createUser({ name: "S" });
    const a = await makeCharacter("A");
    await a.update({ ownership: { [p2.id!]: 3, [stranger.id!]: 2 } });
    const m = await card("<p>x</p>", p1);
    const see = async (u: any, rule: string) => asUser(u, () => buttonVisible(rule, m));
    expect(await see(gmUser(), "gm")).toBe(true);
    expect(await see(p1, "gm")).toBe(false);
    expect(await see(p1, "author")).toBe(true);
    expect(await see(p2, "author")).toBe(false);
    expect(await see(p2, `owner:${a.uuid}`)).toBe(true);
    expect(await see(stranger, `owner:${a.uuid}`)).toBe(false); // observer is not owner
    expect(await see(p1, `owner:${a.uuid}`)).toBe(false);
    expect(await see(p1, "owner:")).toBe(false);
    expect(await see(p2, `owner:Actor.missing, ${a.uuid}`)).toBe(true);
  });

  it("a button hidden from a stranger is removed from the rendered card", async () => {
    const p1 = createUser({ name: "P1" });
    const a = await makeCharacter("A");
    const m = await card(`<div><button data-bb-action="toaster.hitLocation" data-bb-visible="owner:${a.uuid}">x</button><button data-bb-action="toaster.hitLocation" data-bb-visible="gm">y</button></div>`);
    const html: HTMLElement = await asUser(p1, () => m.renderHTML());
    expect(html.querySelectorAll("[data-bb-action]").length).toBe(0);
  });

  it("a click on an unknown action or a prototype name does nothing", async () => {
    const m = await card(`<div><button data-bb-action="toaster.constructor">x</button><button data-bb-action="toaster.nope">y</button></div>`);
    const html: HTMLElement = await m.renderHTML();
    const before = (game as any).messages.size;
    for (const b of html.querySelectorAll<HTMLButtonElement>("button")) b.click();
    await settle();
    expect((game as any).messages.size).toBe(before);
    expect(notifications().filter((n) => n.type === "error")).toEqual([]);
  });

  it("a handler error is reported and the button is enabled again", async () => {
    const m: any = await card(`<div><button data-bb-action="toaster.applyDamage">x</button></div>`);
    // A non-resolution message: the handler returns quietly.
    const html = document.createElement("div");
    html.innerHTML = m.content;
    onRenderChatMessage(m, html);
    const b = html.querySelector("button") as HTMLButtonElement;
    b.click();
    await settle();
    expect(b.disabled).toBe(false);
  });
});

describe("button visibility", () => {
  it("an unknown visibility rule hides the button from players", async () => {
    const { buttonVisible } = await import("../../src/core/chat/actions");
    const { asUser, createUser } = await import("../harness/index");
    const msg: any = await ChatMessage.create({ content: "x" } as never);
    const p = createUser({ name: "P" });
    for (const rule of ["GM", "owner", "owners:Actor.x", "gm "]) expect(await asUser(p, () => buttonVisible(rule, msg)), rule).toBe(false);
  });
});
