/**
 * Issue 17, Toaster: a Toaster Apply sent on another ruleset's resolution refuses before it marks
 * anything; the 4-point luck re-roll is once per roll (a copied card does not re-roll again), and
 * every luck spend is serialized per actor.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, gmUser, setRandomUniform } from "../../harness/index";
import { bootSystem, makeCharacter } from "./boot";
import { onLuckReroll } from "../../../src/rulesets/toaster/chat/attack";
import { ToasterCheckRoll, type ToasterCheckOptions } from "../../../src/rulesets/toaster/dice/check-roll";
import { applyOrRelay, runRelay } from "../../../src/core/relay";
import { hasMark, ledgerEntry, updateLedger } from "../../../src/core/chat/ledger";

beforeEach(bootSystem);

/** Foundry dice: each entry is a d10* face (D10StarDie maps u → face 9 − ⌊10u⌋). */
function faces(list: number[]) {
  const queue = [...list];
  setRandomUniform(() => {
    const f = queue.shift();
    if (f === undefined) throw new Error("test dice ran out");
    return 1 - (f + 0.5) / 10;
  });
}

const msgs = () => (game as any).messages.contents;

async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Defender's player" });
  const defender = await makeCharacter("Guard", { attributes: { physique: { value: 4 }, coordination: { value: 5 } }, luck: { value: 8 } });
  await defender.update({ ownership: { [p2.id!]: 3 } });
  const flanger: any = await Actor.create({ name: "Mr Tims", type: "flange" } as never);
  await flanger.update({ ownership: { [p2.id!]: 3 } });
  const flangeAttacker: any = await Actor.create({ name: "Raider", type: "flange" } as never);
  await flangeAttacker.update({ ownership: { [p1.id!]: 3 } });
  return { p1, p2, defender, flanger, flangeAttacker };
}

/** A resolution card of another ruleset, written by the GM, and its ledger record (maybe untagged, as before issue 17). */
async function foreignResolution(attacker: any, target: any, ruleset: string | undefined): Promise<any> {
  const card: any = await ChatMessage.create({ content: "Flange resolution", flags: { breadbox: { type: "flangeResolution", attackerUuid: attacker.uuid, targetUuid: target.uuid } } } as never);
  const resolution: Record<string, unknown> = { attackMessageId: "attackCard000001", attackerUuid: attacker.uuid, targetUuid: target.uuid, stun: 3, wounds: 2, applied: false };
  if (ruleset !== undefined) resolution.ruleset = ruleset;
  await updateLedger(card.id, { resolution: resolution as never });
  return card;
}

function snapshot(actor: any): unknown {
  return JSON.stringify(actor.toObject().system);
}

describe("issue 17 attack 1: a Toaster Apply on another ruleset's resolution card", () => {
  for (const [label, ruleset] of [["a Flange resolution", "flange"], ["an untagged resolution", undefined]] as const) {
    for (const targetKind of ["the Flange target", "a Toaster character"] as const) {
      it(`${label} naming ${targetKind}: refused for its owner and for the GM, still not applied, target unchanged`, async () => {
        const s = await scene();
        const target = targetKind === "the Flange target" ? s.flanger : s.defender;
        const card = await foreignResolution(s.flangeAttacker, target, ruleset);
        const before = snapshot(target);
        const request = { action: "toaster.applyDamage", requesterId: s.p2.id!, targetUuid: target.uuid, payload: { messageId: card.id } };
        const asOwner = await runRelay(request, s.p2 as never);
        expect(asOwner.ok).toBe(false);
        const asGM = await applyOrRelay("toaster.applyDamage", { uuid: target.uuid }, { messageId: card.id });
        expect(asGM.ok).toBe(false);
        const viaPlayer = await asUser(s.p2, () => applyOrRelay("toaster.applyDamage", { uuid: target.uuid }, { messageId: card.id }));
        expect(viaPlayer.ok).toBe(false);
        expect(ledgerEntry(card.id)?.resolution?.applied).toBe(false);
        expect(snapshot(target)).toBe(before);
        expect(gmUser().isGM).toBe(true);
      });
    }
  }
});
