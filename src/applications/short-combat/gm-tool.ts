// The GM's short-combat tool (R-SHORT-1 … R-SHORT-6). Before the start it gathers the characters and the enemies
// (the selected tokens, else the active combat's, else the player characters), the players' goal and the enemies'
// stance; "Start" posts the card everyone sees. From then on it shows the card's record live: each roll and what
// Fluss and Alchemika added, the team EWs, the winner and outcome it would give, the hits and one hit's damage;
// the GM may override any value, roll or reroll the enemies, and Apply. Every change goes to the active GM.
import {
  characterView,
  pickParticipants,
  projection,
  enemyShown,
  recordHitDamage,
  recordStrongest,
  rollInShortCombat,
  shortCombatAction,
  shortCombatMessage,
  startShortCombat,
} from "../../automation/short-combat";
import type { ShortAction, ShortCombatRecord, ShortPickable } from "../../automation/short-combat";
import { hiddenFromPlayers } from "../../automation/actor-ref";
import { FlexCombat } from "../../documents/combat";
import { SHORT_GOALS, SHORT_STANCES } from "../../rules";
import type { ShortGoal, ShortStance } from "../../rules";
import { openShortCombatApps } from "./registry";
import { pick } from "../browser";

import ApplicationV2 = foundry.applications.api.ApplicationV2;

const { HandlebarsApplicationMixin } = foundry.applications.api;

export const SHORT_COMBAT_TOOL_TEMPLATE = "systems/flex/templates/short-combat/gm-tool.hbs";

type Source = Actor.Implementation | TokenDocument.Implementation;

interface Candidate {
  id: string;
  source: Source;
  name: string;
  img: string;
  include: boolean;
}

export interface ShortCombatSetupState {
  characters: Candidate[];
  enemies: Candidate[];
  goal: ShortGoal;
  goalNote: string;
  stance: ShortStance;
}

type TokenLike = { document?: TokenDocument.Implementation; actor?: Actor.Implementation | null };

/** The tokens the GM has selected on the canvas. */
function controlledTokens(): TokenDocument.Implementation[] {
  const controlled = (globalThis as { canvas?: { tokens?: { controlled?: TokenLike[] } } }).canvas?.tokens?.controlled ?? [];
  return controlled.map((t) => t.document).filter((d): d is TokenDocument.Implementation => !!d?.actor);
}

const ownedByPlayer = (source: Source) => !!(source instanceof Actor ? source : source.actor)?.hasPlayerOwner;

/** Who takes part by default: the selected tokens, else the active combat's, else every player character. */
export function defaultParticipants(): { characters: ShortPickable[]; enemies: ShortPickable[] } {
  let sources: Source[] = controlledTokens();
  const combat = game.combat instanceof FlexCombat ? game.combat : null;
  // A hidden combatant is the GM's secret (audit N6): not offered by default; the GM may still select its token.
  if (!sources.length && combat) {
    sources = combat.combatants.contents
      .filter((c) => !c.hidden && !!c.actor && !hiddenFromPlayers(c.actor as Actor.Implementation, c.token as TokenDocument.Implementation | null))
      .map((c) => c.token)
      .filter((t): t is TokenDocument.Implementation => !!t?.actor);
  }
  if (!sources.length) return { characters: (game.actors!.contents as Actor.Implementation[]).filter((a) => a.type === "character" && a.hasPlayerOwner), enemies: [] };
  return { characters: sources.filter(ownedByPlayer), enemies: sources.filter((s) => !ownedByPlayer(s)) };
}

function candidates(sources: Iterable<ShortPickable>, side: "c" | "e", start = 0): Candidate[] {
  return pickParticipants([...sources]).map((p, i) => ({ id: `${side}${start + i}`, source: p.token ?? p.actor, name: p.token?.name || p.actor.name, img: p.actor.img ?? "", include: true }));
}

/** The form's fields and the action each sends to the active GM when it changes. */
function formChanges(record: ShortCombatRecord, data: Record<string, unknown>): { action: ShortAction; key?: string; value: unknown }[] {
  const out: { action: ShortAction; key?: string; value: unknown }[] = [];
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v).trim());
  if ("goal" in data && (text(data.goal) !== record.goal || text(data.goalNote) !== record.goalNote)) out.push({ action: "goal", value: { goal: text(data.goal), note: text(data.goalNote) } });
  if ("stance" in data && text(data.stance) !== record.stance) out.push({ action: "stance", value: text(data.stance) });
  const overrides: [string, unknown][] = [
    ["stufe", record.overrides.stufe],
    ["hits", record.overrides.hits],
    ["damage", record.overrides.damage],
    ...record.characters.map((r): [string, unknown] => [r.key, r.override]),
    ...record.enemies.map((r): [string, unknown] => [r.key, r.override]),
  ];
  for (const [key, current] of overrides) {
    const field = `override.${key}`;
    if (field in data && text(data[field]) !== text(current)) out.push({ action: "override", key, value: text(data[field]) });
  }
  return out;
}

