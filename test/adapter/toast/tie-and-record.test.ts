/**
 * Issue 19.7: a tied defended attack is the GM's to rule, through the engine's GM-only apply
 * options (checked on the GM), and the defence is rolled against the attacker's modifier as the GM
 * recorded it when her attack card appeared, not as her sheet reads when the defence comes.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, scriptDiceFaces } from "../../harness/index";
import { clickCard, defend, lastMessage, notes, outcomeOf, skill, toastCharacter, weapon } from "./combat-boot";
import { bootWorld } from "../toaster/boot";
import { ATTACK_MODIFIER_MARK, toastAttack } from "../../../src/rulesets/toast/combat/attack";
import { applyOrRelay } from "../../../src/core/relay";
import { ledgerSettled } from "../../../src/core/chat/ledger";
import { markValue } from "../../../src/core/chat/ledger-marks";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

const shift = new MouseEvent("click", { shiftKey: true });

/**
 * Attacker: AGI 17 (+3), Broadsword 5 → +8, 5 damage dice. Defender: AGI 12 (+1), Acrobatics 6 → +7
 * (the GM's choice of skill), TOL 10 (no threshold).
 */
async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Defender's player" });
  const attacker = await toastCharacter("Ysolde", { agility: 17 }, [skill("Broadsword", "broadsword", ["agility"], 5), weapon("Broadsword", "Broadsword")]);
  await attacker.update({ ownership: { [p1.id!]: 3 } });
  const defender = await toastCharacter("Guard", { agility: 12 }, [skill("Acrobatics", "acrobatics", ["agility"], 6, "athletic")]);
  await defender.update({ ownership: { [p2.id!]: 3 } });
  return { p1, p2, attacker, defender, sword: attacker.items.find((i: any) => i.type === "toastWeapon") };
}

async function attack(s: Awaited<ReturnType<typeof scene>>, faces: number[], actor = s.attacker, item = s.sword): Promise<any> {
  (s.p1 as any).targets = new Set([{ actor: s.defender }]);
  scriptDiceFaces(faces);
  const card = await asUser(s.p1, () => toastAttack(actor, item, shift));
  await ledgerSettled();
  return card;
}

/** A tie: 9 + 8 = 17 against the GM's Acrobatics 10 + 7 = 17; its 5 damage dice all 1s (5). */
async function tie(s: Awaited<ReturnType<typeof scene>>): Promise<any> {
  const card = await attack(s, [9]);
  scriptDiceFaces([10, 1, 1, 1, 1, 1]);
  const { resolution } = await defend(null, card, s.defender, "acrobatics");
  expect(outcomeOf(resolution)).toEqual({ outcome: "tie", damage: 5 });
  return resolution;
}

/** The apply buttons a user sees on a card: "" for the plain Apply, else the option's id. */
async function applyButtons(user: User | null, message: any): Promise<string[]> {
  const html: HTMLElement = await (user ? asUser(user, () => message.renderHTML()) : message.renderHTML());
  return [...html.querySelectorAll<HTMLElement>('[data-bb-action="core.apply"]')].map((b) => b.dataset.option ?? "");
}

/** Click the GM's ruling on a tie card. */
async function rule(message: any, option: string): Promise<void> {
  const html: HTMLElement = await message.renderHTML();
  const button = html.querySelector<HTMLButtonElement>(`[data-bb-action="core.apply"][data-option="${option}"]`);
  if (!button) throw new Error(`no ${option} button`);
  button.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  for (let i = 0; i < 1000 && button.disabled; i++) await new Promise((r) => setTimeout(r, 0));
}

