/**
 * Token Action HUD (issue 22): each ruleset's world answers Token Action HUD Core's API with a
 * system manager whose actions are the actor's checks (rolled through the hotbar's path) and the
 * tracker's actions (mock: test/harness/modules/token-action-hud.ts, Token Action HUD Core 2.1.1).
 * One file per ruleset world (token-action-hud-<id>.test.ts).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bootWorld } from "../toaster/boot";
import { activateModule } from "../../harness/modules/item-piles";
import { installTokenActionHud, type TokenActionHudMock } from "../../harness/modules/token-action-hud";
import { answerDialog, openDialogs, settle } from "../../harness/index";

export interface HudFixture {
  ruleset: "toaster" | "toast" | "pool" | "d100" | "flange";
  /** Items a test actor has. */
  items: Record<string, unknown>[];
  /** An attribute check every actor of the ruleset can roll, and the lang key of its name. */
  attribute: { name: string; labelKey?: string; label?: string };
  /** A skill item's name (the skills group), and a weapon's (the attacks group), where the ruleset rolls them. */
  skill?: string;
  weapon?: string;
  /** The skills group's name. */
  skillsGroup: string;
  /**
   * The ruleset's own combat actions (src/core/combat-actions.ts): a test that builds the HUD for
   * an actor in the situation the ruleset offers them in, clicks one and checks what it did.
   */
  combatActions?: { title: string; run: (hud: HudHelpers) => Promise<void> };
}

/** What a ruleset's combat-action test gets from the spec. */
export interface HudHelpers {
  h: TokenActionHudMock;
  makeActor: (name?: string) => Promise<any>;
  action: typeof action;
}

let hud: TokenActionHudMock | null = null;
/** Token Action HUD Core answers once (its API is ready once per world): the first call installs it. */
export async function registered(): Promise<TokenActionHudMock> {
  hud ??= await installTokenActionHud("2.1.1");
  return hud;
}

async function makeActor(f: HudFixture, name = "Hudson"): Promise<any> {
  const actor: any = await Actor.create({ name, type: f.ruleset } as never);
  if (f.items.length) await actor.createEmbeddedDocuments("Item", f.items);
  return actor;
}

export function action(groups: Map<string, any[]>, group: string, name: string): any {
  const found = (groups.get(group) ?? []).find((a) => a.name === name);
  if (!found) throw new Error(`no action ${name} in ${group}: ${(groups.get(group) ?? []).map((a) => a.name).join(", ")}`);
  return found;
}

const msgs = (): any[] => [...(game.messages as any)];

