// R-SHORT-3 / R-SHORT-4 / R-SHORT-1: the GM's Apply, carried out by the active GM in its work queue. The enemies
// still without an EW roll; the higher team EW wins; the hits by the difference are shared out at random (one die
// per hit), each attack of a hit rolled on its own; each character takes its hits one by one, Rüstung from each
// attack, stopping at dying (0 Leben) — a short combat never kills. One batched write for every character (the
// mark of this short combat on each, in that write), one result card, then the card is closed: planned first,
// carried out as one journalled task (named after the short combat, so every Apply of it is the same task). Run
// again, it changes nothing: the card says it is applied, and after a change of GM the journal and the marks say so.
import { shareHits, shortCombatHits } from "../../rules";
import { appliedText } from "../combat/record";
import type { RuleId } from "../../rules";
import { actorRef, resolveActor } from "../actor-ref";
import { cardStep, runTask, taskIdOf, taskState } from "../task-journal";
import type { TaskStep } from "../task-journal";
import { rollEnemy } from "./checks";
import { facesOf, facesText } from "../../dice/faces";
import type { RolledFaces } from "../../dice/faces";
import { characterView, shortRollSum, goalText, outcomeLabel, projection, publicEnemyName, recordHitDamage, recordStrongest, renderShortCombatCard, SHORT_COMBAT_RESULT_TEMPLATE, shortCombatMark, shortCombatMessage } from "./record";
import type { ShortCombatRecord, ShortCombatResult, ShortEnemyRow, ShortHitView, ShortTakenView } from "./record";
import { writeShortCombatCard } from "./report";

export type ShortApplyStatus = "applied" | "already" | "notReady" | "noDamage" | "closed";

/** R-SHORT-2: every enemy without an EW (rolled or the GM's) rolls now. */
export async function rollMissingEnemies(record: ShortCombatRecord, only?: string): Promise<ShortEnemyRow[]> {
  const out: ShortEnemyRow[] = [];
  for (const row of record.enemies) {
    const due = only ? row.key === only : row.roll === null && row.override === null;
    const actor = due ? resolveActor(row.ref) : null;
    const roll = actor ? await rollEnemy(actor, record.stance) : null;
    out.push(roll ? { ...row, roll } : row);
  }
  return out;
}

/** The result card of a short combat, if one was posted already (a second Apply, or a new GM after a crash). */
export function resultCardOf(id: string): ChatMessage.Implementation | undefined {
  const all = game.messages!.contents as ChatMessage.Implementation[];
  return all.find((m) => (m.getFlag("flex", "shortCombatResult") as { id?: string } | undefined)?.id === id);
}

/**
 * Each character's hits as the cards write what an Apply did ("2 Treffer" and "9 Schaden − 2 Rüstung = −7 Leben,
 * jetzt 5/20"), with "im Sterben" where the short combat stopped there.
 */
function takenRows(result: ShortCombatResult) {
  const i18n = game.i18n!;
  return result.taken.map((t) => ({
    ...t,
    appliedText: appliedText(t.name, { taken: t.taken, downed: t.stoppedAtDying, by: "", damage: t.damage, absorbed: t.absorbed, leben: t.leben, max: t.max }),
    appliedState: t.stoppedAtDying ? i18n.localize("FLEX.Attack.State.dying") : null,
  }));
}

/** A roll's faces say more than its total only with more than one die or a constant ("4 (3 + 1)"; a bare 1W8 is its face). */
const shows = (f: RolledFaces | null | undefined): boolean => !!f && (f.faces.length > 1 || f.bonus !== 0);

/** The result card; `undone`: a GM took the short combat back (the rows stay, marked so). */
export async function renderShortCombatResult(record: ShortCombatRecord, result: ShortCombatResult, { undone = false } = {}): Promise<string> {
  const strongest = recordStrongest(record);
  const characters = record.characters.map((r) => characterView(r, strongest));
  const enemies = record.enemies.map((e) => ({ ...e, name: publicEnemyName(e), ew: e.override ?? e.roll?.total ?? null, overridden: e.override !== null, rollSum: e.roll ? shortRollSum(e.roll) : "" }));
  // The strongest enemy named for the hit's damage is named as the public card may (a hidden one is not).
  const named = record.enemies.find((e) => e.name === result.damage?.enemy);
  const damage = result.damage && named ? { ...result.damage, enemy: publicEnemyName(named) } : result.damage;
  return foundry.applications.handlebars.renderTemplate(SHORT_COMBAT_RESULT_TEMPLATE, {
    ...result,
    damage,
    // R-SHORT-4: a hit of several attacks shows each ("5 + 3"): Rüstung came off each.
    // C-4: each attack with its faces, "4 (3 + 1)", so every total can be checked from the card.
    perHit: result.perHit.map((h) => ({ ...h, damageText: h.attacks.map((a, j) => (shows(h.faces?.[j]) ? `${a} (${facesText(h.faces![j])})` : String(a))).join(" + ") })),
    goalText: goalText(record),
    stanceLabel: `FLEX.ShortCombat.Stance.${record.stance}`,
    outcomeLabel: outcomeLabel(result.outcome),
    winnerLabel: `FLEX.ShortCombat.Winner.${result.winner}`,
    characters,
    enemies,
    taken: takenRows(result),
    anyDying: result.taken.some((t) => t.stoppedAtDying),
    undone,
    rulesText: result.rules.join(", "),
  });
}

const APPLY_TASK = "shortCombatApply";

