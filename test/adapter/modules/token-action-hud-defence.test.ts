/**
 * Token Action HUD's combat group offers an actor's defences (src/core/combat-actions.ts): each
 * response its owner may give to an open declaration that targets it, run as the card's button
 * (the ruleset's dialog, then the GM through the relay). Shown with a Toaster attack; every
 * ruleset's exchanges go through the same engine. A click names an action by id and runs only an
 * action offered now.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, settle } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { attackDice, duelScene } from "../toaster/duel";
import { activateModule } from "../../harness/modules/item-piles";
import { installTokenActionHud, type TokenActionHudMock } from "../../harness/modules/token-action-hud";
import { attackWithWeapon } from "../../../src/rulesets/toaster/chat/attack";
import { action } from "./token-action-hud.spec";

const shift = new MouseEvent("click", { shiftKey: true });
let hud: TokenActionHudMock | null = null;

describe("Token Action HUD: defences against open declarations", () => {
  activateModule("token-action-hud-core", "2.1.1");
  beforeEach(bootWorld("toaster"), 30_000);

  async function attacked() {
    hud ??= await installTokenActionHud("2.1.1");
    const s = await duelScene({ target: true });
    const left = attackDice([{ foundry: 6 }, { foundry: 7 }, { core: 7 }, { core: 1 }]);
    await asUser(s.p1, () => attackWithWeapon(s.attacker, s.sword, shift));
    return { ...s, h: hud, left, declaration: game.messages!.contents.at(-1) as any };
  }

  it("the defender's owner sees Defend against the attacker; a click resolves the attack as the card's button does", async () => {
    const s = await attacked();
    const defend = `${game.i18n!.localize("BREADBOX.Toaster.Defence.Button")} (Rhoenda)`;
    // The attacker's player does not own the Guard: nothing to answer for him.
    const forAttacker = await asUser(s.p1, () => s.h.build([s.defender]));
    expect((forAttacker.get("combat") ?? []).map((a: any) => a.name)).not.toContain(defend);
    const groups = await asUser(s.p2, () => s.h.build([s.defender]));
    const act = action(groups, "combat", defend);
    expect(act.system).toEqual({ kind: "combat", id: `respond|${s.declaration.id}|defend` });
    await asUser(s.p2, async () => {
      await s.h.click([s.defender], act);
      await answerDialog({ action: "roll" });
      await settle();
    });
    await settle();
    const resolution: any = game.messages!.contents.at(-1);
    expect(resolution.flags.breadbox).toMatchObject({ type: "exchangeResolution", exchange: "toaster.attack" });
    // Resolved: no longer offered.
    const after = await asUser(s.p2, () => s.h.build([s.defender]));
    expect((after.get("combat") ?? []).map((a: any) => a.name)).not.toContain(defend);
  });

  it("a click naming an action not offered now (forged, or stale) does nothing and says so", async () => {
    const s = await attacked();
    const before = game.messages!.contents.length;
    // The attacker's player forges the defender's response through the HUD.
    await asUser(s.p1, async () => {
      await s.h.click([s.defender], { id: "x", name: "x", system: { kind: "combat", id: `respond|${s.declaration.id}|defend` } });
      await settle();
    });
    expect(game.messages!.contents.length).toBe(before);
    expect(s.declaration.flags.breadbox.resolved).toBeUndefined();
    expect(notifications().at(-1)?.message).toBe(game.i18n!.localize("BREADBOX.CombatActions.Gone"));
  });
});
