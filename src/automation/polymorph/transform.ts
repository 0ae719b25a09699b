// Transform in place (R-POLY-1 … 4): the character takes the form's values, attacks and passives; its own
// Leben, Fluss and Gunst stay. No other actor is created. The snapshot of everything it was goes onto the
// actor in the same write as the swap; then the form's items, the verwandelt status and the token's look.
import { polymorphRenameToken } from "../../helpers/settings";
import { POLY_REPLACED, formLeben, formValues, swappedSystem } from "../../rules";
import { RECEIVED_FLAG } from "./received";
import { POLYMORPH_STATUS, SNAPSHOT_VERSION, appearanceChanges, readSnapshot, sealSnapshot, tokenAppearance } from "./snapshot";
import type { Appearance, PolymorphSnapshot, SourceData } from "./snapshot";

export interface TransformOptions {
  /** The token takes the form's name too (by default the GM's world setting; else it keeps the character's). */
  rename?: boolean;
}

/** Flex's own writes carry this option, so that the locks (guards.ts) let them through. */
export const POLY_WRITE = { diff: true, flexPolymorph: true };
const POLY_CREATE = { keepId: true, flexPolymorph: true };

const l = (key: string) => game.i18n!.localize(key);
const f = (key: string, data: Record<string, string>) => game.i18n!.format(key, data);

/** A document's source as plain data (its deep types are of no use here). */
function plain(doc: { toObject(): unknown }): Record<string, unknown> {
  return doc.toObject() as Record<string, unknown>;
}

type PackLike = { visible?: boolean; testUserPermission?: (user: User.Implementation, level: "OBSERVER") => boolean };

/**
 * Whether `user` may see the creature (Trust model: anything read by uuid, on every route): a world creature it
 * observes, or one of a pack it may see; the system's own creature packs are open to players.
 */
export function mayUseForm(user: User.Implementation, form: Actor.Implementation): boolean {
  if (user.isGM) return true;
  if (!form.pack) return form.testUserPermission(user, "OBSERVER");
  const pack = (game as unknown as { packs?: { get(id: string): PackLike | undefined } }).packs?.get(form.pack);
  if (pack) return pack.testUserPermission ? pack.testUserPermission(user, "OBSERVER") : pack.visible !== false;
  return form.pack.startsWith("flex.");
}

/** Why a transformation cannot happen, as a message key; null when it can. */
export function transformRefusal(actor: Actor.Implementation, form: Actor.Implementation | null): string | null {
  if (actor.type !== "character") return "FLEX.Polymorph.Refused.NotCharacter";
  if (!form || form.type !== "creature") return "FLEX.Polymorph.Refused.NotCreature";
  if (!actor.isOwner) return "FLEX.Polymorph.Refused.NotOwner";
  if (!mayUseForm(game.user!, form)) return "FLEX.Polymorph.Refused.Hidden";
  const read = readSnapshot(actor);
  if (read.state === "ok") return "FLEX.Polymorph.Refused.Already";
  if (read.state === "corrupt") return "FLEX.Polymorph.Refused.Corrupt";
  return null;
}

/** The look the form gives a token: its prototype token's image and size, else its portrait at size 1. */
function formLook(form: Actor.Implementation): Appearance {
  const proto = (form as { prototypeToken?: { name?: string; texture?: { src?: string | null }; width?: number; height?: number } }).prototypeToken ?? {};
  return { name: proto.name || form.name, texture: { src: proto.texture?.src || form.img || null }, width: Number(proto.width) || 1, height: Number(proto.height) || 1 };
}

/**
 * The tokens whose look follows this actor: its own token (unlinked), or its linked tokens on every scene (not only the
 * scene in view, which is all getActiveTokens knows).
 */
export function tokensOf(actor: Actor.Implementation): TokenDocument.Implementation[] {
  if (actor.isToken) return actor.token ? [actor.token] : [];
  return actor.getDependentTokens({ linked: true }) as TokenDocument.Implementation[];
}

/** Writes a look onto tokens: one request per scene. */
export async function writeTokenLooks(looks: { token: TokenDocument.Implementation; changes: Record<string, unknown> }[]): Promise<void> {
  const byScene = new Map<Scene.Implementation, Record<string, unknown>[]>();
  for (const { token, changes } of looks) {
    const scene = token.parent;
    if (!scene) continue;
    byScene.set(scene, [...(byScene.get(scene) ?? []), { _id: token.id, ...changes }]);
  }
  for (const [scene, updates] of byScene) await scene.updateEmbeddedDocuments("Token", updates, POLY_WRITE);
}

