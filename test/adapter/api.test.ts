/**
 * Issue 22, "An API" and the check and initiative hooks: `game.breadbox.api` (src/core/api/index.ts,
 * docs/hooks.md), `breadbox.rollCheck` fired where every ruleset's check card is posted (core's
 * postCard) and `breadbox.rollInitiative` fired by core's Combat.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, scriptDiceFaces, settle, waitForDialog } from "../harness/index";
import { actorFromPack, bootSystem } from "./toaster/boot";
import { flangeCharacter, skill } from "./flange/helpers";
import * as FlangeRules from "../../src/rulesets/flange/rules";

beforeEach(bootSystem);

const api = () => (game as any).breadbox.api;
const msgs = (): any[] => [...(game as any).messages];

function spy(hook: string): any[] {
  const calls: any[] = [];
  Hooks.on(hook, (payload: unknown) => {
    calls.push(payload);
  });
  return calls;
}

async function tims() {
  return flangeCharacter("Mr Tims", { attributes: { perception: 6, dexterity: 9, strength: 8, athleticism: 8, constitution: 9 } }, [skill("Surgery", "medicine", 2, { attribute: "perception" })]);
}

/** The odds panel's text in the open check dialog. */
async function dialogOdds(): Promise<string> {
  const dialog = await waitForDialog();
  return dialog.element.querySelector("[data-bb-odds]")!.textContent!;
}

const chance = (p: number) => `${(p * 100).toFixed(1)}%`;

describe("game.breadbox.api", () => {
  it("keeps rollMacro beside the api; names the world's ruleset and every ruleset, labels localized", async () => {
    expect(typeof (game as any).breadbox.rollMacro).toBe("function");
    expect(api().ruleset()).toEqual({ id: "toaster", label: game.i18n!.localize("BREADBOX.Ruleset.toaster") });
    expect(api().ruleset().label).not.toMatch(/^BREADBOX\./);
    expect(api().rulesets().map((r: any) => r.id)).toEqual(expect.arrayContaining(["toaster", "toast", "pool", "d100", "flange"]));
    await game.settings!.set("breadbox", "ruleset", "flange");
    expect(api().ruleset().id).toBe("flange");
    expect(api().hooks.preApplyExchange).toBe("breadbox.preApplyExchange");
  });

  it("Flange: odds of a skill and of an attribute check are the rules core's for the dialog's defaults", async () => {
    const a = await tims();
    expect(api().odds(a, { kind: "skill", name: "Surgery" })).toEqual(FlangeRules.checkOdds({ dice: 2, target: 6 }));
    expect(api().odds(a, { kind: "attribute", name: "dexterity" })).toEqual(FlangeRules.checkOdds({ dice: 3, target: 9 }));
    expect(api().odds(a, { kind: "skill", name: "Juggling" })).toBeNull();
    expect(api().odds(a, { kind: "attribute", name: "luck" })).toBeNull();
  });

  it("Toaster: odds of a skill are what its check dialog shows; a skill the actor lacks has none", async () => {
    const a = await actorFromPack("Rhoenda Dumas");
    const odds = api().odds(a, { kind: "skill", name: "Sword" });
    expect(odds.success).toBeGreaterThan(0);
    expect(odds.success).toBeLessThan(1);
    const pending = api().roll(a, { kind: "skill", name: "Sword" });
    const panel = await dialogOdds();
    // Every band the panel shows, in order, with the API's chance of it.
    expect(odds.outcomes.length).toBeGreaterThan(1);
    let at = 0;
    for (const o of odds.outcomes) {
      at = panel.indexOf(chance(o.p), at);
      expect(at).toBeGreaterThanOrEqual(0);
    }
    await answerDialog({ action: "roll" });
    expect(await pending).toBe(true);
    expect(api().odds(a, { kind: "skill", name: "Juggling" })).toBeNull();
    expect(api().odds(a, { kind: "attribute", name: "coordination" })?.success).toBeGreaterThan(0);
  });

  it("a ruleset without odds (or a check it has none for) answers null, not a throw", async () => {
    const tenner: any = await Actor.create({ name: "Tenner", type: "d100" } as never);
    expect(api().odds(tenner, { kind: "attribute", name: "luck" })).toBeNull();
    expect(api().odds(tenner, { kind: "weapon", name: "Rifle" })).toBeNull();
    const pool: any = await Actor.create({ name: "Pooler", type: "pool" } as never);
    expect(api().odds(pool, { kind: "skill", name: "Anything" })).toBeNull();
  });

  it("Toast: odds of an attribute task are what its check dialog shows", async () => {
    const a: any = await Actor.create({ name: "Toasty", type: "toast" } as never);
    const odds = api().odds(a, { kind: "attribute", name: "strength" });
    expect(odds.outcomes.length).toBeGreaterThan(1);
    const pending = api().roll(a, { kind: "attribute", name: "strength" });
    const panel = await dialogOdds();
    let at = 0;
    for (const o of odds.outcomes) {
      at = panel.indexOf(chance(o.p), at);
      expect(at).toBeGreaterThanOrEqual(0);
    }
    await answerDialog({ action: "roll" });
    expect(await pending).toBe(true);
    expect(api().odds(a, { kind: "skill", name: "Juggling" })).toBeNull();
  });

  it("Dice Pool: odds of an attribute check are what its check dialog shows", async () => {
    const a: any = await Actor.create({ name: "Mira", type: "pool" } as never);
    await a.createEmbeddedDocuments("Item", [{ name: "Agility", type: "poolAttribute", system: { score: 1 } }]);
    const odds = api().odds(a, { kind: "attribute", name: "Agility" });
    expect(odds.outcomes.length).toBeGreaterThan(1);
    const pending = api().roll(a, { kind: "attribute", name: "Agility" });
    const panel = await dialogOdds();
    let at = 0;
    for (const o of odds.outcomes) {
      at = panel.indexOf(chance(o.p), at);
      expect(at).toBeGreaterThanOrEqual(0);
    }
    await answerDialog({ action: "roll" });
    expect(await pending).toBe(true);
    expect(api().odds(a, { kind: "attribute", name: "Frailty" })).toBeNull();
  });

  it("roll: Toaster and Flange checks roll through the ruleset's dialog and post their card", async () => {
    const t = await actorFromPack("Rhoenda Dumas");
    const rolled = api().roll(t, { kind: "skill", name: "Sword" });
    await answerDialog({ action: "roll" });
    expect(await rolled).toBe(true);
    expect(msgs().at(-1).flags.breadbox.type).toBe("toasterCheck");
    expect(msgs().at(-1).rolls[0].check.title).toBe("Sword");
    const f = await tims();
    const pending = api().roll(f, { kind: "skill", name: "Surgery" });
    scriptDiceFaces([6, 8]);
    await answerDialog({ action: "roll" });
    expect(await pending).toBe(true);
    expect(msgs().at(-1).flags.breadbox.type).toBe("flangeCheck");
    expect(msgs().at(-1).rolls[0].checkResult).toMatchObject({ successes: 2 });
  });
});

