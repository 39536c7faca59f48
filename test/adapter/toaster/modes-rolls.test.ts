/**
 * Issue 7 (points 3, 4, and the blind-roll and dialog items of point 8) and issue 9 point 9:
 * message modes in every roll dialog and follow-up card, blind rolls hidden from their roller,
 * every die a Foundry roll, the dialog's content as an element, and check rolls rebuilt from
 * messages with empty or partial options.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, gmUser, GM_ID, Hooks, setRandomUniform, waitForDialog } from "../../harness/index";
import { extensions } from "../../harness/registry";
import { setHarnessGeneration, harnessGeneration } from "../../harness/profile";
import { foundry as harnessFoundry } from "../../harness/index";
import { bootSystem, itemData, makeCharacter } from "./boot";
import { performCheck } from "../../../src/rulesets/toaster/checks";
import { skillRequest } from "../../../src/rulesets/toaster/requests";
import { attackWithWeapon } from "../../../src/rulesets/toaster/chat/attack";
import { postCritical } from "../../../src/rulesets/toaster/chat/tables";
import { defend } from "./exchange";
import { ToasterCheckRoll } from "../../../src/rulesets/toaster/dice/check-roll";
import { currentMessageMode, messageModeChoices } from "../../../src/core/compat";

beforeEach(bootSystem);

const shift = new MouseEvent("click", { shiftKey: true });
const msgs = () => (game as any).messages.contents;

/** Foundry dice in order: d10* faces (0–9) or {d6: n}. */
function dice(list: (number | { d6: number })[]) {
  const queue = [...list];
  setRandomUniform(() => {
    const f = queue.shift();
    if (f === undefined) throw new Error("test dice ran out");
    return typeof f === "number" ? 1 - (f + 0.5) / 10 : 1 - (f.d6 - 0.5) / 6;
  });
  return () => queue.length;
}

async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Defender's player" });
  const p3 = createUser({ name: "Bystander" });
  const attacker = await makeCharacter("Rhoenda", { attributes: { physique: { value: 5 }, coordination: { value: 7 } } }, [
    { name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } },
    itemData("toaster-weapons", "Broadsword"),
  ]);
  await attacker.update({ ownership: { [p1.id!]: 3 } });
  const defender = await makeCharacter("Guard", { attributes: { physique: { value: 4 }, coordination: { value: 5 } } }, [
    { name: "Dodge", type: "toasterSkill", system: { base: 3, attribute: "coordination", role: "dodge" } },
  ]);
  await defender.update({ ownership: { [p2.id!]: 3 } });
  const sword = attacker.items.find((i: any) => i.type === "toasterWeapon");
  const skill = attacker.items.find((i: any) => i.name === "Sword");
  return { p1, p2, p3, attacker, defender, sword, skill };
}

/** Set the client's chat mode, given in v13 names, in the running generation's own setting. */
async function setMode(mode: "publicroll" | "gmroll" | "blindroll" | "selfroll") {
  const v14 = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" }[mode];
  if (harnessGeneration() === "14") await (game as any).settings.set("core", "messageMode", v14);
  else await (game as any).settings.set("core", "rollMode", mode);
}

describe("the roll dialog", () => {
  it("offers the four modes, defaults to the client's current mode, and the card follows the choice", async () => {
    const s = await scene();
    await setMode("gmroll");
    dice([6]);
    const pending = asUser(s.p1, () => performCheck(skillRequest(s.attacker, s.skill)));
    const dialog = await waitForDialog();
    const select = dialog.element.querySelector<HTMLSelectElement>('select[name="bbMessageMode"]')!;
    expect([...select.options].map((o) => o.value)).toEqual(["public", "gm", "blind", "self"]);
    expect(select.value).toBe("gm");
    await answerDialog({ action: "roll", fill: { bbMessageMode: "self" } });
    await pending;
    const card = msgs().at(-1);
    expect(card.whisper).toEqual([s.p1.id]);
    expect(card.blind).toBe(false);
  });

  it("passes its form as an element and works when the render callback gets no arguments (before #12525)", async () => {
    const s = await scene();
    const api = (harnessFoundry as any).applications.api;
    const original = api.DialogV2.wait;
    let content: unknown;
    api.DialogV2.wait = (options: any) => {
      content = options.content;
      const render = options.render;
      return original.call(api.DialogV2, { ...options, render: render ? () => render() : undefined });
    };
    try {
      dice([6]);
      const pending = asUser(s.p1, () => performCheck(skillRequest(s.attacker, s.skill)));
      const dialog = await waitForDialog();
      expect(content).toBeInstanceOf(HTMLElement);
      expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toMatch(/%/);
      await answerDialog({ action: "roll" });
      expect(await pending).toBeInstanceOf(ToasterCheckRoll);
    } finally {
      api.DialogV2.wait = original;
    }
  });
});

