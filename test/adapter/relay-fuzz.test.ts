/**
 * Seeded, time-bounded fuzz test of every relay action (issue 9): random and forged payloads,
 * forged cards (written by a stranger, by a player about someone else's character, with the GM
 * named as author, posted while no GM was online, resolution cards edited after the fact), wrong
 * requesters, requesters naming other logged-in users, forged, borrowed and replayed nonces,
 * unknown actions, GM reloads (the ledger's pending state forgotten) and concurrent duplicates.
 * After every batch the world must agree with a model of what the rules allow:
 *   - a character's stun and wounds are exactly the sum of the GM-only ledger's applied
 *     exchange outcomes, each applied at most once; every resolution was written by the GM for a
 *     genuine attack declaration, at most one per attack (the exchange engine, core.respond and
 *     core.apply, with Toaster's attack);
 *   - a request is accepted only from the GM or with the requester's own fresh nonce;
 *   - a character's luck went down by exactly one per +1 recorded on its genuine cards and four per
 *     re-roll card, each card re-rolled at most once, and never below zero;
 *   - forged cards are never changed, never applied and never re-rolled;
 *   - no request throws; a stranger's requests and unknown actions always come back refused.
 * Seed: BREADBOX_FUZZ_SEED (default fixed); time budget: BREADBOX_FUZZ_MS (default 2500 ms).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, gmUser, setRandomUniform, setUserActive } from "../harness/index";
import { bootSystem, itemData, makeCharacter, postCheckCard } from "./toaster/boot";
import { issueNonce, relayQueryHandler, runRelay, type RelayRequest, type RelayResult } from "../../src/core/relay";
import { ledgerEntry, ledgerSettled } from "../../src/core/chat/ledger";
import { hasMark, resetLedgerOverlay } from "../../src/core/chat/ledger-marks";
import { declareExchange } from "../../src/core/exchange/engine";
import { cardWriter } from "../../src/core/chat/trust";
import { attackWithWeapon, toasterAttack } from "../../src/rulesets/toaster/chat/attack";
import { defend } from "./toaster/exchange";
import { ToasterCheckRoll, type ToasterCheckOptions } from "../../src/rulesets/toaster/dice/check-roll";
import { seededRandom, type RandomSource } from "../../src/dice/random";

beforeEach(bootSystem);

const SEED = Number(process.env.BREADBOX_FUZZ_SEED ?? 20261123);
const BUDGET_MS = Number(process.env.BREADBOX_FUZZ_MS ?? 2500);
const shift = new MouseEvent("click", { shiftKey: true });
const msgs = (): any[] => (game as any).messages.contents;

function pick<T>(rng: RandomSource, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)]!;
}

async function checkCard(author: any, actor: any, rng: RandomSource, extra: Record<string, unknown> = {}, data: Record<string, unknown> = {}): Promise<any> {
  return postCheckCard(author, actor, { rank: Math.floor(rng() * 12) }, extra, { speaker: {}, ...data });
}

describe("relay fuzz", () => {
  it(`every relay action under random, forged and concurrent requests changes nothing wrongly (seed ${SEED})`, async () => {
    const rng = seededRandom(SEED);
    setRandomUniform(seededRandom(SEED ^ 0x5eed));
    const gm = gmUser();
    const p1 = createUser({ name: "P1" });
    const p2 = createUser({ name: "P2" });
    const stranger = createUser({ name: "Stranger" });
    const away = createUser({ name: "Away" });
    setUserActive(away, false);
    const attacker: any = await makeCharacter("A", { attributes: { physique: { value: 6 }, coordination: { value: 9 } }, luck: { value: 12 } }, [
      { name: "Sword", type: "toasterSkill", system: { base: 12, attribute: "coordination" } },
      itemData("toaster-weapons", "Broadsword"),
    ]);
    await attacker.update({ ownership: { [p1.id!]: 3 } });
    const defender: any = await makeCharacter("B", { attributes: { physique: { value: 9 }, coordination: { value: 1 } }, luck: { value: 12 } });
    await defender.update({ ownership: { [p2.id!]: 3 } });
    const sword = attacker.items.find((i: any) => i.type === "toasterWeapon");
    const actors = [attacker, defender];

    // Genuine attacks, two of them resolved (one with a GM-written copy of its resolution that is not in the ledger).
    (p1 as any).targets = new Set([{ actor: defender }]);
    const genuineAttacks: any[] = [];
    const copies: any[] = [];
    for (let i = 0; i < 4; i++) {
      await asUser(p1, () => attackWithWeapon(attacker, sword, shift));
      const attack = msgs().at(-1);
      genuineAttacks.push(attack);
      // Two attacks are left for the fuzzed Defend requests.
      if (i >= 2) continue;
      await asUser(p2, () => defend(attack, shift));
      if (i % 2 === 0) copies.push(await ChatMessage.create({ content: "again", flags: { breadbox: { ...msgs().at(-1).flags.breadbox } } } as never));
    }
    // Genuine check cards (each written by its roller's player) and forged ones.
    const genuineChecks = [await checkCard(p1, attacker, rng), await checkCard(p2, defender, rng), await checkCard(gm, defender, rng)];
    const forgedChecks = [
      await checkCard(stranger, defender, rng),
      await checkCard(p1, defender, rng),
      await checkCard(stranger, attacker, rng, {}, { author: gm.id }),
    ];
    const choices = { difficulty: "average", situational: 0, specialty: -1, complementary: 0, luckBefore: 0, callFour: false, helpers: 0, tooManyCooks: false, extras: {} };
    const strangersRoll = ToasterCheckRoll.fromCheck({ kind: "attack", title: "A", rank: 30, rankLabel: "Sword", parts: [], luckBefore: 0, callFour: false, rollingNines: false, ninesLimit: null, rollingZeros: false, target: 10, variableOutcomes: true, luckEnabled: true, actorUuid: attacker.uuid } as ToasterCheckOptions);
    await strangersRoll.evaluate();
    const forgedAttack = await asUser(stranger, () => declareExchange(toasterAttack as never, attacker, defender, { weaponId: sword.id, ...choices }, { rolls: [strangersRoll] }));
    const forgedResolutions = [
      await asUser(stranger, () => ChatMessage.create({ content: "x", flags: { breadbox: { type: "exchangeResolution", exchange: "toaster.attack", declarationId: genuineAttacks[1].id, attackerUuid: attacker.uuid, targetUuid: defender.uuid, damage: 50, stun: 50, wounds: 9, hit: true } } } as never)),
      await asUser(p2, () => ChatMessage.create({ content: "x", flags: { breadbox: { type: "exchangeResolution", exchange: "toaster.attack", declarationId: forgedAttack.id, attackerUuid: attacker.uuid, targetUuid: defender.uuid, damage: 40, stun: 40, wounds: 8, hit: true } } } as never)),
      await asUser(p1, () => ChatMessage.create({ content: "x", flags: { breadbox: { type: "exchangeResolution", exchange: "toaster.attack", declarationId: genuineAttacks[2].id, attackerUuid: attacker.uuid, targetUuid: defender.uuid, damage: 30, stun: 30, wounds: 6, hit: true } } } as never)),
    ];
    // Posted while no GM was online: no recorded writer, whatever its author says.
    setUserActive(gm, false);
    const unrecorded = await checkCard(p2, defender, rng);
    setUserActive(gm, true);
    forgedChecks.push(unrecorded);
    // A genuine resolution card edited afterwards: by its defender's player (refused), and by the GM.
    const genuineResolution = msgs().find((m) => m.flags.breadbox?.type === "exchangeResolution" && m.author?.isGM && ledgerEntry(m.id)?.exchange);
    await expect(asUser(p2, () => genuineResolution.update({ flags: { breadbox: { stun: 0 } } }))).rejects.toThrow();
    await genuineResolution.update({ flags: { breadbox: { stun: 77, wounds: 7 } } });
    const forged = [...forgedChecks, forgedAttack, ...forgedResolutions];
    const forgedBefore = new Map(forged.map((m: any) => [m.id, JSON.stringify(m.toObject())]));
    const start = { stun: defender.system.stun.value, wounds: defender.system.wounds.value, luck: new Map(actors.map((a) => [a.uuid, a.system.luck.value])) };

    const cardIds = () => msgs().map((m) => m.id);
    const junkIds = ["", "constructor", "__proto__", "toString", 42, null, { id: "x" }, ["a"], "nope"];
    const actions = ["core.apply", "toaster.luckAfter", "toaster.luckReroll", "core.respond", "toaster.applyDamage", "toaster.defend", "core.constructor", "toaster.constructor", "toaster.__proto__", "nobody.applyDamage", "toaster", 7];
    const requesters = [gm, p1, p2, stranger, away, { id: "ghost" }];
    const targets = () => [attacker.uuid, defender.uuid, "Actor.nope", "", 5, `ChatMessage.${pick(rng, cardIds())}`];

    const plausible = (): { request: RelayRequest; as: any } => {
      const as = pick(rng, [p1, p2, gm, stranger]);
      const own = as === p1 ? attacker : defender;
      const card = pick(rng, msgs().filter((m) => ["toasterCheck", "exchangeDeclaration", "exchangeResolution"].includes(m.flags.breadbox?.type)));
      const type = card.flags.breadbox.type;
      const action = type === "exchangeResolution" ? "core.apply" : type === "exchangeDeclaration" ? pick(rng, ["core.respond", "core.respond", "toaster.luckAfter", "toaster.luckReroll"]) : pick(rng, ["toaster.luckAfter", "toaster.luckAfter", "toaster.luckReroll"]);
      const targetUuid = action === "toaster.luckAfter" || action === "toaster.luckReroll" ? (card.flags.breadbox.actorUuid ?? own.uuid) : defender.uuid;
      return { request: { action, requesterId: String(rng() < 0.85 ? as.id : pick(rng, [p1.id, p2.id])), targetUuid, payload: { messageId: card.id, response: "defend", mode: "public", choices: { ...choices, option: "dodge" } } } as RelayRequest, as };
    };
    const randomRequest = (): { request: RelayRequest; as: any } => {
      if (rng() < 0.5) return plausible();
      const as = pick(rng, requesters);
      const payload: Record<string, unknown> = rng() < 0.8 ? { messageId: rng() < 0.85 ? pick(rng, cardIds()) : pick(rng, junkIds) } : (pick(rng, [null, [], "x", { stun: 99, wounds: 9 }]) as never);
      if (payload && typeof payload === "object" && rng() < 0.3) Object.assign(payload, { stun: 999, wounds: 99, luck: -5 });
      // Defend's choice: sometimes valid, sometimes a defence nobody has or choices out of range.
      if (payload && typeof payload === "object" && !Array.isArray(payload) && rng() < 0.5) {
        const option = pick(rng, ["dodge", "dodge", "parry:nope", "constructor", 3]);
        Object.assign(payload, { response: pick(rng, ["defend", "defend", "nope", "constructor"]), mode: pick(rng, ["public", "gm", "bogus"]), choices: pick(rng, [{ ...choices, option }, { ...choices, option }, { ...choices, option, situational: 99 }, { ...choices, option, luckBefore: 50 }, { ...choices, option, difficulty: "constructor" }, null]) });
      }
      return { request: { action: pick(rng, actions), requesterId: rng() < 0.9 ? String(as.id) : pick(rng, [gm.id, p1.id, "ghost"]), targetUuid: pick(rng, targets()), payload } as RelayRequest, as };
    };

    type Sent = { request: RelayRequest; as: any; nonceKind?: "own" | "forged" | "replayed" | "borrowed" | "none" };
    const usedNonces: string[] = [];
    /** Write the nonce as the sender would (its own, or a forged/replayed/borrowed one), one at a time. */
    const prepare = async (sent: Sent): Promise<Sent> => {
      if (sent.as === gm || sent.as.id === "ghost") return { ...sent, nonceKind: "none" };
      const roll = rng();
      let nonce: string | undefined;
      let nonceKind: Sent["nonceKind"];
      if (roll < 0.6) {
        nonce = await asUser(sent.as, () => issueNonce(sent.request));
        nonceKind = "own";
      } else if (roll < 0.7 && usedNonces.length) {
        nonce = pick(rng, usedNonces);
        nonceKind = "replayed";
      } else if (roll < 0.85) {
        // Another logged-in user's genuine nonce, for a request naming this sender or that user.
        const other = pick(rng, [p1, p2].filter((u) => u !== sent.as));
        nonce = await asUser(other, () => issueNonce(sent.request));
        nonceKind = "borrowed";
      } else {
        nonce = pick(rng, ["abcdefghijklmnop", "", "../../x", "constructor"]);
        nonceKind = "forged";
      }
      if (nonce) usedNonces.push(nonce);
      return { ...sent, request: { ...sent.request, nonce }, nonceKind };
    };
    /** Send as the relay does: a GM runs it on the GM's client, everybody else via the query handler there. */
    const send = async ({ request, as }: Sent): Promise<RelayResult> => {
      if (as === gm) return runRelay(request, gm as never);
      return relayQueryHandler(JSON.parse(JSON.stringify(request)));
    };

    const deadline = Date.now() + BUDGET_MS;
    let rounds = 0;
    let accepted = 0;
    while (Date.now() < deadline && rounds < 2000) {
      rounds++;
      const batch: Sent[] = [];
      for (const sent of Array.from({ length: 1 + Math.floor(rng() * 4) }, randomRequest)) batch.push(await prepare(sent));
      if (rng() < 0.4) batch.push({ ...batch[0]!, nonceKind: batch[0]!.nonceKind === "own" ? "replayed" : batch[0]!.nonceKind }); // a concurrent duplicate
      if (rng() < 0.05) { await ledgerSettled(); resetLedgerOverlay(); } // the GM's client reloads
      let results: RelayResult[] = [];
      try {
        results = await Promise.all(batch.map(send));
      } catch (err) {
        throw new Error(`seed ${SEED}, round ${rounds}: a request threw: ${String(err)}`);
      }
      const ownAccepted = new Set<string>();
      results.forEach((r, i) => {
        const { request, as, nonceKind } = batch[i]!;
        expect(typeof r?.ok, `seed ${SEED} round ${rounds}`).toBe("boolean");
        if (r.ok) accepted++;
        if (as === stranger || as === away || as.id === "ghost" || !["core.apply", "toaster.luckAfter", "toaster.luckReroll", "core.respond"].includes(String(request.action))) {
          expect(r.ok, `seed ${SEED} round ${rounds}: ${JSON.stringify(request)}`).toBe(false);
        }
        // Only the GM, or a requester naming itself with its own fresh nonce, is ever heard (a
        // borrowed nonce is the other user's, so it passes only for a request naming that user).
        if (r.ok && as !== gm) {
          const own = nonceKind === "own" && request.requesterId === as.id;
          const borrowedForOwner = nonceKind === "borrowed" && request.requesterId !== as.id;
          expect(own || borrowedForOwner, `seed ${SEED} round ${rounds}: accepted with ${nonceKind} nonce: ${JSON.stringify(request)}`).toBe(true);
          expect(ownAccepted.has(String(request.nonce)), `seed ${SEED} round ${rounds}: a nonce used twice`).toBe(false);
          ownAccepted.add(String(request.nonce));
        }
      });

      // The model: only the GM-only ledger's exchange records count, never a card's numbers.
      const resolutions = msgs().filter((m) => m.flags.breadbox?.type === "exchangeResolution" && cardWriter(m)?.isGM && !copies.includes(m));
      const resolvedAttacks = resolutions.map((m) => m.flags.breadbox.declarationId);
      expect(new Set(resolvedAttacks).size, `seed ${SEED} round ${rounds}: an attack resolved twice`).toBe(resolvedAttacks.length);
      const ledger = msgs().flatMap((m) => (ledgerEntry(m.id)?.exchange ? [{ messageId: m.id, record: ledgerEntry(m.id)!.exchange! }] : []));
      const applied = ledger.filter((r) => hasMark(r.messageId, "applied"));
      const genuine = (id: string) => genuineAttacks.some((a) => a.id === id) || msgs().some((m) => m.id === id && cardWriter(m)?.isGM && m.flags.breadbox?.rerollOf);
      for (const { messageId, record } of ledger) {
        expect(forged.some((f) => f.id === messageId || f.id === record.declarationId), `seed ${SEED} round ${rounds}: forged card in the ledger`).toBe(false);
        expect(genuine(record.declarationId), `seed ${SEED} round ${rounds}: resolution of a non-genuine attack`).toBe(true);
        expect(cardWriter(game.messages!.get(messageId)!)?.isGM, `seed ${SEED} round ${rounds}: resolution not written by the GM`).toBe(true);
      }
      expect(defender.system.stun.value).toBe(start.stun + applied.reduce((s, r) => s + Number(r.record.outcome.stun), 0));
      expect(defender.system.wounds.value).toBe(start.wounds + applied.reduce((s, r) => s + Number(r.record.outcome.wounds), 0));
      expect(attacker.system.stun.value).toBe(0);
      for (const actor of actors) {
        const ownCards = msgs().filter((m) => ["toasterCheck", "exchangeDeclaration"].includes(m.flags.breadbox?.type) && m.flags.breadbox.actorUuid === actor.uuid && !forged.includes(m));
        const plusOnes = ownCards.reduce((s, m) => s + (m.rolls[0]?.checkResult?.luckAfter ?? 0), 0);
        const rerolls = msgs().filter((m) => m.flags.breadbox?.rerollOf && ownCards.some((c) => c.id === m.flags.breadbox.rerollOf) && m.author?.isGM && m.rolls[0]?.checkResult?.rerolled);
        const rerolledIds = rerolls.map((m) => m.flags.breadbox.rerollOf);
        expect(new Set(rerolledIds).size, `seed ${SEED} round ${rounds}: a card re-rolled twice`).toBe(rerolledIds.length);
        expect(actor.system.luck.value, `seed ${SEED} round ${rounds}: luck of ${actor.name}`).toBe(start.luck.get(actor.uuid)! - plusOnes - 4 * rerolls.length);
        expect(actor.system.luck.value).toBeGreaterThanOrEqual(0);
      }
      for (const m of forged) expect(JSON.stringify(m.toObject()), `seed ${SEED} round ${rounds}: forged card ${m.id} changed`).toBe(forgedBefore.get(m.id));
      expect(msgs().some((m) => forged.some((f) => f.id === m.flags.breadbox?.rerollOf))).toBe(false);
    }
    console.info(`relay fuzz: seed ${SEED}, ${rounds} rounds, ${accepted} accepted`);
    // The run must have exercised the accepting paths too, not only refusals.
    expect(rounds).toBeGreaterThan(20);
    expect(accepted).toBeGreaterThan(0);
  }, 20_000);
});
