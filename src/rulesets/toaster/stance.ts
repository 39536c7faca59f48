/**
 * (Stance) across rolls: an offensive bonus on an attack costs the same on the character's next
 * defence (an all-out +3 gives up the next two defences); a defensive bonus costs the same on
 * the next attack. What is owed is kept in the actor's flags until the roll it applies to.
 */
import * as R from "./rules";
import { SYSTEM_ID } from "../../core/ids";
import { format, localize } from "../../core/game";
import type { ModifierPart } from "./dice/check-roll";

export interface StanceDebt {
  /** Penalty owed on the next defence roll (≤ 0). */
  defence: number;
  /** Penalty owed on the next attack roll (≤ 0). */
  attack: number;
  /** Defences given up (an all-out attack forgoes the next two). */
  forgoneDefences: number;
}

const NONE: StanceDebt = { defence: 0, attack: 0, forgoneDefences: 0 };

export function stanceDebt(actor: Actor.Implementation): StanceDebt {
  // Typed by FlagConfig, but stored data may come from anywhere: every number is checked below.
  const raw: Partial<StanceDebt> | undefined = actor.flags[SYSTEM_ID]?.stance;
  const int = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : 0);
  return { defence: Math.min(0, int(raw?.defence)), attack: Math.min(0, int(raw?.attack)), forgoneDefences: Math.max(0, int(raw?.forgoneDefences)) };
}

async function setDebt(actor: Actor.Implementation, debt: StanceDebt): Promise<void> {
  await actor.update({ flags: { [SYSTEM_ID]: { stance: debt } } });
}

/** The part a roll owes to an earlier stance, if any. */
export function owedPart(debt: StanceDebt, roll: "attack" | "defence"): ModifierPart[] {
  const v = roll === "attack" ? debt.attack : debt.defence;
  return v < 0 ? [{ label: localize("BREADBOX.Toaster.Stance.Owed"), value: v }] : [];
}

/** After an attack: the owed attack penalty is paid; an offensive bonus is owed by the next defence. */
export async function afterAttack(actor: Actor.Implementation, bonus: number): Promise<void> {
  const debt = stanceDebt(actor);
  const s = R.stance("attack", bonus);
  const next: StanceDebt = { ...debt, attack: 0 };
  if (s.forgoes === "defence") next.forgoneDefences = 2;
  else if (s.defence < 0) next.defence = s.defence;
  await setDebt(actor, next);
}

/** After a defence: the owed defence penalty is paid; a defensive bonus is owed by the next attack. */
export async function afterDefence(actor: Actor.Implementation, bonus: number): Promise<void> {
  const debt = stanceDebt(actor);
  const s = R.stance("defence", bonus);
  await setDebt(actor, { ...debt, defence: 0, attack: s.attack < 0 ? s.attack : debt.attack });
}

/** A defence given up to an all-out attack: one fewer is owed. */
export async function spendForgoneDefence(actor: Actor.Implementation): Promise<void> {
  const debt = stanceDebt(actor);
  await setDebt(actor, { ...debt, forgoneDefences: Math.max(0, debt.forgoneDefences - 1) });
}

/** Dialog choices of a stance select: +0..+2, and +3 where forgoing the other kind is allowed. */
export function stanceSelect(kind: "attack" | "defence"): { name: string; label: string; options: { value: string; label: string; modifier: number }[] } {
  const max = kind === "attack" ? 3 : 2;
  const key = kind === "attack" ? "Offensive" : "Defensive";
  return {
    name: "stance",
    label: localize("BREADBOX.Toaster.Stance.Label"),
    options: Array.from({ length: max + 1 }, (_, b) => ({
      value: String(b),
      label: b === 0 ? localize("BREADBOX.Toaster.Stance.None") : format(b === 3 ? "BREADBOX.Toaster.Stance.AllOut" : `BREADBOX.Toaster.Stance.${key}`, { bonus: b }),
      modifier: b,
    })),
  };
}