describe("blind rolls", () => {
  it("show the roller no result; the GM sees it", async () => {
    const s = await scene();
    await setMode("blindroll");
    dice([6]);
    await asUser(s.p1, () => performCheck(skillRequest(s.attacker, s.skill), shift));
    const card = msgs().at(-1);
    expect(card.blind).toBe(true);
    expect(card.whisper).toEqual([GM_ID]);
    const asRoller: HTMLElement = await asUser(s.p1, () => card.renderHTML());
    expect(asRoller.querySelector(".bb-private")).not.toBeNull();
    expect(asRoller.textContent).not.toContain(String(card.rolls[0].total));
    expect(asRoller.querySelector(".bb-outcome")).toBeNull();
    expect(asRoller.querySelector("[data-bb-action]")).toBeNull();
    const asGM: HTMLElement = await card.renderHTML();
    expect(asGM.querySelector(".bb-outcome")).not.toBeNull();
    expect(asGM.textContent).toContain(String(card.rolls[0].total));
  });
});

describe("follow-up cards follow the roll that started them", () => {
  it("a GM's private attack gets a private resolution, and its table roll stays private", async () => {
    const s = await scene();
    await (game as any).settings.set("breadbox", "toaster.criticalTable", true);
    await (game as any).settings.set("breadbox", "toaster.hitLocation", true);
    const { clearToasterRulesCache } = await import("../../../src/rulesets/toaster/settings");
    clearToasterRulesCache();
    await s.attacker.update({ ownership: { default: 0 } });
    await setMode("gmroll");
    (gmUser() as any).targets = new Set([{ actor: s.defender }]);
    dice([6]);
    await attackWithWeapon(s.attacker, s.sword, shift);
    const attackCard = msgs().at(-1);
    expect(attackCard.whisper).toEqual([GM_ID]);
    // The defender's player rolls in public mode: the resolution still goes to the GM only.
    await setMode("publicroll");
    dice([7, 7, 1]);
    await asUser(s.p2, () => defend(attackCard, shift));
    const resolution = msgs().at(-1);
    expect(resolution.flags.breadbox.type).toBe("exchangeResolution");
    expect(resolution.whisper).toEqual([GM_ID]);
    expect(await asUser(s.p3, () => resolution.visible)).toBe(false);
    // The hit-location button on it rolls a table card with the same audience.
    dice([3, { d6: 2 }]);
    const { onHitLocation } = await import("../../../src/rulesets/toaster/chat/tables");
    await onHitLocation(resolution);
    const table = msgs().at(-1);
    expect(table.flags.breadbox.type).toBe("toasterHitLocation");
    expect(table.whisper).toEqual([GM_ID]);
  });
});

describe("the mortality card follows its check card", () => {
  it("a GM-only mortality check posts a GM-only mortality card", async () => {
    const { mortalityRequest } = await import("../../../src/rulesets/toaster/requests");
    const s = await scene();
    await s.defender.update({ "system.wounds.value": 6 });
    await setMode("gmroll");
    dice([3]);
    await asUser(s.p2, () => performCheck(mortalityRequest(s.defender), shift));
    const [check, mortality] = msgs().slice(-2);
    expect(check.flags.breadbox.kind).toBe("mortality");
    expect(mortality.flags.breadbox.type).toBe("toasterMortality");
    expect(check.whisper).toEqual([GM_ID]);
    expect(mortality.whisper).toEqual([GM_ID]);
    expect(await asUser(s.p3, () => mortality.visible)).toBe(false);
  });
});

