/**
 * "Working Against" a character the user does not own (docs/rules/pool.md, "Working against"), on
 * core's exchange engine (src/core/exchange/engine.ts): the `pool.against` exchange.
 *
 *  - **declare** (the roller's client, from the group dialog): the roller's side is built from their
 *    own documents and rolled there as a Foundry roll; the declaration posts it with the mode, the
 *    die, the Difficulty (indirect) and the roller's ability, attribute and dice-phobe choice.
 *  - **respond** (the opponent's owner — the Storyguide for an NPC): the opponent picks their own
 *    ability, attribute and (direct opposition) dice phobe, read and checked through one declaration.
 *  - **resolve** (the active GM): both sides are rebuilt from the documents and the GM's record of
 *    the choices; the roller's posted dice are classified again for that check (the card's own
 *    numbers are never read); the opponent's dice are a Foundry roll there; the rules core judges
 *    the contest (`resolveDirectContest` / `resolveIndirectContest`, a dice phobe's fixed total as
 *    the Difficulty) and the card — the group card — names who triumphs. A contest never applies.
 *
 * A group of characters the user owns stays a local roll (group.ts).
 */
import * as R from "./rules";
import { templatePath } from "../../core/ids";
import { format, localize, modelOf } from "../../core/game";
import { rollDialog, skipDialog } from "../../core/rolls/dialog";
import { linesHtml } from "../../core/rolls/lines";
import { currentMessageMode, type MessageMode } from "../../core/compat";
import { declareExchange } from "../../core/exchange/engine";
import type { ExchangeDefinition, ExchangeSides } from "../../core/exchange/types";
import { boolInput, checkInputs, choiceInput, inputsHtml, intInput, readInputs, type InputDeclaration } from "../../core/forms/inputs";
import { PoolActorModel } from "./data/actor";
import { PoolCheckRoll } from "./dice/pool-roll";
import { DEFAULT_DIFFICULTY, keyLabels, poolSummary, traitChoices } from "./checks";
import { buildGroup, rollGroup, type BuiltGroup, type GroupChoices, type GroupVerdict, type RemoteContest } from "./group";
import { poolRules, type PoolRules } from "./settings";

export const AGAINST_MODES = ["direct", "indirect"] as const;
export type AgainstMode = (typeof AGAINST_MODES)[number];

/** One side's own choices: its traits and (direct opposition) the dice-phobe total. */
export interface SideChoices {
  ability: string;
  attribute: string;
  phobe: boolean;
}

/** A declaration as the documents rebuild it from its posted choices. */
export interface AgainstChoices {
  mode: AgainstMode;
  die: R.DieKey;
  difficulty: number;
  roller: SideChoices;
  rollerModel: PoolActorModel;
  opponentModel: PoolActorModel;
}

/**
 * A side's own choices, declared once: its traits and, in direct opposition, dice phobe (by
 * default for an NPC when the world says so — `pool.npcDicePhobe`).
 */
export function sideInputs(model: PoolActorModel, mode: AgainstMode): InputDeclaration {
  const decl: InputDeclaration = {
    ability: choiceInput("BREADBOX.Pool.Ability.Label", traitChoices(model.abilityTree.rows), ""),
    attribute: choiceInput("BREADBOX.Pool.Attribute.Label", traitChoices(model.attributeTree.rows), ""),
  };
  if (mode === "direct") decl.phobe = boolInput("BREADBOX.Pool.Group.Phobe", model.npc && poolRules().npcDicePhobe);
  return decl;
}

/** What the declaration posts, declared once: the contest's own fields and the roller's side. */
export function declarationInputs(model: PoolActorModel, rules: PoolRules): InputDeclaration {
  return {
    mode: choiceInput("BREADBOX.Pool.Group.Mode", keyLabels(AGAINST_MODES, "BREADBOX.Pool.Group.Modes"), "direct"),
    die: choiceInput("BREADBOX.Pool.Check.Die", keyLabels(rules.dieSubstitution ? R.DIE_KEYS : ["d8"], "BREADBOX.Pool.Die"), "d8"),
    difficulty: intInput("BREADBOX.Pool.Check.Difficulty", -R.MAX_DIFFICULTY, R.MAX_DIFFICULTY, DEFAULT_DIFFICULTY),
    ...sideInputs(model, "direct"),
    // The roller's own dice-phobe choice, as the group dialog posted it.
    phobe: boolInput("BREADBOX.Pool.Group.Phobe"),
  };
}

function sideFrom(values: Record<string, unknown>, mode: AgainstMode): SideChoices {
  const str = (k: string) => (typeof values[k] === "string" ? String(values[k]) : "");
  // Dice phobe counts only in direct opposition (group.ts, as the group dialog has it).
  return { ability: str("ability"), attribute: str("attribute"), phobe: mode === "direct" && values.phobe === true };
}

/** The two sides as a group of two (roller first), for the group's build, odds and card. */
function contestGroup(sides: ExchangeSides, c: AgainstChoices, opponent: SideChoices): BuiltGroup {
  const choices: GroupChoices = {
    mode: c.mode,
    die: c.die,
    difficulty: c.difficulty,
    requiredDegree: 0,
    chance: "chosen",
    members: [
      { index: 0, ...c.roller, hasChance: false },
      { index: 1, ...opponent, hasChance: false },
    ],
  };
  return buildGroup([{ actor: sides.attacker, model: c.rollerModel, included: true }, { actor: sides.target, model: c.opponentModel, included: true }], choices);
}