describe("breadbox.rollCheck", () => {
  it("fires once per check card posted, with the ruleset, actor, card and rolls (Toaster, Flange)", async () => {
    const calls = spy("breadbox.rollCheck");
    const t = await actorFromPack("Rhoenda Dumas");
    const rolled = api().roll(t, { kind: "skill", name: "Sword" });
    await answerDialog({ action: "roll" });
    await rolled;
    expect(calls).toHaveLength(1);
    expect(calls[0].ruleset).toBe("toaster");
    expect(calls[0].actor).toBe(t);
    expect(calls[0].message.id).toBe(msgs().at(-1).id);
    expect(calls[0].rolls[0].check.title).toBe("Sword");
    const f = await tims();
    const pending = api().roll(f, { kind: "attribute", name: "dexterity" });
    await answerDialog({ action: "roll" });
    await pending;
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ ruleset: "flange" });
    expect(calls[1].actor).toBe(f);
    expect(calls[1].message.flags.breadbox.type).toBe("flangeCheck");
  });

  it("does not fire for other cards (a note, an exchange card)", async () => {
    const calls = spy("breadbox.rollCheck");
    const { postCard } = await import("../../src/core/chat/post");
    await postCard({ content: "x", flags: { breadbox: { type: "toasterBleeding" } } }, { whisper: [], blind: false });
    expect(calls).toHaveLength(0);
  });

  it("a throwing handler is logged and the card stands", async () => {
    Hooks.on("breadbox.rollCheck", () => {
      throw new Error("boom");
    });
    const t = await actorFromPack("Rhoenda Dumas");
    const before = msgs().length;
    const rolled = api().roll(t, { kind: "skill", name: "Sword" });
    await answerDialog({ action: "roll" });
    expect(await rolled).toBe(true);
    expect(msgs().length).toBe(before + 1);
    expect((Hooks as any).errors.map((e: any) => e.hook)).toContain("breadbox.rollCheck");
  });
});