/** The Apply, on the active GM's client inside its work queue (re-reads the card). */
export async function applyShortCombat(messageId: string, requester: User.Implementation): Promise<ShortApplyStatus> {
  const found = shortCombatMessage(messageId);
  if (!found) return "closed";
  const { message, record: current } = found;
  if (current.status === "applied") return "already";
  // Cancelled or undone: closed.
  if (current.status !== "open") return "closed";
  // Journalled by another GM and not yet finished (that GM dropped): the next GM finishes it, never plans it again.
  if (taskState(taskIdOf(APPLY_TASK, current.id))) return "already";
  const mark = shortCombatMark(current);
  const characters = current.characters.map((row) => ({ row, actor: resolveActor(row.ref) }));
  // A GM who dropped out after the write: the marks on the characters say it was applied.
  if (characters.some((c) => c.actor?.appliedMark(mark))) {
    await writeShortCombatCard(message, { ...current, status: "applied" });
    return "already";
  }

  const record: ShortCombatRecord = { ...current, enemies: await rollMissingEnemies(current) };
  const rolledNow = JSON.stringify(record.enemies) !== JSON.stringify(current.enemies);
  const { charactersEW, enemiesEW, resolution, hits } = projection(record);
  if (!resolution || charactersEW === null || enemiesEW === null || hits === null) {
    if (rolledNow) await writeShortCombatCard(message, record);
    return "notReady";
  }
  const present = characters.filter((c): c is { row: (typeof c)["row"]; actor: Actor.Implementation } => !!c.actor);
  const damage = hits > 0 ? recordHitDamage(record) : null;
  if (hits > 0 && (!damage || !present.length)) {
    if (rolledNow) await writeShortCombatCard(message, record);
    return "noDamage";
  }

  // R-SHORT-4: one share die per hit, and one damage roll per attack of the hit (Rüstung comes off each).
  const rolls: Roll[] = [];
  const shareRolls: number[] = [];
  const damages: number[][] = [];
  const faces: (RolledFaces | null)[][] = [];
  for (let i = 0; i < hits; i++) {
    const share = new Roll(`1d${present.length}`);
    await share.evaluate();
    rolls.push(share);
    shareRolls.push(share.total ?? 1);
    const attacks: number[] = [];
    const shown: (RolledFaces | null)[] = [];
    for (const formula of damage!.formulas) {
      const attack = new Roll(formula);
      await attack.evaluate();
      rolls.push(attack);
      attacks.push(Math.max(0, attack.total ?? 0));
      shown.push(facesOf(attack));
    }
    damages.push(attacks);
    faces.push(shown);
  }
  const sum = (ns: readonly number[]) => ns.reduce((s, d) => s + d, 0);
  const shares = shareHits(hits, present.length, shareRolls);
  const perHit: ShortHitView[] = shares.map((index, i) => ({ key: present[index].row.key, name: present[index].row.name, share: shareRolls[i], damage: sum(damages[i]), attacks: damages[i], faces: faces[i] }));

  const rules = new Set<RuleId>(resolution.rules);
  const writes: { ref: ReturnType<typeof actorRef>; changes: Record<string, unknown> }[] = [];
  const statuses: TaskStep[] = [];
  const taken: ShortTakenView[] = [];
  for (const [index, { row, actor }] of present.entries()) {
    const mine = damages.filter((_, i) => shares[i] === index);
    if (!mine.length) continue;
    const sys = actor.system as { leben?: { value?: number }; derived?: { ruestung?: number } };
    const outcome = shortCombatHits({ leben: sys.leben?.value ?? 0, ruestung: sys.derived?.ruestung ?? 0, hits: mine });
    for (const r of outcome.rules) rules.add(r);
    // The attacks of the hits are summed here, Rüstung already taken from each attack: one write, one mark, one Undo.
    const planned = actor.planDamage(outcome.taken, { ignoreArmor: true, mark: { key: mark, by: requester.id! } });
    if (Object.keys(planned.changes).length) writes.push({ ref: actorRef(actor), changes: planned.changes });
    const add = planned.outcome.already ? [] : [...(planned.outcome.downed ? [actor.downedStatus] : []), ...planned.outcome.applyStatuses];
    if (add.length) statuses.push({ kind: "statuses", ref: actorRef(actor), add });
    const max = Math.max(0, Math.trunc(Number((actor.system as { leben?: { max?: unknown } }).leben?.max) || 0));
    taken.push({ key: row.key, name: row.name, hits: mine.length, damage: sum(mine.flat()), absorbed: outcome.absorbed, taken: outcome.taken, leben: outcome.leben, max, stoppedAtDying: outcome.stoppedAtDying });
  }

  const result: ShortCombatResult = {
    charactersEW,
    enemiesEW,
    difference: resolution.difference,
    winner: resolution.winner,
    outcome: resolution.outcome,
    hits,
    damage: damage ? { enemy: damage.enemy, damage: damage.damage } : null,
    perHit,
    taken,
    rules: [...rules].sort(),
  };
  // One batched write for every character hit (one more per token for unlinked actors), their statuses, the
  // result card (unless one was posted already), the card closed.
  const steps: TaskStep[] = [{ kind: "actors", writes }, ...statuses];
  let resultMessageId = resultCardOf(record.id)?.id ?? null;
  if (!resultMessageId) {
    const card = cardStep({
      content: await renderShortCombatResult(record, result),
      speaker: ChatMessage.getSpeaker(),
      rolls,
      flags: { flex: { shortCombatResult: { id: record.id, messageId } } },
    });
    steps.push(card);
    resultMessageId = card.data._id;
  }
  const closed: ShortCombatRecord = { ...record, status: "applied", result, resultMessageId };
  steps.push({ kind: "update", uuid: message.uuid, changes: { content: await renderShortCombatCard(closed), "flags.flex.shortCombat": closed } });
  await runTask({ type: APPLY_TASK, requestId: record.id, requester }, steps);
  return "applied";
}