/**
 * Declare a contest against a character the user does not own (the roller's client): roll the
 * roller's side with Foundry's dice and post it; the opponent's owner answers on the card.
 */
export async function declareAgainst(contest: RemoteContest, mode: MessageMode): Promise<ChatMessage.Implementation | undefined> {
  const { roller, opponent, choices } = contest;
  const phobe = contest.mode === "direct" && roller.choice.phobe;
  const roll = PoolCheckRoll.fromCheck({ ...roller.check.options, resolution: phobe ? "dicePhobe" : "roll" });
  await roll.evaluate();
  const posted = { mode: contest.mode, die: choices.die, difficulty: choices.difficulty, ability: roller.choice.ability, attribute: roller.choice.attribute, phobe };
  return declareExchange(poolAgainst, roller.candidate.actor, opponent.actor, posted, { mode, rolls: [roll] });
}

/** Working against a character the user does not own: the roller's posted side, the opponent's answer rolled by the GM. */
export const poolAgainst: ExchangeDefinition<AgainstChoices, SideChoices> = {
  ruleset: "pool",
  kind: "against",
  checkChoices(raw, { attacker, target }) {
    const rollerModel = modelOf(attacker, PoolActorModel);
    const opponentModel = modelOf(target, PoolActorModel);
    if (!rollerModel || !opponentModel) throw new Error("BREADBOX.Pool.Attack.MissingActor");
    let values: Record<string, unknown>;
    try {
      values = checkInputs(raw, declarationInputs(rollerModel, poolRules()));
    } catch {
      throw new Error("BREADBOX.Relay.NotGenuine");
    }
    const mode = AGAINST_MODES.find((k) => k === values.mode) ?? "direct";
    const die = R.DIE_KEYS.find((k) => k === values.die) ?? "d8";
    const difficulty = typeof values.difficulty === "number" ? values.difficulty : 0;
    return { mode, die, difficulty, roller: sideFrom(values, mode), rollerModel, opponentModel };
  },
  async declarationCard({ target, choices, rolls }) {
    const roll = rolls[0] ? await rolls[0].render() : "";
    return {
      html: await foundry.applications.handlebars.renderTemplate(templatePath("pool/chat/against-card.hbs"), {
        roll,
        mode: localize(`BREADBOX.Pool.Group.Modes.${choices.mode}`),
        target: target.name ?? "",
        indirect: choices.mode === "indirect",
        difficulty: choices.difficulty,
      }),
    };
  },
  responses() {
    return [{ id: "oppose", label: "BREADBOX.Pool.Against.Respond", icon: "fa-solid fa-hand-fist" }];
  },
  async respondDialog({ attacker, target, choices }, _response, event) {
    const inputs = sideInputs(choices.opponentModel, choices.mode);
    // The skip key: the declaration's defaults (no trait named).
    if (skipDialog(event)) return { choices: { ...sideFrom(checkInputs({}, inputs), choices.mode) }, mode: currentMessageMode() };
    const read = (form: HTMLFormElement) => sideFrom(readInputs(form, inputs), choices.mode);
    const answer = await rollDialog<SideChoices>({
      title: format("BREADBOX.Pool.Against.RespondTitle", { name: attacker.name ?? "", target: target.name ?? "" }),
      content: await foundry.applications.handlebars.renderTemplate(templatePath("pool/dialogs/against.hbs"), {
        mode: localize(`BREADBOX.Pool.Group.Modes.${choices.mode}`),
        inputs: await inputsHtml(inputs, {}, "bb-pool-against"),
      }),
      read: (form) => {
        const side = read(form);
        contestGroup({ attacker, target }, choices, side);
        return side;
      },
      odds: (side) => linesHtml(poolSummary(contestGroup({ attacker, target }, choices, side).members[1]?.check.options.pool ?? { addDice: 0, bonusDice: 0, penaltyDice: 0, die: choices.die }, true)),
    });
    return answer && { choices: { ...answer.value }, mode: answer.mode };
  },
  checkResponse(raw, { choices }) {
    try {
      return sideFrom(checkInputs(raw, sideInputs(choices.opponentModel, choices.mode)), choices.mode);
    } catch {
      throw new Error("BREADBOX.Relay.Malformed");
    }
  },
  async resolve({ attacker, target, choices, rolls }, response) {
    // The roller's dice as posted (the GM's record), classified for the check the documents rebuild.
    const posted = rolls[0];
    if (!(posted instanceof PoolCheckRoll) || posted.check?.actorUuid !== attacker.uuid) throw new Error("BREADBOX.Relay.NotGenuine");
    const group = contestGroup({ attacker, target }, choices, response.choices);
    const { rolls: all, content, verdict } = await rollGroup(group, [posted]);
    const rolled = all.filter((r) => r !== posted);
    const flags: { verdict: GroupVerdict } = { verdict };
    return { rolls: rolled, card: { html: content }, outcome: null, flags };
  },
};
