/**
 * Issue 21, group forms of roll requests (src/core/requests/groups.ts): the same checks for each
 * ruleset's forms, each file booting a world of its own ruleset (groups-<id>.test.ts). A fixture
 * names the ruleset's characters, the check asked, and per form the number of members, the card
 * type the ruleset's own group resolution posts, and the group's exact odds as the ruleset's group
 * code (its dialog's) gives them.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, gmUser, settle, waitForDialog } from "../../harness/index";
import { ledgerSettled } from "../../../src/core/chat/ledger";
import { applyOrRelay } from "../../../src/core/relay";
import { createCheckRequest, onRequestJoin } from "../../../src/core/requests/card";
import { askForRoll } from "../../../src/core/requests/dialog";
import { formatChance } from "../../../src/core/rolls/odds-panel";
import { getRuleset } from "../../../src/core/registry";
import { bootWorld } from "../toaster/boot";
import type { Odds } from "../../../src/dice/contract";

export interface GroupFormFixture {
  form: string;
  /** How many characters the test asks. */
  members: number;
  /** `flags.breadbox.type` of the card the ruleset's own group resolution posts. */
  cardType: string;
  /** The group's exact odds at the fixture's difficulty, as the ruleset's group code gives them. */
  odds(actors: any[]): Odds;
  /** The other members' check, when not the same. */
  others?: { name: string; kind: string | null };
  /** Labels the GM's odds must show, naming the members (issue 24.5: "Hero 1 wins", never "First side wins"). */
  named?(actors: any[]): string[];
}

export interface GroupFixture {
  ruleset: "toast" | "pool" | "d100" | "flange";
  /** A character of the ruleset with the checks asked (a new one each call). */
  actor(name: string): Promise<any>;
  check: { name: string; kind: string | null };
  difficulty: string;
  forms: GroupFormFixture[];
  /** A form and a number of members it does not take. */
  wrongSize: { form: string; members: number };
}

const msgs = (): any[] => (game as any).messages.contents;

async function renderAs(user: any, card: any): Promise<HTMLElement> {
  return asUser(user, () => card.renderHTML());
}

/** A player clicks "Take part" on the card for `actor`. */
async function join(user: any, card: any, actor: any): Promise<void> {
  await ledgerSettled();
  await asUser(user, async () => {
    const html: HTMLElement = await card.renderHTML();
    const button = html.querySelector(`[data-bb-action="core.requestJoin"][data-actor-uuid="${actor.uuid}"]`) as HTMLElement;
    expect(button, "the owner's Take part button").not.toBeNull();
    await onRequestJoin(card, button);
  });
  await ledgerSettled();
  await settle();
}