export function describeTokenActionHud(f: HudFixture): void {
  describe(`Token Action HUD in a ${f.ruleset} world`, () => {
    activateModule("token-action-hud-core", "2.1.1");
    beforeEach(bootWorld(f.ruleset), 30_000);

    // The first test of a file pays for the first dialog's and template's loading.
    it("answers Token Action HUD Core 2.1 with its layout: Checks (attributes, skills), Combat (attacks, tracker)", async () => {
      const h = await registered();
      expect(h.systemManager).not.toBeNull();
      expect(h.compatible("2.1")).toBe(true);
      expect(h.groupIds()).toEqual(["attributes", "skills", "attacks", "combat"]);
      const defaults: any = h.systemManager!.defaults;
      expect(defaults.layout.map((l: any) => l.name)).toEqual(["Checks", "Combat"]);
      expect(defaults.groups.map((g: any) => g.name)).toEqual(["Attributes", f.skillsGroup, "Attacks", "Combat"]);
    }, 30_000);

    it("lists the actor's checks by group, in the user's language", async () => {
      const h = await registered();
      const actor = await makeActor(f);
      const groups = await h.build([actor]);
      const label = f.attribute.label ?? game.i18n!.localize(f.attribute.labelKey!);
      expect(label).not.toMatch(/^BREADBOX\./);
      expect(action(groups, "attributes", label).system).toMatchObject({ kind: "check", check: { kind: "attribute", name: f.attribute.name } });
      if (f.skill) expect(action(groups, "skills", f.skill).system.itemId).toBe(actor.items.getName(f.skill).id);
      if (f.weapon) expect(action(groups, "attacks", f.weapon).system.check).toMatchObject({ kind: "weapon", name: f.weapon });
      else expect(groups.get("attacks") ?? []).toEqual([]);
      // Not in a fight: no tracker actions.
      expect((groups.get("combat") ?? []).map((a) => a.name)).not.toContain("Roll initiative");
      expect((groups.get("combat") ?? []).map((a) => a.name)).not.toContain("End turn");
    });

    it("a click rolls the check through the ruleset's own dialog and posts its check card", async () => {
      const h = await registered();
      const actor = await makeActor(f);
      const groups = await h.build([actor]);
      const label = f.attribute.label ?? game.i18n!.localize(f.attribute.labelKey!);
      const before = msgs().length;
      await h.click([actor], action(groups, "attributes", label));
      await answerDialog({ action: "roll" });
      await settle();
      expect(msgs().length).toBe(before + 1);
      expect(msgs().at(-1).flags.breadbox.type).toBe(`${f.ruleset}Check`);
    });

    it("several tokens: the checks they share, rolled for each", async () => {
      const h = await registered();
      const a = await makeActor(f, "Ann");
      const b: any = await Actor.create({ name: "Bob", type: f.ruleset } as never);
      await b.createEmbeddedDocuments("Item", f.items.filter((i) => i.type !== `${f.ruleset}Skill` && i.type !== `${f.ruleset}Ability` && i.type !== `${f.ruleset}Weapon`));
      const groups = await h.build([a, b]);
      const label = f.attribute.label ?? game.i18n!.localize(f.attribute.labelKey!);
      const attr = action(groups, "attributes", label);
      expect(attr.system.itemId).toBeUndefined();
      if (f.skill) expect((groups.get("skills") ?? []).map((x) => x.name)).not.toContain(f.skill);
      const before = msgs().length;
      await h.click([a, b], attr);
      await answerDialog({ action: "roll" });
      await answerDialog({ action: "roll" });
      await settle();
      expect(msgs().slice(before).map((m) => m.speaker?.actor ?? m.flags?.breadbox?.actorUuid)).toHaveLength(2);
    });

    if (f.skill) {
      it("right-click on an item's check opens the item's sheet, rolling nothing", async () => {
        const h = await registered();
        const actor = await makeActor(f);
        const groups = await h.build([actor]);
        const item = actor.items.getName(f.skill!);
        const render = vi.spyOn(item.sheet, "render");
        await h.click([actor], action(groups, "skills", f.skill!), { rightClick: true });
        await settle();
        expect(render).toHaveBeenCalled();
        expect(openDialogs()).toEqual([]);
      });
    }

    if (f.combatActions) {
      const { title, run } = f.combatActions;
      it(`the ruleset's own combat actions: ${title}`, async () => {
        await run({ h: await registered(), makeActor: (name) => makeActor(f, name), action });
      });
    }

    it("in a fight: Roll initiative for the actor's combatant, End turn on its turn (the tracker's own calls)", async () => {
      const h = await registered();
      const actor = await makeActor(f);
      const combat: any = await Combat.create({ active: true } as never);
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: actor.id, name: actor.name }]);
      let groups = await h.build([actor]);
      const roll = action(groups, "combat", "Roll initiative");
      const rollInitiative = vi.spyOn(combat, "rollInitiative").mockResolvedValue(combat);
      await h.click([actor], roll);
      await settle();
      expect(rollInitiative).toHaveBeenCalledWith([combat.combatants.contents[0].id]);
      await combat.combatants.contents[0].update({ initiative: 5 });
      await combat.update({ round: 1, turn: 0 });
      groups = await h.build([actor]);
      expect((groups.get("combat") ?? []).map((a) => a.name)).toContain("End turn");
      expect((groups.get("combat") ?? []).map((a) => a.name)).not.toContain("Roll initiative");
      const nextTurn = vi.spyOn(combat, "nextTurn").mockResolvedValue(combat);
      await h.click([actor], action(groups, "combat", "End turn"));
      await settle();
      expect(nextTurn).toHaveBeenCalled();
    });
  });
}
