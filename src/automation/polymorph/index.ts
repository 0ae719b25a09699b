// Polymorph (RULES.md §6): a character turns into a creature in place and back, losing nothing.
// transform.ts swaps and snapshots, revert.ts restores, guards.ts keeps the character whole in between,
// received.ts counts the damage the form receives (in the damage's own write), and the auto-revert (R-POLY-7)
// runs once, on the active GM's client (or the writer's with no GM online), as a journalled task: a GM who drops
// while turning a character back leaves the rest of it to the next GM.
import { revertDue } from "../../rules";
import { actorRef, resolveActor } from "../actor-ref";
import { runOnGMQueue } from "../gm-queue";
import { registerFinisher, runFinisherTask } from "../task-journal";
import { PolymorphAwareEffect } from "./effect";
import { registerPolymorphGuards } from "./guards";
import { damageReceivedIn, registerDamageReceived } from "./received";
import { carryOutRevert, revertForm } from "./revert";
import { readSnapshot, snapshotOf } from "./snapshot";
import type { PolymorphSnapshot } from "./snapshot";
import { formFromUuid, transformInto } from "./transform";
import type { TransformOptions } from "./transform";

export { POLYMORPH_CARD, revertCardData, revertForm } from "./revert";
export type { RevertReport } from "./revert";
export { isTransformed, itemRoleOf, readSnapshot, snapshotOf, POLYMORPH_STATUS } from "./snapshot";
export type { PolymorphSnapshot } from "./snapshot";
export { formFromUuid, transformInto } from "./transform";
export { registerFormPicker } from "./picker";

/** What the sheet's banner shows: the form, the damage received in it against its Leben, or a fault. */
export function polymorphBanner(actor: Actor.Implementation): { form: string; img: string; taken: number; threshold: number; fault: string | null } | null {
  const read = readSnapshot(actor);
  if (read.state === "none") return null;
  if (read.state === "corrupt") return { form: "", img: "", taken: 0, threshold: 0, fault: read.fault };
  const s = read.snapshot;
  const due = revertDue({ taken: damageReceivedIn(actor, s), threshold: s.threshold });
  return { form: s.form.name, img: s.form.img, taken: due.taken, threshold: due.threshold, fault: null };
}

const REVERT_TASK = "polymorph.revert";

/** The journalled revert's finisher: the transformation `id` of the actor undone, if it is still there. */
async function finishRevert(data: unknown): Promise<void> {
  const { ref, id } = (data ?? {}) as { ref?: ReturnType<typeof actorRef>; id?: string };
  const actor = resolveActor(ref);
  const s = snapshotOf(actor);
  if (actor && s && s.id === id) await carryOutRevert(actor, s, "threshold");
}

/** R-POLY-7: turns the actor back when the damage in its form has reached the form's Leben; re-reads first. */
async function revertIfDue(ref: ReturnType<typeof actorRef>, id: string, requester: string): Promise<void> {
  const actor = resolveActor(ref);
  const s = snapshotOf(actor);
  if (!actor || !s || s.id !== id) return;
  if (!revertDue({ taken: damageReceivedIn(actor, s), threshold: s.threshold }).revert) return;
  await runFinisherTask({ type: REVERT_TASK, requestId: id, requester }, REVERT_TASK, { ref, id });
}

/** Whether this client carries out what a change of `userId` set off: the active GM, else the writer. */
function mine(userId: string): boolean {
  const gm = game.users!.activeGM;
  return gm ? gm.isSelf : userId === game.user!.id;
}

/** Transforms an actor (or the actor of a uuid) into a creature (or the creature of a uuid: world or compendium). */
async function transform(target: Actor.Implementation | string, form: Actor.Implementation | string, options: TransformOptions = {}): Promise<PolymorphSnapshot | null> {
  const actor = typeof target === "string" ? ((await fromUuid(target as `Actor.${string}`)) as Actor.Implementation | null) : target;
  const creature = typeof form === "string" ? await formFromUuid(form) : form;
  return actor ? transformInto(actor, creature, options) : null;
}

export const polymorph = { transform, revert: (actor: Actor.Implementation, options: { private?: boolean } = {}) => revertForm(actor, options), banner: polymorphBanner };

export function registerPolymorph(): void {
  CONFIG.ActiveEffect.documentClass = PolymorphAwareEffect;
  // The GM's wish: a transformed character's token takes the form's name too (its image and size always).
  game.settings!.register("flex", "polymorphRenameToken", {
    name: "FLEX.Polymorph.Setting.renameToken.name",
    hint: "FLEX.Polymorph.Setting.renameToken.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  registerPolymorphGuards();
  registerDamageReceived();
  registerFinisher(REVERT_TASK, finishRevert);
  Hooks.on("updateActor", (actor, changed, _options, userId) => {
    if (!foundry.utils.hasProperty(changed, "system.leben") || !mine(userId)) return undefined;
    return revertWhenDue(actor, userId);
  });
  // A GM who dropped right after the damage never started the revert: the next active GM looks for it.
  Hooks.on("userConnected", () => void revertOverdue());
  Hooks.once("ready", () => void revertOverdue());
}

/** Every transformed character (world actors and unlinked tokens) whose revert is due, turned back by the active GM. */
function revertOverdue(): Promise<unknown> | undefined {
  if (!game.users!.activeGM?.isSelf) return undefined;
  const actors = [...(game.actors?.contents ?? []), ...(game.scenes?.contents ?? []).flatMap((s) => s.tokens.contents.filter((t) => !t.actorLink).map((t) => t.actor))] as (Actor.Implementation | null)[];
  return Promise.all(actors.filter((a): a is Actor.Implementation => !!a && readSnapshot(a).state === "ok").map((a) => revertWhenDue(a, game.user!.id!)));
}

/** R-POLY-7: queues the revert once the damage in the form has reached the form's Leben; a corrupt snapshot is reported. */
function revertWhenDue(actor: Actor.Implementation, userId: string): Promise<unknown> | undefined {
  const read = readSnapshot(actor);
  if (read.state === "corrupt") {
    ui.notifications?.error(game.i18n!.format("FLEX.Polymorph.Corrupt", { name: actor.name, fault: game.i18n!.localize(`FLEX.Polymorph.Fault.${read.fault}`) }));
    return undefined;
  }
  if (read.state !== "ok") return undefined;
  const s = read.snapshot;
  if (!revertDue({ taken: damageReceivedIn(actor, s), threshold: s.threshold }).revert) return undefined;
  // Claimed by the transformation's id: a second change, or a second GM later, finds it done.
  const ref = actorRef(actor);
  return runOnGMQueue(`${REVERT_TASK}:${s.id}`, () => revertIfDue(ref, s.id, userId)).catch((err: unknown) => {
    console.error(`Flex | turning ${actor.name} back failed`, err);
    ui.notifications?.error(game.i18n!.format("FLEX.Polymorph.RevertFailed", { name: actor.name }));
  });
}
