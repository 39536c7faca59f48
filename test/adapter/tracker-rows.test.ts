/**
 * Issue 18.2 / fidelity b: the harness's combat tracker row is core's row, on the v13 and the v14
 * profile alike (test/harness/README.md, VERIFY 47: public systems and modules that support v14
 * read and copy this row unchanged). What it holds: the token image, the name with core's own
 * controls (a GM's hide and defeated toggles, a player's pan button), the initiative as an input
 * (read-only for players) or an owner's roll button; a GM's typed `+N`/`-N` adjusts, `=N` sets, an
 * empty field clears; core's own controls run their own action, not the row's.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, typeIntoInput } from "../harness/index";
import { CombatTracker, parseInitiativeInput } from "../harness/applications/combat-tracker";
import { bootSystem, makeCharacter } from "./toaster/boot";

beforeEach(bootSystem);

async function encounter() {
  const player = createUser({ name: "Ada's player" });
  const ada = await makeCharacter("Ada");
  await ada.update({ ownership: { [player.id!]: 3 } });
  const bryn = await makeCharacter("Bryn");
  const cato = await makeCharacter("Cato");
  const combat: any = await Combat.create({} as never);
  await combat.createEmbeddedDocuments("Combatant", [ada, bryn, cato].map((a) => ({ actorId: a.id, name: a.name })));
  const by = (name: string) => combat.combatants.find((c: any) => c.name === name);
  await by("Ada").update({ initiative: 12 });
  await by("Bryn").update({ initiative: 9 });
  await by("Cato").update({ hidden: true });
  const tracker = (ui as any).combat;
  await tracker.render({ force: true });
  const rows = (): HTMLElement[] => [...tracker.element.querySelectorAll("li.combatant[data-combatant-id]")];
  const row = (name: string): HTMLElement => rows().find((r) => r.dataset.combatantId === by(name).id)!;
  return { player, combat, by, tracker, rows, row };
}

describe("core's tracker row (both profiles)", () => {
  it("shows image, name, core's controls and the initiative as the GM and as a player see them", async () => {
    const s = await encounter();
    expect(s.rows().map((r) => r.querySelector(".token-name .name")!.textContent)).toEqual(["Ada", "Bryn", "Cato"]);
    const ada = s.row("Ada");
    expect(ada.dataset.action).toBe("activateCombatant");
    expect(ada.querySelector("img.token-image")?.getAttribute("alt")).toBe("Ada");
    // The GM's controls; a hidden combatant's row is marked, and its unrolled initiative is a roll button.
    expect([...ada.querySelectorAll<HTMLElement>(".combatant-controls [data-action]")].map((b) => b.dataset.action)).toEqual(["toggleHidden", "toggleDefeated"]);
    expect(s.row("Cato").classList.contains("hide")).toBe(true);
    expect(s.row("Cato").querySelector('.token-initiative [data-action="rollInitiative"]')).not.toBeNull();
    const input = ada.querySelector<HTMLInputElement>(".token-initiative input.initiative-input")!;
    expect([input.value, input.readOnly]).toEqual(["12", false]);
    // The player: no hidden row, a pan button, read-only numbers.
    await asUser(s.player, () => s.tracker.render());
    expect(s.rows().map((r) => r.querySelector(".name")!.textContent)).toEqual(["Ada", "Bryn"]);
    expect([...s.row("Ada").querySelectorAll<HTMLElement>(".combatant-controls [data-action]")].map((b) => b.dataset.action)).toEqual(["panToCombatant"]);
    expect(s.row("Bryn").querySelector<HTMLInputElement>("input.initiative-input")!.readOnly).toBe(true);
  });

  it("a GM's typed +N / -N adjusts the initiative, =N or a number sets it, an empty field clears it", async () => {
    const s = await encounter();
    const type = async (name: string, text: string) => {
      expect(typeIntoInput(s.row(name).querySelector<HTMLInputElement>("input.initiative-input")!, text)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
      await s.tracker.render();
    };
    await type("Ada", "+2");
    expect(s.by("Ada").initiative).toBe(14);
    await type("Ada", "-5");
    expect(s.by("Ada").initiative).toBe(9);
    await type("Bryn", "=4");
    expect(s.by("Bryn").initiative).toBe(4);
    await type("Bryn", "7");
    expect(s.by("Bryn").initiative).toBe(7);
    await type("Bryn", "");
    expect(s.by("Bryn").initiative).toBeNull();
    expect(parseInitiativeInput("x", 3)).toBeUndefined();
    expect(parseInitiativeInput("+1", null)).toBe(1);
  });

  it("core's own controls run their own action, not the row's", async () => {
    const s = await encounter();
    s.row("Bryn").querySelector<HTMLElement>('[data-action="toggleDefeated"]')!.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(s.by("Bryn").isDefeated).toBe(true);
    expect(s.tracker.activated).toEqual([]);
    s.row("Bryn").querySelector<HTMLElement>(".name")!.click();
    expect(s.tracker.activated).toEqual([s.by("Bryn").id]);
  });

  it("a fractional initiative is core's bare span, as core renders it (VERIFY 47; the harness's default)", async () => {
    CombatTracker.decimalsAsText = false;
    const s = await encounter();
    await s.by("Ada").update({ initiative: 12.5 });
    await s.tracker.render();
    expect(s.row("Ada").querySelector<HTMLInputElement>("input.initiative-input")!.value).toBe("12.50");
    CombatTracker.decimalsAsText = true;
    await s.tracker.render();
    const cell = s.row("Ada").querySelector(".token-initiative")!;
    expect(cell.querySelector("input")).toBeNull();
    expect(cell.innerHTML).toBe("<span>12.50</span>");
    expect(s.row("Bryn").querySelector(".token-initiative")!.innerHTML).toBe("<span>9.00</span>");
  });
});