describe("breadbox.rollInitiative", () => {
  it("fires once per roll with the combatants and their stored initiative (Toaster's formula; Flange's own)", async () => {
    const calls = spy("breadbox.rollInitiative");
    const t = await actorFromPack("Rhoenda Dumas");
    const combat: any = await Combat.create({} as never);
    const [c] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: t.id, name: t.name }]);
    await combat.rollInitiative([c.id]);
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0].ruleset).toBe("toaster");
    expect(calls[0].combat).toBe(combat);
    expect(calls[0].combatants.map((x: any) => x.id)).toEqual([c.id]);
    expect(typeof calls[0].combatants[0].initiative).toBe("number");
    const f = await tims();
    const other: any = await Combat.create({} as never);
    const [fc] = await other.createEmbeddedDocuments("Combatant", [{ actorId: f.id, name: f.name }]);
    await other.rollAll();
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1].ruleset).toBe("flange");
    expect(calls[1].combatants.map((x: any) => x.id)).toEqual([fc.id]);
  });
});

describe("breadbox.rollInitiative, the other paths", () => {
  it("a ruleset's own initiative roll (Toast) and a new round's re-roll (Toaster) fire it too", async () => {
    const calls = spy("breadbox.rollInitiative");
    const toasty: any = await Actor.create({ name: "Toasty", type: "toast" } as never);
    const combat: any = await Combat.create({} as never);
    const [tc] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: toasty.id, name: toasty.name }]);
    // By hand, one combatant: Toast's own roll asks through its dialog first.
    const rolled = combat.rollInitiative([tc.id]);
    await answerDialog({ action: "roll" });
    await rolled;
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0].ruleset).toBe("toast");
    expect(calls[0].combatants.map((x: any) => x.id)).toEqual([tc.id]);
    const t = await actorFromPack("Rhoenda Dumas");
    const other: any = await Combat.create({} as never);
    const [c] = await other.createEmbeddedDocuments("Combatant", [{ actorId: t.id, name: t.name }]);
    await other.startCombat();
    await other.rollAll();
    await settle();
    expect(calls).toHaveLength(2);
    await other.nextRound();
    await settle();
    // Toaster rolls initiative again each round (its default rule): once more, for every combatant.
    expect(calls).toHaveLength(3);
    expect(calls[2].ruleset).toBe("toaster");
    expect(calls[2].combatants.map((x: any) => x.id)).toEqual([c.id]);
  });
});

describe("breadbox.rollCheck for the other three rulesets (the same core place)", () => {
  const cases: [string, () => Promise<any>, { kind: string; name: string }][] = [
    ["toast", () => Actor.create({ name: "Toasty", type: "toast" } as never), { kind: "attribute", name: "strength" }],
    ["d100", () => Actor.create({ name: "Tenner", type: "d100" } as never), { kind: "attribute", name: "agility" }],
    [
      "pool",
      async () => {
        const a: any = await Actor.create({ name: "Mira", type: "pool" } as never);
        await a.createEmbeddedDocuments("Item", [{ name: "Agility", type: "poolAttribute", system: { score: 1 } }]);
        return a;
      },
      { kind: "attribute", name: "Agility" },
    ],
  ];
  for (const [ruleset, make, check] of cases) {
    it(`${ruleset}: a check rolled through the API fires it once, naming ${ruleset} and the actor`, async () => {
      const calls = spy("breadbox.rollCheck");
      const actor = await make();
      const pending = api().roll(actor, check);
      await answerDialog({ action: "roll" });
      expect(await pending).toBe(true);
      expect(calls).toHaveLength(1);
      expect(calls[0].ruleset).toBe(ruleset);
      expect(calls[0].actor).toBe(actor);
      expect(calls[0].message.flags.breadbox.type).toBe(`${ruleset}Check`);
      expect(calls[0].rolls.length).toBeGreaterThan(0);
    });
  }
});
