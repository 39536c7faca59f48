/**
 * Combat and Combatant classes shared by every ruleset. Turn order, the initiative formula and
 * whether initiative is rolled again each round come from the ruleset's CombatRules.
 */
import { getRuleset, rulesetOfType, type CombatRules } from "../registry";
import { currentUser, format, notify } from "../game";
import { applyOrRelay, CORE_RELAY_ID, type RelayContext, type RelayResult } from "../relay";
import { compareText } from "../../dice/collate";
import { applyMessageMode, currentMessageMode } from "../compat";
import { callRollInitiative } from "../api/hooks";

function rulesFor(actor: Actor.Implementation | null | undefined): CombatRules | undefined {
  if (!actor) return undefined;
  const id = rulesetOfType(actor.type);
  return id ? getRuleset(id)?.combat : undefined;
}

export class BreadboxCombatant extends Combatant {
  /**
   * The initiative as this combatant's ruleset reads it ("Auto 9", a D10/0 quota), or null when
   * it has none or reads as the plain number (public data for trackers: docs/hooks.md).
   */
  get initiativeLabel(): string | null {
    const rank = this.initiative;
    if (typeof rank !== "number" || !Number.isFinite(rank)) return null;
    return rulesFor(this.actor)?.initiativeLabel?.(this) ?? null;
  }

  protected override _getInitiativeFormula(): string {
    const rules = rulesFor(this.actor);
    if (rules?.combatantInitiativeFormula) return rules.combatantInitiativeFormula(this, { round: Math.max(1, this.combat?.round ?? 1), previous: null });
    return rules ? rules.initiativeFormula(this.actor) : super._getInitiativeFormula();
  }
}

export class BreadboxCombat extends Combat {
  /** The rules of the first combatant with an actor; a combat mixes rulesets only by accident. */
  get rules(): CombatRules | undefined {
    for (const c of this.combatants) {
      const r = rulesFor(c.actor);
      if (r) return r;
    }
    return undefined;
  }

  /** How the current round reads in a tracker ("Phase 7"), or null for Foundry's "Round 7" (public data: docs/hooks.md). */
  get roundLabel(): string | null {
    return this.started ? (this.rules?.roundLabel?.(this) ?? null) : null;
  }

