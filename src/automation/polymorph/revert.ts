// Turning back (R-POLY-7 / R-POLY-8): the snapshot is checked first; a corrupt one is reported and nothing
// is written. The first write restores the replaced values; then the form's items and the status go, anything
// of the character that went missing comes back from the snapshot, the tokens get their look back, one card
// says so (its id is the transformation's, so it is posted once), and the last write removes the snapshot.
// Every write is safe to make again from the snapshot, so a revert cut short (a GM who drops) is finished by
// running it again: the automatic revert is a journalled task that the next GM finishes.
import { POLY_REPLACED, stableJson } from "../../rules";
import { documentFromUuid } from "../../helpers/uuid";
import { damageReceivedIn, RECEIVED_FLAG } from "./received";
import { appearanceChanges, readSnapshot } from "./snapshot";
import type { PolymorphSnapshot } from "./snapshot";
import { POLY_WRITE, tokensOf, writeTokenLooks } from "./transform";

export const POLYMORPH_CARD = "systems/flex/templates/chat/polymorph-card.hbs";
export type RevertReason = "manual" | "threshold";

const POLY_CREATE = { keepId: true, flexPolymorph: true };
const POLY_DELETE = { render: true, flexPolymorph: true };

const f = (key: string, data: Record<string, string>) => game.i18n!.format(key, data);

/** The item types a character carries (the rest are what it knows and can do: talents, spells, attacks, …). */
const GEAR_TYPES = new Set(["weapon", "armor", "equipment", "alchemical"]);

export interface RevertReport {
  name: string;
  form: string;
  reason: RevertReason;
  taken: number;
  threshold: number;
  /** Every item of the character's, then split as the card says it: what it carries and what it can do. */
  items: number;
  gear: number;
  abilities: number;
  effects: number;
  /** Items and effects of the character that had gone missing and came back from the snapshot. */
  recovered: number;
  /** R-POLY-5: the character's own Leben once back (the form's damage came off them); absent on old reports. */
  leben?: { value: number; max: number };
}

/** The character's items and effects that are missing or changed, against the snapshot. */
function drift(current: { contents: { id: string | null; toObject(): unknown }[] }, sources: Record<string, unknown>[]) {
  const missing: Record<string, unknown>[] = [];
  const changed: Record<string, unknown>[] = [];
  for (const src of sources) {
    const doc = current.contents.find((d) => d.id === src._id);
    if (!doc) missing.push(src);
    else if (stableJson(doc.toObject()) !== stableJson(src)) changed.push(src);
  }
  return { missing, changed };
}

/**
 * R-POLY-8: turns the actor back. False (with a message, nothing written) when it is not transformed, the
 * user may not, or its snapshot is corrupt.
 */
export async function revertForm(actor: Actor.Implementation, { reason = "manual", private: hidden = false }: { reason?: RevertReason; private?: boolean } = {}): Promise<RevertReport | null> {
  const read = readSnapshot(actor);
  if (read.state === "none") {
    ui.notifications?.warn(f("FLEX.Polymorph.Refused.NotTransformed", { name: actor.name }));
    return null;
  }
  if (read.state === "corrupt") {
    console.error(`Flex | the polymorph snapshot of ${actor.name} failed its check (${read.fault}); nothing was changed`);
    ui.notifications?.error(f("FLEX.Polymorph.Corrupt", { name: actor.name, fault: game.i18n!.localize(`FLEX.Polymorph.Fault.${read.fault}`) }));
    return null;
  }
  if (!actor.isOwner) {
    ui.notifications?.warn(f("FLEX.Polymorph.Refused.NotOwner", { name: actor.name, form: read.snapshot.form.name }));
    return null;
  }
  return carryOutRevert(actor, read.snapshot, reason, hidden ? [game.user!.id!] : undefined);
}

