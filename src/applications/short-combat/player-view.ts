// A player's view of a short combat (R-SHORT-2, R-SHORT-5, R-SHORT-6), on their own client: for each of their
// characters, the Kampfart or Zauberschule to roll (the best preselected) and the Fluss to spend first (4 per
// +1 EW), then the roll; after it, the Alchemika that count against these enemies, one click each, until the GM
// applies. Every character's EW so far, the enemies only by name. It follows the card live.
import { localFormula } from "../../helpers/dice-text";
import { numberText } from "../../helpers/units";
import { resolveActor } from "../../automation/actor-ref";
import { actorShortMark, alchemikaFor, characterView, combatTalents, goalText, publicEnemyName, recordStrongest, reportShortCombat, rollInShortCombat, shortCombatMessage, useAlchemikumInShortCombat } from "../../automation/short-combat";
import { checkFormula, checkOutlook, FLUSS_PER_EW } from "../../rules";
import { openShortCombatApps } from "./registry";

import ApplicationV2 = foundry.applications.api.ApplicationV2;

const { HandlebarsApplicationMixin } = foundry.applications.api;

export const SHORT_COMBAT_PLAYER_TEMPLATE = "systems/flex/templates/short-combat/player-view.hbs";

interface Choice {
  talent: string | null;
  steps: number;
}

/** G-10: a fighting talent as the player compares it before rolling: its roll and the EW it can reach (R-CORE-4). */
function talentOption(actor: Actor.Implementation, t: { id: string; name: string; kategorie: string }): string {
  const i18n = game.i18n!;
  const item = actor.items.get(t.id);
  const prepared = item ? actor.prepareCheck({ talent: item }, { quiet: true }) : null;
  if (!prepared) return `${t.name} (${i18n.localize(CONFIG.FLEX.talentCategories[t.kategorie as keyof typeof CONFIG.FLEX.talentCategories])})`;
  const outlook = checkOutlook(prepared.input);
  return i18n.format("FLEX.ShortCombat.TalentOption", { talent: t.name, formula: localFormula(checkFormula(prepared.input)), min: numberText(outlook.min), max: numberText(outlook.max) });
}

export class ShortCombatPlayerView extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "flex-short-combat-player-{id}",
    classes: ["flex", "flex-short-app", "flex-short-combat-player"],
    tag: "form",
    window: { title: "FLEX.ShortCombat.Title", icon: "fa-solid fa-bolt-lightning", resizable: true },
    position: { width: 460, height: "auto" as const },
    form: { handler: ShortCombatPlayerView.#onSubmit, submitOnChange: true, closeOnSubmit: false },
    actions: {
      roll: ShortCombatPlayerView.#onRoll,
      useAlchemikum: ShortCombatPlayerView.#onUseAlchemikum,
      report: ShortCombatPlayerView.#onReport,
    },
  };

  static override PARTS = { main: { template: SHORT_COMBAT_PLAYER_TEMPLATE } };

  messageId: string;
  /** This player's choices before each roll, by character row. */
  choices: Record<string, Choice> = {};
  /** Rows with a click in flight: their buttons wait. */
  busy = new Set<string>();

  constructor({ messageId }: { messageId: string }) {
    super({});
    this.messageId = messageId;
  }

  override get title(): string {
    return game.i18n!.localize("FLEX.ShortCombat.Title");
  }

  get found() {
    return shortCombatMessage(this.messageId);
  }

  override async _prepareContext(options: Parameters<ApplicationV2["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    openShortCombatApps().add(this);
    const found = this.found;
    if (!found) return Object.assign(context, { gone: true });
    const { record } = found;
    const strongest = recordStrongest(record);
    const open = record.status === "open";
    const characters = record.characters.map((row) => {
      const view = characterView(row, strongest);
      const actor = resolveActor(row.ref);
      if (!actor?.isOwner) return { ...view, mine: false };
      const talents = combatTalents(actor);
      const choice = this.choices[row.key] ?? { talent: talents[0]?.id ?? null, steps: 0 };
      const fluss = (actor.system as { fluss?: { value?: number } }).fluss?.value ?? 0;
      const mark = actorShortMark(actor, record.id);
      return {
        ...view,
        mine: true,
        busy: this.busy.has(row.key),
        canRoll: open && !row.roll && !mark?.roll,
        // The roll is on its card but has not reached the GM (no GM, a timeout): send it again.
        unreported: open && !row.roll && !!mark?.roll,
        talents: Object.fromEntries(talents.map((t) => [t.id, talentOption(actor, t)])),
        noTalent: !talents.length,
        choice,
        fluss,
        maxSteps: Math.floor(fluss / FLUSS_PER_EW),
        flussAfter: fluss - choice.steps * FLUSS_PER_EW,
        alchemika: open && row.roll ? alchemikaFor(actor, record).map((a) => ({ ...a, usable: a.counts && a.menge > 0 })) : [],
      };
    });
    return Object.assign(context, {
      gone: false,
      record,
      open,
      goalText: goalText(record),
      strongest,
      characters,
      mine: characters.filter((c) => c.mine),
      enemies: record.enemies.map(publicEnemyName),
    });
  }

  /** The choices before a roll stay in this window until the roll. */
  static async #onSubmit(this: ShortCombatPlayerView, _event: Event | SubmitEvent, _form: HTMLFormElement, formData: foundry.applications.ux.FormDataExtended) {
    const data = formData.object as Record<string, unknown>;
    for (const row of this.found?.record.characters ?? []) {
      const talent = data[`talent.${row.key}`];
      const steps = Number(data[`steps.${row.key}`]);
      if (talent === undefined && !(`steps.${row.key}` in data)) continue;
      const before = this.choices[row.key] ?? { talent: null, steps: 0 };
      this.choices[row.key] = { talent: typeof talent === "string" && talent ? talent : before.talent, steps: Number.isFinite(steps) && steps > 0 ? Math.trunc(steps) : 0 };
    }
    await this.render();
  }

  async #withRow(key: string, work: (message: ChatMessage.Implementation) => Promise<unknown>): Promise<void> {
    const found = this.found;
    if (!found || !key || this.busy.has(key)) return;
    this.busy.add(key);
    try {
      await work(found.message);
    } finally {
      this.busy.delete(key);
    }
    if (this.rendered) await this.render();
  }

  static async #onRoll(this: ShortCombatPlayerView, _event: PointerEvent, target: HTMLElement) {
    const key = target.dataset.key ?? "";
    const choice = this.choices[key] ?? { talent: null, steps: 0 };
    await this.#withRow(key, (message) => rollInShortCombat(message, key, choice));
  }

  static async #onUseAlchemikum(this: ShortCombatPlayerView, _event: PointerEvent, target: HTMLElement) {
    const key = target.dataset.key ?? "";
    const item = target.dataset.item ?? "";
    await this.#withRow(key, (message) => useAlchemikumInShortCombat(message, key, item));
  }

  static async #onReport(this: ShortCombatPlayerView, _event: PointerEvent, target: HTMLElement) {
    const key = target.dataset.key ?? "";
    await this.#withRow(key, (message) => reportShortCombat(message, key));
  }

  override async close(options?: Parameters<ApplicationV2["close"]>[0]) {
    openShortCombatApps().delete(this);
    return super.close(options);
  }
}
