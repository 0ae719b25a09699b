// The Effekte tab of the actor sheets: the status toggles, then every effect that applies to the actor
// (its own and those its items transfer, core's `allApplicableEffects`) in three groups as dnd5e 5.x and
// Draw Steel show them: Temporär (has a duration), Passiv (no duration, working), Inaktiv (switched off or
// suppressed). Each row says where the effect comes from and how long it lasts; owners create, edit, toggle
// and delete effects here, an item's effect being edited and toggled on its item.
import { startedCombat } from "../../automation/combat/tracker";
import { documentFromUuid } from "../../helpers/uuid";
import { unitText } from "../../helpers/units";
import { plainText } from "./plain-text";
import { EFFECT_ART } from "../../helpers/default-art";

export const EFFECT_GROUPS = ["temporary", "passive", "inactive"] as const;
export type EffectGroupId = (typeof EFFECT_GROUPS)[number];

type Effect = ActiveEffect.Implementation;

export interface EffectRow {
  id: string;
  /** The item the effect lives on when an item transfers it; null for the actor's own. */
  parentId: string | null;
  name: string;
  img: string;
  disabled: boolean;
  /** Switched on, but something keeps it from working (e.g. a polymorph, R-POLY-2). */
  suppressed: boolean;
  source: { label: string; tooltip: string };
  duration: string;
  /** Its description as one line, for the name's tooltip ("" when it has none). */
  note: string;
}

export interface EffectGroup {
  id: EffectGroupId;
  label: string;
  empty: string;
  effects: EffectRow[];
}

const i18n = () => game.i18n!;

/** The status toggles (core statuses Flex hides are left out) and the three effect groups. */
export function effectsTabContext(actor: Actor.Implementation) {
  const shown = CONFIG.statusEffects.filter((s) => (s as { hud?: unknown }).hud !== false);
  const statuses = shown.map((s) => ({ id: s.id, name: s.name, img: (s as { img?: string }).img ?? "", active: actor.statuses.has(s.id) }));
  const toggles = new Set(shown.map((s) => s.id));
  const groups = Object.fromEntries(EFFECT_GROUPS.map((id) => [id, [] as Effect[]])) as Record<EffectGroupId, Effect[]>;
  // A status shown as a toggle keeps what its effect says (the hallucinations' note): under the toggles.
  const notes: { name: string; text: string }[] = [];
  for (const effect of actor.allApplicableEffects()) {
    if (isStatusToggle(effect, actor, toggles)) {
      const text = plainText(effect.description ?? "");
      if (text) notes.push({ name: effect.name, text });
      continue;
    }
    groups[groupOf(effect)].push(effect);
  }
  const effectGroups: EffectGroup[] = EFFECT_GROUPS.map((id) => ({
    id,
    label: `FLEX.Effects.Group.${id}`,
    empty: `FLEX.Effects.Empty.${id}`,
    effects: groups[id].sort(bySortThenName).map((e) => effectRow(e, actor)),
  }));
  return { statuses, statusNotes: notes, effectGroups };
}

/** An actor's own working effect that only carries statuses shown as toggles above, with no duration to show. */
function isStatusToggle(effect: Effect, actor: Actor.Implementation, toggles: Set<string>): boolean {
  if (effect.parent !== actor || !effect.active || effect.statuses.size === 0 || hasDuration(effect)) return false;
  return [...effect.statuses].every((id) => toggles.has(id));
}

function groupOf(effect: Effect): EffectGroupId {
  if (!effect.active) return "inactive";
  return hasDuration(effect) ? "temporary" : "passive";
}

/** A duration in seconds, rounds or turns, read as core reads it for `isTemporary` (without its statuses). */
function hasDuration(effect: Effect): boolean {
  const d = effect.duration;
  return (d.seconds ?? (d.rounds || d.turns) ?? 0) > 0;
}

function bySortThenName(a: Effect, b: Effect): number {
  return (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name);
}

function effectRow(effect: Effect, actor: Actor.Implementation): EffectRow {
  const onItem = effect.parent !== actor;
  return {
    id: effect.id!,
    parentId: onItem ? (effect.parent?.id ?? null) : null,
    name: effect.name,
    img: effect.img ?? "",
    disabled: effect.disabled,
    suppressed: !effect.disabled && effect.isSuppressed,
    source: sourceOf(effect, actor),
    duration: durationLabel(effect),
    note: plainText(effect.description ?? ""),
  };
}

// Source ---------------------------------------------------------------------------------------------

/** The item that transfers the effect; else what `origin` names (the actor itself: "eigene"). */
function sourceOf(effect: Effect, actor: Actor.Implementation): EffectRow["source"] {
  const t = i18n();
  const parent = effect.parent;
  if (parent && parent !== actor) return { label: parent.name ?? "", tooltip: t.format("FLEX.Effects.FromItem", { item: parent.name ?? "" }) };
  const own = { label: t.localize("FLEX.Effects.Own"), tooltip: t.localize("FLEX.Effects.OwnHint") };
  const origin = effect.origin;
  if (!origin || origin === actor.uuid) return own;
  let doc = documentFromUuid(origin);
  // An effect applied by another effect comes from that effect's actor or item.
  if (doc && (doc as { documentName?: string }).documentName === "ActiveEffect") doc = (doc as { parent?: unknown }).parent ?? null;
  if (doc === actor) return own;
  const name = (doc as { name?: unknown } | null)?.name;
  if (typeof name === "string" && name) return { label: name, tooltip: t.format("FLEX.Effects.FromOrigin", { name }) };
  return { label: t.localize("FLEX.Effects.UnknownSource"), tooltip: t.localize("FLEX.Effects.UnknownSourceHint") };
}