/** R-POLY-8 from a checked snapshot; every write may be made again (the snapshot goes last). */
export async function carryOutRevert(actor: Actor.Implementation, s: PolymorphSnapshot, reason: RevertReason, whisper?: string[]): Promise<RevertReport> {

  // 1. The replaced values back (R-POLY-8; the pools stay, R-POLY-5).
  const changes: Record<string, unknown> = {};
  for (const key of POLY_REPLACED) changes[`system.${key}`] = s.original.system[key];
  const proto = s.original.prototypeToken;
  if (proto && !actor.isToken) Object.assign(changes, appearanceChanges(proto, { withName: true, exact: true, prefix: "prototypeToken." }));
  await actor.update(changes, POLY_WRITE);

  // 2. The form's items go; 3. the status goes.
  const formIds = actor.items.filter((i) => s.formItems.includes(i.id!) || i.getFlag("flex", "polymorphForm") === s.id).map((i) => i.id!);
  if (formIds.length) await actor.deleteEmbeddedDocuments("Item", formIds, POLY_DELETE);
  const statusIds = actor.effects.filter((e) => e.id === s.status).map((e) => e.id!);
  if (statusIds.length) await actor.deleteEmbeddedDocuments("ActiveEffect", statusIds, POLY_DELETE);

  // Anything of the character that went missing or changed in spite of the locks comes back as it was.
  const items = drift(actor.items, s.items);
  const effects = drift(actor.effects, s.effects);
  if (items.missing.length) await actor.createEmbeddedDocuments("Item", items.missing as Item.CreateData[], POLY_CREATE);
  if (items.changed.length) await actor.updateEmbeddedDocuments("Item", items.changed as Item.UpdateData[], POLY_WRITE);
  if (effects.missing.length) await actor.createEmbeddedDocuments("ActiveEffect", effects.missing as ActiveEffect.CreateData[], POLY_CREATE);
  if (effects.changed.length) await actor.updateEmbeddedDocuments("ActiveEffect", effects.changed as ActiveEffect.UpdateData[], POLY_WRITE);

  // The tokens' look: each as it was; a linked token placed in the form takes the prototype's.
  const looks = tokensOf(actor).flatMap((token) => {
    const look = s.original.tokens.find((t) => t.uuid === token.uuid)?.look ?? proto;
    return look ? [{ token, changes: appearanceChanges(look, { withName: true, exact: true }) }] : [];
  });
  for (const { uuid, look } of s.original.tokens) {
    const token = documentFromUuid(uuid) as TokenDocument.Implementation | null;
    if (token && !looks.some((l) => l.token === token)) looks.push({ token, changes: appearanceChanges(look, { withName: true, exact: true }) });
  }
  await writeTokenLooks(looks);

  const report: RevertReport = {
    name: actor.name,
    form: s.form.name,
    reason,
    taken: damageReceivedIn(actor, s),
    threshold: s.threshold,
    items: s.items.length,
    gear: s.items.filter((i) => GEAR_TYPES.has(String(i.type))).length,
    abilities: s.items.filter((i) => !GEAR_TYPES.has(String(i.type))).length,
    effects: s.effects.length,
    recovered: items.missing.length + items.changed.length + effects.missing.length + effects.changed.length,
    leben: ownLeben(actor),
  };
  await postRevertCard(actor, s, report, whisper);
  // Last: the snapshot goes, with the damage the form received; until then a revert cut short can be run again.
  const done: Record<string, unknown> = { "flags.flex.-=polymorph": null };
  if (actor.getFlag("flex", RECEIVED_FLAG) !== undefined) done[`flags.flex.-=${RECEIVED_FLAG}`] = null;
  await actor.update(done, POLY_WRITE);
  return report;
}

/** The character's own Leben, as its sheet shows them once it is back. */
function ownLeben(actor: Actor.Implementation): { value: number; max: number } {
  const leben = (actor.system as { leben?: { value?: unknown; max?: unknown } }).leben;
  const int = (v: unknown) => Math.max(0, Math.trunc(Number(v)) || 0);
  return { value: int(leben?.value), max: int(leben?.max) };
}

/** The card's data: who turned back from what, why, the Leben the form's damage left, and what came back. */
export function revertCardData(report: RevertReport): Record<string, unknown> {
  const data = { name: report.name, form: report.form, taken: String(report.taken), threshold: String(report.threshold), leben: String(report.leben?.value ?? "?"), max: String(report.leben?.max ?? "?") };
  return {
    title: f("FLEX.Polymorph.Card.Title", data),
    from: f("FLEX.Polymorph.Card.From", data),
    reason: f(`FLEX.Polymorph.Card.Reason.${report.reason}`, data),
    damage: f(report.taken > 0 ? "FLEX.Polymorph.Card.Damage" : "FLEX.Polymorph.Card.DamageNone", data),
    // C-15: talents are no Gegenstände.
    restored: f("FLEX.Polymorph.Card.Restored", { gear: String(report.gear), abilities: String(report.abilities), effects: String(report.effects) }),
    recovered: report.recovered ? f("FLEX.Polymorph.Card.Recovered", { n: String(report.recovered) }) : "",
    threshold: report.reason === "threshold",
    rules: report.reason === "threshold" ? "R-POLY-5, R-POLY-7, R-POLY-8" : "R-POLY-5, R-POLY-8",
  };
}

/** The card, once: its id is the transformation's (a revert run again finds it posted). */
async function postRevertCard(actor: Actor.Implementation, s: PolymorphSnapshot, report: RevertReport, whisper?: string[]): Promise<void> {
  if (game.messages!.get(s.id)) return;
  const content = await foundry.applications.handlebars.renderTemplate(POLYMORPH_CARD, { ...revertCardData(report), img: s.form.img });
  await ChatMessage.create(
    {
      _id: s.id,
      content,
      speaker: ChatMessage.getSpeaker({ actor }),
      flags: { flex: { polymorph: { snapshot: s.id, reason: report.reason, taken: report.taken, threshold: report.threshold } } },
      ...(whisper ? { whisper } : {}),
    },
    { keepId: true },
  );
}