export class ShortCombatTool extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "flex-short-combat-{id}",
    classes: ["flex", "flex-short-app", "flex-short-combat-tool"],
    tag: "form",
    window: { title: "FLEX.ShortCombat.Title", icon: "fa-solid fa-bolt-lightning", resizable: true },
    position: { width: 620, height: "auto" as const },
    form: { handler: ShortCombatTool.#onSubmit, submitOnChange: true, closeOnSubmit: false },
    actions: {
      takeSelected: ShortCombatTool.#onTakeSelected,
      pickEnemies: ShortCombatTool.#onPickEnemies,
      start: ShortCombatTool.#onStart,
      rollEnemies: ShortCombatTool.#onRollEnemies,
      rerollEnemy: ShortCombatTool.#onRerollEnemy,
      rollCharacter: ShortCombatTool.#onRollCharacter,
      apply: ShortCombatTool.#onApply,
      cancel: ShortCombatTool.#onCancel,
    },
  };

  static override PARTS = { main: { template: SHORT_COMBAT_TOOL_TEMPLATE } };

  /** The card of the running short combat; null while it is being set up. */
  messageId: string | null;
  setup: ShortCombatSetupState;
  /** A click in flight: the buttons wait for it (no double Start or Apply from this window). */
  busy = false;

  constructor({ messageId = null, setup = null }: { messageId?: string | null; setup?: Partial<{ characters: Iterable<ShortPickable>; enemies: Iterable<ShortPickable>; goal: ShortGoal; goalNote: string; stance: ShortStance }> | null } = {}) {
    super({});
    this.messageId = messageId;
    const base = setup?.characters || setup?.enemies ? { characters: setup.characters ?? [], enemies: setup.enemies ?? [] } : defaultParticipants();
    this.setup = {
      characters: candidates(base.characters, "c"),
      enemies: candidates(base.enemies, "e"),
      goal: setup?.goal ?? "capture",
      goalNote: setup?.goalNote ?? "",
      stance: setup?.stance ?? "fight",
    };
  }

  override get title(): string {
    return game.i18n!.localize("FLEX.ShortCombat.Title");
  }

  get found() {
    return this.messageId ? shortCombatMessage(this.messageId) : null;
  }

  override async _prepareContext(options: Parameters<ApplicationV2["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    // A window that renders follows the card (registry.ts re-renders it when the card changes).
    openShortCombatApps().add(this);
    const goals = Object.fromEntries(SHORT_GOALS.map((g) => [g, `FLEX.ShortCombat.Goal.${g}`]));
    const stances = Object.fromEntries(SHORT_STANCES.map((s) => [s, `FLEX.ShortCombat.Stance.${s}`]));
    const found = this.found;
    if (!found) return Object.assign(context, { setupMode: true, ...this.setup, goals, stances, busy: this.busy, canStart: this.setup.characters.some((c) => c.include) && this.setup.enemies.some((e) => e.include) });
    const { record } = found;
    const strongest = recordStrongest(record);
    const { charactersEW, enemiesEW, resolution, hits } = projection(record);
    const damage = recordHitDamage(record);
    return Object.assign(context, {
      setupMode: false,
      record,
      open: record.status === "open",
      goals,
      stances,
      busy: this.busy,
      strongest,
      characters: record.characters.map((r) => characterView(r, strongest)),
      enemies: record.enemies.map((r) => ({ ...r, ...enemyShown(r), ew: r.override ?? r.roll?.total ?? null, overridden: typeof r.override === "number" })),
      // G-9: once any enemy has a roll, the button rolls them all again and says so.
      enemiesRolled: record.enemies.some((r) => !!r.roll),
      charactersEW,
      enemiesEW,
      resolution,
      hits,
      hitsDerived: resolution?.hits ?? null,
      outcomeLabel: resolution ? `FLEX.ShortCombat.Outcome.${resolution.outcome}` : null,
      winnerLabel: resolution ? `FLEX.ShortCombat.Winner.${resolution.winner}` : null,
      damage,
      damageFallback: !!damage?.derived?.fallback,
    });
  }

  /** Form changes: while setting up they stay in this window; afterwards each goes to the active GM. */
  static async #onSubmit(this: ShortCombatTool, _event: Event | SubmitEvent, _form: HTMLFormElement, formData: foundry.applications.ux.FormDataExtended) {
    const data = formData.object as Record<string, unknown>;
    const found = this.found;
    if (!found) {
      const on = (v: unknown) => v === true || v === "true" || v === "on";
      for (const c of [...this.setup.characters, ...this.setup.enemies]) if (`pick.${c.id}` in data) c.include = on(data[`pick.${c.id}`]);
      if (SHORT_GOALS.includes(data.goal as ShortGoal)) this.setup.goal = data.goal as ShortGoal;
      if (typeof data.goalNote === "string") this.setup.goalNote = data.goalNote;
      if (SHORT_STANCES.includes(data.stance as ShortStance)) this.setup.stance = data.stance as ShortStance;
      await this.render();
      return;
    }
    for (const change of formChanges(found.record, data)) await shortCombatAction(found.message, change.action, { key: change.key ?? null, value: change.value });
  }

  /** Adds the selected tokens: player characters to the characters, the rest to the enemies. */
  static async #onTakeSelected(this: ShortCombatTool) {
    const tokens = controlledTokens();
    const known = new Set([...this.setup.characters, ...this.setup.enemies].map((c) => (c.source instanceof Actor ? c.source : c.source.actor)?.uuid));
    const fresh = tokens.filter((t) => !known.has(t.actor?.uuid));
    this.setup.characters.push(...candidates(fresh.filter(ownedByPlayer), "c", this.setup.characters.length));
    this.setup.enemies.push(...candidates(fresh.filter((t) => !ownedByPlayer(t)), "e", this.setup.enemies.length));
    await this.render();
  }

  /**
   * Enemies chosen in the compendium browser's select mode (several at once): the creatures of this world and of the
   * scene in view (a token stands for its actor), with the browser's filters (Stufe, kind, Leben …).
   */
  static async #onPickEnemies(this: ShortCombatTool) {
    const tokens = ((game.scenes?.viewed?.tokens.contents ?? []) as TokenDocument.Implementation[]).filter((t) => t.actor?.type === "creature");
    const byUuid = new Map<string, ShortPickable>(tokens.map((t) => [t.actor!.uuid, t]));
    const uuids = await pick({
      tabs: ["creatures"],
      packs: false,
      world: "OBSERVER",
      candidates: tokens.map((t) => t.actor!),
      select: { multiple: true, title: game.i18n!.localize("FLEX.ShortCombat.PickEnemiesTitle"), button: "FLEX.ShortCombat.PickEnemies", icon: "fa-solid fa-skull" },
    });
    const known = new Set([...this.setup.characters, ...this.setup.enemies].map((c) => (c.source instanceof Actor ? c.source : c.source.actor)?.uuid));
    const chosen = uuids.filter((u) => !known.has(u)).map((u) => byUuid.get(u) ?? (game.actors!.contents as Actor.Implementation[]).find((a) => a.uuid === u)).filter((p): p is ShortPickable => !!p);
    if (!chosen.length) return;
    this.setup.enemies.push(...candidates(chosen, "e", this.setup.enemies.length));
    await this.render();
  }

  /** R-SHORT-1: posts the card; this window then follows it. */
  static async #onStart(this: ShortCombatTool) {
    if (this.busy || this.messageId) return;
    this.busy = true;
    try {
      const pick = (list: Candidate[]) => list.filter((c) => c.include).map((c) => c.source);
      const message = await startShortCombat({ characters: pick(this.setup.characters), enemies: pick(this.setup.enemies), goal: this.setup.goal, goalNote: this.setup.goalNote, stance: this.setup.stance });
      if (message) this.messageId = message.id;
    } finally {
      this.busy = false;
    }
    await this.render();
  }

  async #act(action: ShortAction, key: string | null = null): Promise<void> {
    const found = this.found;
    if (!found || this.busy) return;
    this.busy = true;
    try {
      await shortCombatAction(found.message, action, { key });
    } finally {
      this.busy = false;
    }
    if (this.rendered) await this.render();
  }

  static async #onRollEnemies(this: ShortCombatTool) {
    await this.#act("roll");
  }

  static async #onRerollEnemy(this: ShortCombatTool, _event: PointerEvent, target: HTMLElement) {
    await this.#act("roll", target.dataset.key ?? null);
  }

  /** A character without a player (or whose player is away): the GM rolls its best Kampfart or Zauberschule. */
  static async #onRollCharacter(this: ShortCombatTool, _event: PointerEvent, target: HTMLElement) {
    const found = this.found;
    const key = target.dataset.key ?? "";
    if (!found || this.busy || !key) return;
    this.busy = true;
    try {
      await rollInShortCombat(found.message, key);
    } finally {
      this.busy = false;
    }
    if (this.rendered) await this.render();
  }

  static async #onApply(this: ShortCombatTool) {
    await this.#act("apply");
  }

  static async #onCancel(this: ShortCombatTool) {
    await this.#act("cancel");
  }

  override async close(options?: Parameters<ApplicationV2["close"]>[0]) {
    openShortCombatApps().delete(this);
    return super.close(options);
  }
}