// Duration ------------------------------------------------------------------------------------------

const SECONDS = [
  ["Tag", 86400],
  ["Hour", 3600],
  ["Minute", 60],
  ["Second", 1],
] as const;

/** "noch 2 KR", "noch 10 Minuten", "3 KR" before it starts counting, "abgelaufen"; "" without a duration. */
function durationLabel(effect: Effect): string {
  const d = effect.duration;
  const t = i18n();
  if (typeof d.seconds === "number" && d.seconds > 0) {
    if (typeof d.startTime !== "number") return timeLabel(d.seconds);
    const left = d.seconds - (game.time!.worldTime - d.startTime);
    return left > 0 ? t.format("FLEX.Effects.Remaining", { time: timeLabel(left) }) : t.localize("FLEX.Effects.Expired");
  }
  const rounds = d.rounds ?? 0;
  const turns = d.turns ?? 0;
  if (rounds <= 0 && turns <= 0) return "";
  const left = combatTimeLeft(effect, rounds, turns);
  if (left === null) return roundsLabel(rounds, turns);
  if (left.rounds <= 0 && left.turns <= 0) return t.localize("FLEX.Effects.Expired");
  return t.format("FLEX.Effects.Remaining", { time: roundsLabel(left.rounds, left.turns) });
}

/**
 * Rounds and turns left in the running combat, counted from the round and turn the effect started in
 * (as core counts them); null when there is no started combat of its own to count in, or it has not begun.
 */
function combatTimeLeft(effect: Effect, rounds: number, turns: number): { rounds: number; turns: number } | null {
  const combat = startedCombat();
  const d = effect.duration;
  if (!combat || typeof d.startRound !== "number") return null;
  // The source holds the combat's id; the prepared field may hold the document.
  const started = effect._source.duration?.combat;
  if (started && started !== combat.id) return null;
  const perRound = Math.max(combat.turns.length, 1);
  const now = combat.round * perRound + (combat.turn ?? 0);
  const start = d.startRound * perRound + (d.startTurn ?? 0);
  if (now <= start) return null;
  const left = Math.max(start + rounds * perRound + turns - now, 0);
  return { rounds: Math.floor(left / perRound), turns: left % perRound };
}

function roundsLabel(rounds: number, turns: number): string {
  const parts: string[] = [];
  if (rounds > 0) parts.push(unitText("Round", rounds));
  if (turns > 0) parts.push(unitText("Turn", turns));
  return parts.join(", ");
}

function timeLabel(seconds: number): string {
  const [unit, size] = SECONDS.find(([, size]) => seconds >= size) ?? SECONDS[3];
  return unitText(unit, Math.max(Math.round(seconds / size), 1));
}


// Actions -------------------------------------------------------------------------------------------

/** The effect a clicked row names: the actor's own, or one of its items' (data-parent-id). */
export function effectOf(actor: Actor.Implementation, target: HTMLElement): Effect | undefined {
  const row = target.closest<HTMLElement>("[data-effect-id]");
  const id = row?.dataset.effectId ?? "";
  const parentId = row?.dataset.parentId;
  if (parentId) return actor.items.get(parentId)?.effects.get(id);
  return actor.effects.get(id);
}

/** Clicks a sheet is still carrying out, so a double click does not create or delete twice. */
const running = new WeakMap<object, Set<string>>();

async function once(sheet: object, key: string, work: () => Promise<unknown>): Promise<void> {
  let keys = running.get(sheet);
  if (!keys) running.set(sheet, (keys = new Set()));
  if (keys.has(key)) return;
  keys.add(key);
  try {
    await work();
  } finally {
    keys.delete(key);
  }
}

function isGroup(group: string | undefined): group is EffectGroupId {
  return (EFFECT_GROUPS as readonly (string | undefined)[]).includes(group);
}

/** A new effect in the clicked group (temporary: 1 round; inactive: switched off), its config sheet opened. */
export async function createEffect(sheet: object, actor: Actor.Implementation, group: string | undefined): Promise<void> {
  const id = isGroup(group) ? group : "passive";
  await once(sheet, `create:${id}`, async () => {
    const data = {
      name: i18n().localize("FLEX.Effects.New"),
      img: EFFECT_ART,
      origin: actor.uuid,
      disabled: id === "inactive",
      ...(id === "temporary" ? { duration: { rounds: 1 } } : {}),
    };
    const created = await actor.createEmbeddedDocuments("ActiveEffect", [data]);
    // The created documents are typed as stored data; the actor's collection holds the effect itself.
    await editEffect(actor.effects.get(created?.[0]?.id ?? ""));
  });
}

/** Core's ActiveEffectConfig; an item's effect is edited on that item. */
export async function editEffect(effect: Effect | undefined): Promise<void> {
  await effect?.sheet?.render(true);
}

export async function toggleEffect(effect: Effect | undefined): Promise<void> {
  await effect?.update({ disabled: !effect.disabled });
}

/** Core's "Are you sure?" first; a second click while it is open does nothing. */
export async function deleteEffect(sheet: object, effect: Effect | undefined): Promise<void> {
  if (!effect) return;
  await once(sheet, `delete:${effect.uuid}`, () => effect.deleteDialog());
}
