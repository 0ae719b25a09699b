// Healing that starts a card: the Heilen dialog's amount, applied at once by the character's owner (R-CORE-12),
// and the heilung a healing Alchemikum rolls when it is used (R-CORE-15), offered on its use card.
import { facesOf } from "../../dice/faces";
import { damageFormula } from "../../rules";
import { actorRef } from "../actor-ref";
import { runOnGMQueue } from "../gm-queue";
import { cardStep, runTask } from "../task-journal";
import type { UseRecord } from "../use-card";
import { isDead } from "./apply";
import { renderHealCard } from "./card";
import { healMark, healView, lebenMax } from "./record";
import type { HealRecord } from "./record";

const TASK = "heal";

const targetOf = (actor: Actor.Implementation): HealRecord["target"] => ({ ...actorRef(actor), name: actor.token?.name || actor.name, img: actor.img ?? "" });

/**
 * R-CORE-12: the owner heals their character by `amount` Leben (up to the maximum; above 0 ends dying), one write
 * with the card's mark, then one heal card with the arithmetic and Undo. Refused for someone else's character
 * and for the dead. Returns the card's id, or null when nothing happened (the user was told why); an amount that is
 * no whole number above 0 is the caller's mistake (the dialog's healingAmount never gives one).
 */
export async function healFromSheet(actor: Actor.Implementation, amount: number): Promise<string | null> {
  if (!Number.isInteger(amount) || amount < 1) throw new RangeError(`healing must be a whole number of Leben above 0, got ${String(amount)}`);
  const user = game.user!;
  if (!actor.isOwner || isDead(actor)) {
    ui.notifications?.warn(game.i18n!.format(actor.isOwner ? "FLEX.Heal.Dead" : "FLEX.Heal.NotOwner", { name: actor.name }));
    return null;
  }
  const id = foundry.utils.randomID();
  return runOnGMQueue(`${TASK}:${id}`, async () => {
    const record: HealRecord = { id, target: targetOf(actor), amount, formula: null, rules: ["R-CORE-12"], use: null, applied: null };
    // The card's id is chosen now: its mark on the actor is keyed by it, and written before the card exists.
    const messageId = foundry.utils.randomID();
    const heal = actor.planHealing(amount, { mark: { key: healMark(messageId), by: user.id! } });
    record.applied = healView(heal.result, amount, lebenMax(actor));
    const card = cardStep({ _id: messageId, content: await renderHealCard(record), speaker: ChatMessage.getSpeaker({ actor }), flags: { flex: { heal: record } } });
    await runTask({ type: TASK, requestId: id, requester: user }, [
      { kind: "actors", writes: [{ ref: actorRef(actor), changes: heal.changes }] },
      { kind: "statuses", ref: actorRef(actor), ...actor.statusesAfterHealing(heal.result) },
      card,
    ]);
    return card.data._id;
  });
}

/**
 * R-CORE-12 / R-CORE-15: a used Alchemikum with a heilung rolls it; its use card then carries the amount and an
 * Apply button. Null for one that heals nothing. Decision: it heals the character who used it, not the targets:
 * Benutzen on a sheet is that character drinking (attacks and spells are what aim at targets here). A potion for
 * a fallen friend is handed over and used from the friend's sheet, so the healing and its Undo stay with the
 * friend's owner, who needs no GM for them.
 */
export async function rollItemHealing(item: Item.Implementation, actor: Actor.Implementation, use: UseRecord): Promise<{ record: HealRecord; roll: Roll } | null> {
  const heilung = (item.system as { heilung?: unknown }).heilung;
  const formula = typeof heilung === "string" ? damageFormula(heilung) : null;
  if (!formula) return null;
  const roll = new Roll(formula);
  await roll.evaluate();
  const record: HealRecord = {
    id: foundry.utils.randomID(),
    target: targetOf(actor),
    amount: Math.max(0, Math.trunc(roll.total ?? 0)),
    formula: heilung as string,
    rolled: facesOf(roll),
    rules: [...new Set([...use.rules, "R-CORE-12"])],
    use,
    applied: null,
  };
  return { record, roll };
}