describe("every die a Foundry roll", () => {
  it("the resolution card carries the defence roll and the damage and protection dice", async () => {
    const s = await scene();
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    dice([6]);
    await asUser(s.p1, () => attackWithWeapon(s.attacker, s.sword, shift));
    dice([7, 7, 1]);
    await asUser(s.p2, () => defend(msgs().at(-1), shift));
    const resolution = msgs().at(-1);
    // The defence roll, then the damage and protection dice as one roll (one step, issue 18.7).
    expect(resolution.rolls).toHaveLength(2);
    expect(resolution.rolls[0]).toBeInstanceOf(ToasterCheckRoll);
    expect(resolution.rolls[1].dice.map((d: any) => [d.constructor.name, d.results[0].result])).toEqual([
      ["D10StarDie", 7],
      ["D10StarDie", 1],
    ]);
  });

  it("the critical table's dice are Foundry rolls classified by the core (one roll for the step's dice)", async () => {
    dice([4, { d6: 3 }]);
    const card = await postCritical(null);
    // The d10* shows 4 (total 4 + the d6's 3): one Foundry roll, so a GM entering dice by hand is asked once.
    expect(card!.rolls.map((r: any) => [r.formula, r.total])).toEqual([["1dk + 1d6", 7]]);
    expect(card!.flags.breadbox).toMatchObject({ d10: 4, d6: 3 });
  });

  it("a fumble check is a roll of its own on the check card", async () => {
    const s = await scene();
    await (game as any).settings.set("breadbox", "toaster.rollingZeros", true);
    const { clearToasterRulesCache } = await import("../../../src/rulesets/toaster/settings");
    clearToasterRulesCache();
    dice([0, 5]);
    await asUser(s.p1, () => performCheck(skillRequest(s.attacker, s.skill), shift));
    const card = msgs().at(-1);
    expect(card.rolls).toHaveLength(2);
    expect(card.rolls[1].total).toBe(5);
    expect(card.rolls[0].checkResult.fumbleCheck.faces).toEqual([5]);
  });
});

describe("issue 9 point 9: check rolls from messages with empty or partial options", () => {
  for (const [name, options] of [
    ["empty", {}],
    ["partial", { title: 7, parts: "x", rank: "high", result: { faces: "none" }, fumbleFaces: [null] }],
    ["parts with holes", { title: "T", rank: 3, parts: [null, { label: "a" }, { label: "b", value: 2 }] }],
  ] as const) {
    it(`${name} options render on every client without throwing`, async () => {
      const s = await scene();
      dice([4]);
      const roll = new ToasterCheckRoll("1dk + 3");
      await roll.evaluate();
      const json = { ...(roll.toJSON() as Record<string, unknown>), options };
      const message: any = await ChatMessage.create({ content: "7", rolls: [JSON.stringify(json)] } as never);
      expect(message.rolls[0]).toBeInstanceOf(ToasterCheckRoll);
      for (const user of [gmUser(), s.p1, s.p3]) {
        const html: HTMLElement = await asUser(user, () => message.renderHTML());
        expect(html.querySelector(".toaster-check")).not.toBeNull();
      }
      expect((Hooks as any).errors ?? []).toHaveLength(0);
    });
  }
});

describe("v14 message modes (core.messageMode, CONFIG.ChatMessage.modes, ChatMessage.applyMode)", () => {
  const ctx = () => ({ foundry: harnessFoundry, CONFIG, game, ui, globals: globalThis });
  const chatExtension = () => extensions.find((e) => e.name === "chat")!;
  let previous: "13" | "14";
  beforeEach(() => {
    previous = harnessGeneration();
    setHarnessGeneration("14");
    chatExtension().install!(ctx() as never);
  });
  afterEach(() => {
    setHarnessGeneration(previous);
    chatExtension().install!(ctx() as never);
  });

  it("reads the v14 setting, offers the v14 modes and applies them without the deprecated call", async () => {
    const s = await scene();
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      await (game as any).settings.set("core", "messageMode", "blind");
      expect(currentMessageMode()).toBe("blind");
      expect(messageModeChoices().map((c) => c.mode)).toEqual(["public", "gm", "blind", "self"]);
      dice([6]);
      await asUser(s.p1, () => performCheck(skillRequest(s.attacker, s.skill), shift));
      const card = msgs().at(-1);
      expect(card.blind).toBe(true);
      expect(card.whisper).toEqual([GM_ID]);
      expect(warnings.filter((w) => String(w).includes("applyRollMode"))).toHaveLength(0);
    } finally {
      console.warn = original;
    }
  });
});