/**
 * R-POLY-1 … 4: transforms `actor` into `form` (a creature from the world or a compendium). Refused with a
 * message (and nothing written) when the actor is not a character its user owns, when the form is not a
 * creature, or when it is transformed already. Returns the snapshot, or null.
 */
export async function transformInto(actor: Actor.Implementation, form: Actor.Implementation | null, { rename = polymorphRenameToken() }: TransformOptions = {}): Promise<PolymorphSnapshot | null> {
  const refusal = transformRefusal(actor, form);
  if (refusal || !form) {
    const current = readSnapshot(actor);
    const formName = current.state === "ok" ? current.snapshot.form.name : "";
    ui.notifications?.warn(f(refusal ?? "FLEX.Polymorph.Refused.NotCreature", { name: actor.name, form: formName || (form?.name ?? "") }));
    return null;
  }
  const { randomID } = foundry.utils;
  const id = randomID();
  const source = plain(actor) as { system: Record<string, unknown>; items?: SourceData[]; effects?: SourceData[]; prototypeToken?: unknown };
  const formSystem = (plain(form) as { system: Record<string, unknown> }).system;
  const values = formValues(formSystem);
  const swapped = swappedSystem(source.system, values);

  // R-POLY-4: the form's attacks, passives and talents, marked as the form's.
  const formItems = form.items.contents.map((item) => {
    const data = plain(item) as Record<string, unknown> & { flags?: Record<string, Record<string, unknown>> };
    return { ...data, _id: randomID(), folder: null, flags: { ...(data.flags ?? {}), flex: { ...(data.flags?.flex ?? {}), polymorphForm: id } } };
  });
  const statusId = randomID();
  const tokens = tokensOf(actor);
  const look = formLook(form);
  const proto = actor.isToken ? null : tokenAppearance(source.prototypeToken);
  const leben = Number((source.system.leben as { value?: unknown } | undefined)?.value) || 0;
  const num = (v: unknown) => (Number.isFinite(Number(v)) ? Math.trunc(Number(v)) : 0);

  const snapshot = sealSnapshot({
    v: SNAPSHOT_VERSION,
    id,
    at: Date.now(),
    form: { name: form.name, uuid: form.uuid, img: form.img ?? "", ruestung: values.ruestung, ausweichen: num(formSystem.ausweichen), parade: num(formSystem.parade) },
    original: { name: actor.name, system: source.system, prototypeToken: proto, tokens: tokens.map((t) => ({ uuid: t.uuid, look: tokenAppearance(plain(t)) })) },
    items: source.items ?? [],
    effects: source.effects ?? [],
    formItems: formItems.map((i) => i._id),
    status: statusId,
    lebenAtTransform: Math.max(0, leben),
    threshold: formLeben(formSystem),
  });

  // 1. The swap and its snapshot, in one write (R-POLY-1 / 2 / 6; the pools are not part of it).
  const changes: Record<string, unknown> = { "flags.flex.polymorph": snapshot };
  // A count of damage received left from an earlier form goes (R-POLY-7: this form starts at 0).
  if (actor.getFlag("flex", RECEIVED_FLAG) !== undefined) changes[`flags.flex.-=${RECEIVED_FLAG}`] = null;
  for (const key of POLY_REPLACED) changes[`system.${key}`] = swapped[key];
  if (proto) Object.assign(changes, appearanceChanges(look, { withName: rename, prefix: "prototypeToken." }));
  await actor.update(changes, POLY_WRITE);
  // 2. The form's items (R-POLY-4). 3. The verwandelt status.
  if (formItems.length) await actor.createEmbeddedDocuments("Item", formItems as Item.CreateData[], POLY_CREATE);
  const status = (await ActiveEffect.implementation.fromStatusEffect(POLYMORPH_STATUS)).toObject();
  await actor.createEmbeddedDocuments("ActiveEffect", [{ ...status, _id: statusId }], POLY_CREATE);
  // The token's look (its image and size; its name when the GM wishes).
  await writeTokenLooks(tokens.map((token) => ({ token, changes: appearanceChanges(look, { withName: rename }) })));
  ui.notifications?.info(f("FLEX.Polymorph.Transformed", { name: actor.name, form: form.name }));
  return snapshot;
}

/** A creature from a drop or a uuid (world or compendium), or null with a message. */
export async function formFromUuid(uuid: string): Promise<Actor.Implementation | null> {
  const doc = (await fromUuid(uuid as `Actor.${string}`).catch(() => null)) as { documentName?: string; type?: string } | null;
  if (doc?.documentName === "Actor" && doc.type === "creature") return doc as Actor.Implementation;
  ui.notifications?.warn(l("FLEX.Polymorph.Refused.NoForm"));
  return null;
}