describe("issue 19.7: a tie is the GM's to rule", () => {
  it("the tie card offers only the GM's rulings; players cannot apply it; the GM's 'hit' applies the damage once", async () => {
    const s = await scene();
    const resolution = await tie(s);
    expect(await applyButtons(null, resolution)).toEqual(["tieHit", "tieMiss"]);
    expect(await applyButtons(s.p1, resolution)).toEqual([]);
    expect(await applyButtons(s.p2, resolution)).toEqual([]);
    expect((await resolution.renderHTML()).textContent).toContain("A tie: the GM rules.");
    // Forged by a player: the plain Apply is refused by the GM's client, a ruling is a GM's only.
    expect(await asUser(s.p1, () => applyOrRelay("core.apply", s.defender, { messageId: resolution.id }))).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Tie.GMDecides" });
    expect(await asUser(s.p2, () => applyOrRelay("core.apply", s.defender, { messageId: resolution.id, option: "tieMiss" }))).toMatchObject({ ok: false, error: "BREADBOX.Exchange.OptionGMOnly" });
    expect(await applyOrRelay("core.apply", s.defender, { messageId: resolution.id })).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Tie.GMDecides" });
    expect(s.defender.system.wounds.value).toBe(0);
    // The GM rules a hit: 5 wound levels (effective 5: no check).
    await rule(resolution, "tieHit");
    expect(s.defender.system.wounds.value).toBe(5);
    const wound = lastMessage();
    expect(wound.flags.breadbox.type).toBe("toastWound");
    expect((await wound.renderHTML()).textContent).toContain("The GM ruled the tie a hit.");
    expect(await applyOrRelay("core.apply", s.defender, { messageId: resolution.id, option: "tieMiss" })).toMatchObject({ ok: false, error: "BREADBOX.Exchange.AlreadyApplied" });
    expect(s.defender.system.wounds.value).toBe(5);
  });

  it("the GM's 'miss' closes the tie: nothing is written, a card says so, it cannot be applied after", async () => {
    const s = await scene();
    const resolution = await tie(s);
    const before = (game as any).messages.size;
    await rule(resolution, "tieMiss");
    expect(s.defender.system.wounds.value).toBe(0);
    expect((game as any).messages.size).toBe(before + 1);
    expect(lastMessage().content).toContain("The GM ruled the tie a miss: Guard takes no wound.");
    expect(notes().at(-1)).toContain("ruled the tie a miss");
    expect(await applyOrRelay("core.apply", s.defender, { messageId: resolution.id, option: "tieHit" })).toMatchObject({ ok: false, error: "BREADBOX.Exchange.AlreadyApplied" });
    expect(s.defender.system.wounds.value).toBe(0);
  });

  it("a hit's card keeps the plain Apply only; a ruling sent for it is refused", async () => {
    const s = await scene();
    const card = await attack(s, [9]);
    // Acrobatics 3 + 7 = 10 < 17: a hit; 5 × 1 = 5.
    scriptDiceFaces([3, 1, 1, 1, 1, 1]);
    const { resolution } = await defend(null, card, s.defender, "acrobatics");
    expect(outcomeOf(resolution)).toEqual({ outcome: "hit", damage: 5 });
    expect(await applyButtons(null, resolution)).toEqual([""]);
    expect(await applyButtons(s.p2, resolution)).toEqual([""]);
    expect(await applyOrRelay("core.apply", s.defender, { messageId: resolution.id, option: "tieHit" })).toMatchObject({ ok: false, error: "BREADBOX.Exchange.OptionNotAllowed" });
    expect(s.defender.system.wounds.value).toBe(0);
    await clickCard(s.p2, resolution, "core.apply");
    expect(s.defender.system.wounds.value).toBe(5);
  });
});

describe("issue 19.7: the defence is rolled against the attacker's modifier on the attack record", () => {
  it("a wound she takes after attacking does not lower her attack", async () => {
    const s = await scene();
    const card = await attack(s, [9]); // 9 + 8 = 17
    // Wounded before the defence: effective 5 (Light, −2) — her sheet now reads +6.
    await s.attacker.update({ system: { wounds: { value: 5 } } });
    scriptDiceFaces([10, 1, 1, 1, 1, 1]);
    const { resolution } = await defend(null, card, s.defender, "acrobatics");
    // Against the record: 17 = 17, a tie (her sheet now would make it 15: a miss).
    expect(outcomeOf(resolution)).toEqual({ outcome: "tie", damage: 5 });
    expect((await resolution.renderHTML()).textContent).toContain("9 +8 = 17");
    // The GM's record of the card holds her modifier as it was posted.
    expect(markValue(card.id, ATTACK_MODIFIER_MARK)).toBe(8);
  });

  it("the skill an untrained attack teaches her does not raise that attack", async () => {
    const s = await scene();
    const mace = (await s.attacker.createEmbeddedDocuments("Item", [weapon("Mace", "mace")]))[0];
    // Untrained Mace: AGI 17 / STR 10 → mean 13 → +1, level 0: 6 + 1 = 7. She learns Mace 1 at once.
    const card = await attack(s, [6], s.attacker, mace);
    expect(s.attacker.items.find((i: any) => i.system.key === "mace")?.system.level).toBe(1);
    // The GM defends: Acrobatics 10 + 7 − 10 (situational) = 7, a tie on the record (8 after learning: a hit).
    scriptDiceFaces([10, 1, 1, 1, 1, 1]);
    const { resolution } = await defend(null, card, s.defender, "acrobatics", -10);
    expect(outcomeOf(resolution).outcome).toBe("tie");
    expect((await resolution.renderHTML()).textContent).toContain("6 +1 = 7");
    expect(markValue(card.id, ATTACK_MODIFIER_MARK)).toBe(1);
  });
});