export function describeGroups(f: GroupFixture): void {
  describe(`${f.ruleset}: group forms of roll requests`, () => {
    // The first boot of a file loads the whole system: slow on a loaded machine.
    beforeEach(bootWorld(f.ruleset), 60_000);

    async function setUp(form: GroupFormFixture, mode: "public" | "blind" = "public") {
      const users: any[] = [];
      const actors: any[] = [];
      for (let i = 0; i < form.members; i++) {
        const user = createUser({ name: `Player ${i + 1}` });
        const actor = await f.actor(`Hero ${i + 1}`);
        await actor.update({ ownership: { [user.id!]: 3 } });
        users.push(user);
        actors.push(actor);
      }
      const card: any = await createCheckRequest({ actors, name: f.check.name, kind: f.check.kind, difficulty: f.difficulty, mode, group: form.form, others: form.others ?? null });
      await ledgerSettled();
      expect(card, form.form).toBeTruthy();
      return { users, actors, card };
    }

    it("offers its forms, each named in the user's language, with member counts", () => {
      const forms = getRuleset(f.ruleset)?.api?.groupForms?.forms ?? [];
      expect(forms.map((x) => x.id)).toEqual(expect.arrayContaining(f.forms.map((x) => x.form)));
      for (const form of forms) {
        expect(game.i18n!.localize(form.label), form.id).not.toMatch(/BREADBOX\./);
        for (const role of form.roles) expect(game.i18n!.localize(role)).not.toMatch(/BREADBOX\./);
        expect(form.min).toBeLessThanOrEqual(form.max);
      }
    });

    for (const form of f.forms) {
      it(`${form.form}: the GM alone sees the group's exact odds; each owner takes part; the last answer rolls the group as the book says`, async () => {
        const { users, actors, card } = await setUp(form);
        expect(card.flags.breadbox.group).toMatchObject({ form: form.form, verdict: null });
        // The GM: the group's combined odds, the ruleset's own (its group dialog's), at the difficulty.
        const gm = await renderAs(gmUser(), card);
        const odds = form.odds(actors);
        const panel = gm.querySelector("[data-request-group-odds]")!;
        expect(panel.querySelector(".bb-odds"), "an odds panel").not.toBeNull();
        for (const o of odds.outcomes) expect(panel.textContent, o.key).toContain(formatChance(o.p));
        if (form.named) {
          for (const label of form.named(actors)) expect(panel.textContent).toContain(label);
          expect(panel.textContent).not.toMatch(/First side|Second side|Roller/);
        }
        expect(gm.querySelectorAll("[data-request-odds]:not(:empty)")).toHaveLength(0);
        // A player: no odds, and a Take part button for her own character only.
        const player = await renderAs(users[0], card);
        expect(player.querySelector("[data-request-group-odds]")).toBeNull();
        expect(player.querySelector(".bb-odds")).toBeNull();
        expect([...player.querySelectorAll('[data-bb-action="core.requestJoin"]')].map((el: any) => el.dataset.actorUuid)).toEqual([actors[0].uuid]);
        expect(card.content).not.toMatch(/BREADBOX\./);
        const before = msgs().length;
        for (let i = 0; i < actors.length - 1; i++) await join(users[i], card, actors[i]);
        // Not everyone yet: nothing rolled.
        expect(msgs().length).toBe(before);
        expect(card.flags.breadbox.entries.map((e: any) => e.joined)).toEqual(actors.map((_, i) => i < actors.length - 1));
        await join(users.at(-1), card, actors.at(-1));
        // One card of the ruleset's own group resolution, with no odds on it (they are the GM's).
        const posted = msgs().slice(before);
        expect(posted).toHaveLength(1);
        const result = posted[0];
        expect(result.flags.breadbox.type).toBe(form.cardType);
        expect(result.rolls.length).toBeGreaterThan(0);
        expect(result.content).not.toContain("bb-odds");
        const shown = document.createElement("div");
        shown.innerHTML = result.content;
        expect(shown.textContent).not.toMatch(/BREADBOX\./);
        const group = card.flags.breadbox.group;
        expect(group.resultId).toBe(result.id);
        expect(group.error).toBeNull();
        expect(group.verdict).toBeTruthy();
        // The verdict is the ruleset's own card's.
        expect(result.content).toContain(group.verdict);
        expect(card.flags.breadbox.closed).toBe(true);
        const after = await renderAs(users[0], card);
        expect(after.querySelector("[data-request-verdict]")!.textContent).toContain(group.verdict);
        expect(after.querySelector('[data-bb-action="core.requestJoin"]')).toBeNull();
      });
    }

    it("the GM's form asks in a form: the players' characters in order, the others' check, one group card", async () => {
      const form = f.forms.find((x) => x.members === 2) ?? f.forms[0]!;
      const actors: any[] = [];
      for (let i = 0; i < form.members; i++) {
        const actor = await f.actor(`Hero ${i + 1}`);
        const user = createUser({ name: `Player ${i + 1}`, character: actor.id });
        await actor.update({ ownership: { [user.id!]: 3 } });
        actors.push(actor);
      }
      const pending = askForRoll({ name: f.check.name, kind: f.check.kind, difficulty: f.difficulty });
      const dialog = await waitForDialog();
      const select = dialog.element.querySelector('select[name="group"]') as HTMLSelectElement;
      expect([...select.options].map((o) => o.textContent)).not.toContain(expect.stringMatching(/BREADBOX\./));
      const others = form.others ? `${form.others.kind ? `${form.others.kind}:` : ""}${form.others.name}` : "";
      await answerDialog({ action: "roll", fill: { group: form.form, others } });
      const card: any = await pending;
      expect(card.flags.breadbox.group).toMatchObject({ form: form.form, mode: "public" });
      expect(card.flags.breadbox.entries.map((e: any) => e.actorUuid)).toEqual(actors.map((a) => a.uuid));
      expect(card.flags.breadbox.entries.map((e: any) => e.check)).toEqual(actors.map((_, i) => (i > 0 && form.others ? form.others : null)));
    });

    it("a group asked privately: its card and its verdict are the GMs' only", async () => {
      const { users, actors, card } = await setUp(f.forms[0]!, "blind");
      for (let i = 0; i < actors.length; i++) await join(users[i], card, actors[i]);
      const result = msgs().at(-1);
      expect(result.id).toBe(card.flags.breadbox.group.resultId);
      expect(result.whisper.length).toBeGreaterThan(0);
      expect(result.whisper).not.toContain(users[0].id);
      expect((await renderAs(users[0], card)).querySelector("[data-request-verdict]")).toBeNull();
      expect((await renderAs(gmUser(), card)).querySelector("[data-request-verdict]")).not.toBeNull();
    });

    it("refuses forged answers: another's character, a second answer, a check card, an edit of the card", async () => {
      const form = f.forms[0]!;
      const { users, actors, card } = await setUp(form);
      const [ann] = users;
      const [a, b] = actors;
      const forB = await asUser(ann, () => applyOrRelay("core.requestJoin", card, { messageId: card.id, actorUuid: b.uuid }));
      expect(forB).toMatchObject({ ok: false, error: "BREADBOX.Requests.NotYours" });
      await join(ann, card, a);
      const again = await asUser(ann, () => applyOrRelay("core.requestJoin", card, { messageId: card.id, actorUuid: a.uuid }));
      expect(again).toMatchObject({ ok: false, error: "BREADBOX.Requests.Answered" });
      // A group's members take part: a check card is no answer.
      const answer = await asUser(ann, () => applyOrRelay("core.requestAnswer", card, { messageId: card.id, actorUuid: a.uuid, resultId: card.id }));
      expect(answer.ok).toBe(false);
      const stranger = await f.actor("Stranger");
      await stranger.update({ ownership: { [ann.id!]: 3 } });
      const notAsked = await asUser(ann, () => applyOrRelay("core.requestJoin", card, { messageId: card.id, actorUuid: stranger.uuid }));
      expect(notAsked).toMatchObject({ ok: false, error: "BREADBOX.Requests.NotAsked" });
      const before = JSON.stringify(card.flags.breadbox);
      await asUser(ann, () => card.update({ "flags.breadbox.entries": card.flags.breadbox.entries.map((e: any) => ({ ...e, joined: true })) }).catch(() => null));
      expect(JSON.stringify(card.flags.breadbox)).toBe(before);
      expect(card.flags.breadbox.entries.map((e: any) => e.joined)).toEqual(actors.map((_, i) => i === 0));
    });

    it("the GM's change of difficulty changes the odds shown; a wrong number of characters is refused", async () => {
      const counts = (id: string) => getRuleset(f.ruleset)?.api?.groupForms?.forms.find((y) => y.id === id)?.difficulty === true;
      const form = f.forms.find((x) => counts(x.form)) ?? f.forms[0]!;
      const { card } = await setUp(form);
      const words = getRuleset(f.ruleset)!.api!.checkWords!;
      const other = [...words.difficulties()].reverse().find((d) => d.value !== f.difficulty)!;
      const shown = async () => (await renderAs(gmUser(), card)).querySelector("[data-request-group-odds]")!.textContent;
      const first = await shown();
      expect(await applyOrRelay("core.requestChange", card, { messageId: card.id, difficulty: other.value })).toMatchObject({ ok: true });
      // A contest with no Difficulty: the same odds.
      if (counts(form.form)) expect(await shown()).not.toBe(first);
      else expect(await shown()).toBe(first);
      const few: any[] = [];
      for (let i = 0; i < f.wrongSize.members; i++) few.push(await f.actor(`Few ${i}`));
      const refused = await createCheckRequest({ actors: few, name: f.check.name, kind: f.check.kind, difficulty: f.difficulty, mode: "public", group: f.wrongSize.form });
      expect(refused).toBeNull();
    });
  });
}