  /**
   * Foundry's setupTurns passes this method to Array#sort unbound, so it must not use `this`:
   * the rules come from the two combatants' own actors.
   */
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    const rules = rulesFor(a.actor) ?? rulesFor(b.actor);
    const ia = a.initiative;
    const ib = b.initiative;
    const hasA = typeof ia === "number" && Number.isFinite(ia);
    const hasB = typeof ib === "number" && Number.isFinite(ib);
    if (hasA !== hasB) return hasA ? -1 : 1; // rolled combatants before unrolled ones
    if (hasA && hasB && ia !== ib) return rules?.lowestFirst ? ia - ib : ib - ia;
    if (rules?.breakTie) {
      const t = rules.breakTie(a, b);
      if (t !== 0) return t;
    }
    return compareText(a.name ?? "", b.name ?? "") || compareText(a.id ?? "", b.id ?? "");
  }

  /**
   * Advance to the next round. Where the ruleset rolls initiative again every round, the new
   * initiatives are rolled and stored *before* the round changes, without dispatching turn events
   * (`turnEvents: false`), so the round change is the one update that moves the turn: it ends the
   * last combatant's turn, starts the round and starts the turn of whoever now acts first. Turn
   * events in v13 run on the active GM and are not awaited (foundryvtt#10387, #11997), and
   * `rollAll`/`resetAll` move the turn themselves (#12312), which is why neither is used here.
   * Rolling for every combatant needs a GM: a player who ends the round asks the active GM to
   * advance it (query `breadbox.nextRound`). A ruleset whose clock is not rounds (`advance`)
   * handles next turn and next round itself.
   */
  override async nextTurn(): Promise<this> {
    if (this.started && (await this.rules?.advance?.(this))) return this;
    return super.nextTurn();
  }

  /**
   * Back one turn or round: a ruleset on its own clock (`advance`: the Dice Pool's phases) cannot
   * be stepped back by core's turn arithmetic — the round is the clock's phase and each
   * combatant's initiative the phase its action completes, already moved on when its turn ended.
   * The tracker's back buttons are refused with a note; the GM corrects a combatant's phase.
   */
  override async previousTurn(): Promise<this> {
    if (this.#onOwnClock()) return this;
    return super.previousTurn();
  }

  override async previousRound(): Promise<this> {
    if (this.#onOwnClock()) return this;
    return super.previousRound();
  }

  /** The turn a GM's re-rolling Next Round is ending (this client only: turn events run here). */
  #endingTurn: { round: number; combatantId: string } | null = null;

  #onOwnClock(): boolean {
    if (!this.started || !this.rules?.advance) return false;
    notify("warn", "BREADBOX.Combat.ClockNoBack");
    return true;
  }

  override async nextRound(): Promise<this> {
    if (this.started && (await this.rules?.advance?.(this))) return this;
    if (this.started && this.rules?.rerollEachRound()) {
      if (!currentUser().isGM) {
        await requestNextRound(this);
        return this;
      }
      // The re-roll re-sorts the turns before the round changes: remember whose turn is ending.
      this.#endingTurn = this.combatant?.id ? { round: this.round, combatantId: this.combatant.id } : null;
      await this.rollRoundInitiative();
    }
    return super.nextRound();
  }

  /**
   * Roll initiative (the tracker's buttons, rollAll, rollNPC). A ruleset with its own initiative
   * roll (CombatRules.rollInitiative) takes over; otherwise Foundry rolls the formula.
   */
  override async rollInitiative(ids: string | string[], options: Combat.InitiativeOptions = {}): Promise<this> {
    const list = typeof ids === "string" ? [ids] : [...ids];
    const own = this.rules?.rollInitiative;
    if (own) await own(this, list, { updateTurn: options.updateTurn ?? true });
    else await super.rollInitiative(ids, options);
    this.#initiativeRolled(list);
    return this;
  }

  /** `breadbox.rollInitiative` (docs/hooks.md) for these combatants, once their initiative is stored. */
  #initiativeRolled(ids: readonly string[]): void {
    const combatants = ids.flatMap((id) => this.combatants.get(id) ?? []);
    if (!combatants.length) return;
    const actor = combatants.find((c) => c.actor)?.actor;
    callRollInitiative({ ruleset: (actor && rulesetOfType(actor.type)) ?? "", combat: this, combatants });
  }

  /** Roll every combatant's initiative and store it without moving the turn or firing turn events. */
  async rollRoundInitiative(): Promise<void> {
    const updates: { _id: string; initiative: number }[] = [];
    const messages: ChatMessage.CreateData[] = [];
    // As core's own initiative rolls: the roller's (here the GM's) chat mode, hidden ones GM-only.
    const mode = currentMessageMode();
    for (const combatant of this.combatants) {
      const id = combatant.id;
      if (!id) continue;
      // A ruleset whose initiative builds on the last round's (Flange) gets that total and the new round.
      const rules = rulesFor(combatant.actor);
      const previous = typeof combatant.initiative === "number" && Number.isFinite(combatant.initiative) ? combatant.initiative : null;
      const roll = combatant.getInitiativeRoll(rules?.combatantInitiativeFormula?.(combatant, { round: this.round + 1, previous }));
      await roll.evaluate();
      const total = roll.total;
      if (typeof total !== "number") continue;
      updates.push({ _id: id, initiative: total });
      messages.push(
        applyMessageMode(
          {
            speaker: ChatMessage.getSpeaker({ actor: combatant.actor, alias: combatant.name ?? undefined }),
            flavor: format("COMBAT.RollsInitiative", { name: combatant.name ?? "" }),
            rolls: [roll],
            flags: { core: { initiativeRoll: true } },
          },
          combatant.hidden ? "gm" : mode,
        ),
      );
    }
    if (!updates.length) return;
    await this.updateEmbeddedDocuments("Combatant", updates, { turnEvents: false });
    await ChatMessage.createDocuments(messages);
    this.#initiativeRolled(updates.map((u) => u._id));
  }

  /**
   * A new round has begun (v13 turn event: runs once, on the active GM's client, and is not
   * awaited by the round change). The ruleset's round-start work runs here (e.g. bleeding);
   * initiative was already rolled by nextRound.
   */
  protected override async _onStartRound(...args: Parameters<Combat["_onStartRound"]>): Promise<void> {
    if (this.#skippedPhase(args[0])) return;
    await super._onStartRound(...args);
    // The round this event is for: the combat may have moved on by the time the event runs.
    if (args[0].round <= 1) return;
    // v14 dispatches rounds a jump passed over as skipped (foundryvtt#13983): nobody fought them.
    if (args[0].skipped) return;
    await this.rules?.onRoundStart?.(this);
  }

  /**
   * A combatant receives the turn (v13 turn event: once, on the active GM's client). The rules of
   * that combatant's own ruleset run their turn-start work (e.g. D10/0 refills action points).
   */
  protected override async _onStartTurn(...args: Parameters<Combat["_onStartTurn"]>): Promise<void> {
    if (this.#skippedPhase(args[1])) return;
    await super._onStartTurn(...args);
    const [combatant, context] = args;
    // v14 dispatches the turns a GM's Next Round (or a jump) passed over as skipped
    // (foundryvtt#13983): the combatant never acted, so no turn-start work (D10/0 refills AP).
    if (context?.skipped) return;
    await rulesFor(combatant.actor)?.onTurnStart?.(this, combatant);
  }

  /** A combatant's turn ends (v13 turn event, as above); a skipped turn (v14) ends nothing. */
  protected override async _onEndTurn(...args: Parameters<Combat["_onEndTurn"]>): Promise<void> {
    if (this.#skippedPhase(args[1])) return;
    const [named, context] = args;
    // After a re-roll re-sorted the turns, core names whoever now sits at the old turn index
    // (issue 18.8): the turn that ends is the one that was current when the round was ended.
    const ending = this.#endingTurn && !context?.skipped && context?.round === this.#endingTurn.round ? this.#endingTurn : null;
    if (ending) this.#endingTurn = null;
    const combatant = (ending ? this.combatants.get(ending.combatantId) : undefined) ?? named;
    await super._onEndTurn(combatant, context);
    if (context?.skipped) return;
    await rulesFor(combatant.actor)?.onTurnEnd?.(this, combatant);
  }

  /** A round ends (v13 turn event); a Dice Pool phase the clock jumped over ends nothing (below). */
  protected override async _onEndRound(...args: Parameters<Combat["_onEndRound"]>): Promise<void> {
    if (this.#skippedPhase(args[0])) return;
    await super._onEndRound(...args);
  }

  /**
   * A ruleset whose clock is not rounds (`advance`: the Dice Pool's round is the phase, about a
   * second) jumps over phases in which nobody acts. v14 dispatches every jumped-over round and turn
   * as skipped (foundryvtt#13983): a jump from phase 3 to 15 would fire a burst of a dozen rounds'
   * events, each with every combatant's turn. Those events are dropped whole for such a combat; the
   * turn that really ends, the round change and the turn that really starts still fire.
   */
  #skippedPhase(context: { skipped?: boolean } | undefined): boolean {
    return Boolean(context?.skipped && this.started && this.rules?.advance);
  }
}

/**
 * Ask the active GM to advance a combat to its next round for a player (see
 * BreadboxCombat#nextRound). It is a relay action like every other player request: the requester
 * proves who it is with a one-time nonce, it runs only on the active GM's client, under the lock of
 * the combat, and it names the round and turn it ends, so a repeated or stale request is refused
 * instead of skipping a second round.
 */
async function requestNextRound(combat: BreadboxCombat): Promise<void> {
  await applyOrRelay(NEXT_ROUND_ACTION, combat, { round: combat.round, turn: combat.turn ?? null });
}

/** The relay action a player's "next round" travels as. */
export const NEXT_ROUND_ACTION = `${CORE_RELAY_ID}.nextRound`;

/**
 * GM side of a player's "next round" (relay action `core.nextRound`). The requester (authenticated
 * by the relay: logged in, not a GM, holding the nonce for this very request) must own the
 * combatant whose turn it is — the user Foundry lets end the round — and the combat must still
 * be at the round and turn the request names.
 */
export async function nextRoundRelayHandler({ requester, target, payload }: RelayContext): Promise<RelayResult> {
  if (!(target instanceof BreadboxCombat)) return { ok: false, error: "BREADBOX.Relay.NoTarget" };
  const combat = target;
  if (!combat.started) return { ok: false, error: "BREADBOX.Combat.NextRoundRefused" };
  if (payload.round !== combat.round || (payload.turn ?? null) !== (combat.turn ?? null)) return { ok: false, error: "BREADBOX.Combat.NextRoundStale" };
  if (!combat.combatant?.testUserPermission(requester, "OWNER")) return { ok: false, error: "BREADBOX.Combat.NextRoundRefused" };
  await combat.nextRound();
  return { ok: true };
}
