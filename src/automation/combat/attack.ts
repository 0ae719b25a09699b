// An attack, on the attacker's client (R-CORE-10 … R-CORE-13): the check with the weapon's Kampfart, the
// spell's Zauberschule or the creature attack's own die, the actions it costs this KR, a spell's Fluss, then
// one card with the EW against each target's defence and the damage rolled for the hits. Refusals (no
// talent, too little Fluss, no actions left, out of range under water) write nothing and say why.
import { checkCardData } from "../../dice/check-card";
import { CheckRoll } from "../../dice/check-roll";
import { facesOf } from "../../dice/faces";
import { localDice } from "../../helpers/dice-text";
import { audienceFor, rollModeOr } from "../../helpers/roll-mode";
import { creatureDefenceMode } from "../../helpers/settings";
import {
  actionCost,
  bestCreatureDefence,
  castCost,
  creatureAttackInput,
  damageFormula,
  parseAttackCheck,
  resolveDefence,
} from "../../rules";
import type { CheckInput, RuleId } from "../../rules";
import { actorRef } from "../actor-ref";
import { valuesPublic } from "../screen";
import { cardStep } from "../task-journal";
import type { TaskStep } from "../task-journal";
import { spellBreath, underwaterRange } from "../water/combat";
import { refundSpend, spendActionsFor } from "./actions";
import type { ActionSpend } from "./actions";
import { creatureDefenceRoll, fixedDefenceOf } from "./creature-defence";
import { renderAttackCard } from "./record";
import type { AttackMode, AttackRecord, AttackTarget } from "./record";
import { distanceBetween, pickTargets, tokenFor } from "./targets";
import type { TargetPick } from "./targets";

export interface AttackOptions {
  vorteile?: number;
  nachteile?: number;
  modifier?: number;
  /** Distance in Schritt when there is no target token to measure to (macros). */
  distance?: number | null;
  /** Tokens or actors attacked; omitted: the user's targets. */
  targets?: Iterable<TokenDocument.Implementation | { document: TokenDocument.Implementation } | Actor.Implementation> | null;
  rollMode?: string;
  /**
   * R-COMP-5: a companion attacks on its trainer's command: the trainer's evaluated handling check is the attack's
   * check (its EW is the attack's EW), and the trainer has paid the actions, so the companion spends none.
   */
  command?: AttackCommand;
  /** The card is not posted but returned as a step of the caller's GM task (a relayed command). */
  planCard?: boolean;
  /** With planCard: whose request it answers; the card goes to whom that user's roll mode (`rollMode`) says. */
  requester?: { id: string | null } | null;
}

/** R-COMP-5: the command behind a companion's attack. */
export interface AttackCommand {
  /** The trainer's handling check against Misstrauen, evaluated. */
  roll: CheckRoll;
  /** Said on the card: who commanded, with which check against which Misstrauen. */
  note: string;
}

export interface AttackResult {
  record: AttackRecord;
  message: ChatMessage.Implementation | undefined;
  /** With planCard: the card, to be posted by the caller's task (its id is the card's). */
  card?: Extract<TaskStep, { kind: "message" }>;
}

interface ItemSystem {
  talent?: string;
  zauberschule?: string;
  angriff?: string;
  aktionen?: number;
  fluss?: number;
  schaden?: string;
  schadensart?: string;
  heilung?: string;
}

/** R-COMP-5: a commanded companion spends no actions of its own (R-COMP-4); its trainer paid them. */
const NOTHING_SPENT: ActionSpend = { allowed: true, tracked: false, combatantUuid: null, window: null, round: null, cost: 0, kind: "actions", override: false };

const MODES: Record<string, AttackMode> = { weapon: "weapon", spell: "spell", attack: "attack" };

const warn = (key: string, data: Record<string, string> = {}) => void ui.notifications?.warn(game.i18n!.format(key, data));

/** The check the attack makes, or null (with a message) when it cannot be made. */
function attackCheck(item: Item.Implementation, actor: Actor.Implementation, mode: AttackMode, options: AttackOptions, notes: string[]): { input: CheckInput; label: string; notes: string[] } | null {
  const sys = item.system as ItemSystem;
  const dialog = { vorteile: options.vorteile, nachteile: options.nachteile, modifier: options.modifier, notes };
  if (mode === "attack") {
    // C-15: a creature attack without its own check rolls a bare W6, and the card says so.
    const check = parseAttackCheck(sys.angriff ?? "W6");
    if (check && (sys.angriff === undefined || sys.angriff === null)) notes.push(game.i18n!.format("FLEX.Attack.NoAttackValue", { die: localDice("W6") }));
    if (!check) {
      warn("FLEX.Attack.NoCheck", { name: item.name, value: String(sys.angriff ?? "") });
      return null;
    }
    const input = creatureAttackInput({ check, modifier: Number(options.modifier) || 0, vorteile: Number(options.vorteile) || 0, nachteile: Number(options.nachteile) || 0 });
    return { input, label: item.name, notes };
  }
  const talent = (mode === "weapon" ? sys.talent : sys.zauberschule)?.trim() ?? "";
  if (!talent || !actor.findTalent(talent)) {
    warn(mode === "weapon" ? "FLEX.Attack.NoTalent" : "FLEX.Attack.NoSchool", { name: actor.name, item: item.name, talent: talent || "—" });
    return null;
  }
  const prepared = actor.prepareCheck({ talent, ...dialog });
  return prepared ? { input: prepared.input, label: `${item.name} · ${prepared.label}`, notes: prepared.notes } : null;
}

/**
 * R-CORE-11: a creature defends with its fixed value (or, by the world setting, rolls it), and so does a character
 * in a creature's form, with the form's values (R-POLY-2, Decision 2026-12-01); any other character rolls.
 */
async function defenceOf(pick: TargetPick, ew: number, rolls: Roll[]): Promise<Pick<AttackTarget, "kind" | "status" | "defence"> & { notes: string[] }> {
  const stored = fixedDefenceOf(pick.actor);
  if (!stored) return { kind: "character", status: "pending", defence: null, notes: [] };
  const best = bestCreatureDefence(stored);
  let defenceEW = best.ew;
  let source: "fixed" | "roll" = "fixed";
  let rollIndex: number | undefined;
  let notes: string[] = [];
  // Trust model: the GM rolls every number that is not the player's own roll for its own creature. A creature the
  // attacker's user may not write defends by the active GM's roll at the first Apply (claim.ts); until then it is open.
  if (creatureDefenceMode() === "roll" && !pick.actor.isOwner) {
    const notes = [game.i18n!.format("FLEX.Attack.DefenceByGM", { name: pick.name })];
    return { kind: "creature", status: "pending", defence: { kind: best.kind, source: "gm", messageId: null }, notes };
  }
  if (creatureDefenceMode() === "roll") {
    const rolled = await creatureDefenceRoll(pick.actor, best.kind, best.ew);
    rollIndex = rolls.push(rolled.roll) - 1;
    defenceEW = rolled.ew;
    source = "roll";
    notes = rolled.notes.map((note) => game.i18n!.format("FLEX.Attack.DefenceNote", { name: pick.name, note }));
  }
  const verdict = resolveDefence({ attackEW: ew, defenceEW });
  // A value players may not see stays out of the card's flags too (screen.ts); the GM reads it from the creature.
  const shown = valuesPublic(pick.actor) ? { ew: defenceEW } : {};
  return { kind: "creature", status: verdict.hit ? "hit" : "defended", defence: { kind: best.kind, ...shown, source, messageId: null, ...(rollIndex !== undefined ? { rollIndex } : {}) }, notes };
}

/**
 * R-CORE-10: `actor` attacks with `item` (a weapon, a spell or a creature's attack). One card; null when the
 * attack could not be made (the user was told why, and nothing was written).
 */
export async function attackWith(item: Item.Implementation, actor: Actor.Implementation, options: AttackOptions = {}): Promise<AttackResult | null> {
  const mode = MODES[item.type];
  if (!mode) return null;
  if (!actor.isOwner) {
    warn("FLEX.Check.NotOwner", { name: actor.name });
    return null;
  }
  const sys = item.system as ItemSystem;
  // A spell that only heals may be aimed at its caster, and heals the caster when nothing is targeted.
  const healsOnly = mode === "spell" && !damageFormula(sys.schaden ?? "") && !!damageFormula(sys.heilung ?? "");
  let targets = pickTargets(actor, options.targets, { allowSelf: healsOnly });
  if (healsOnly && !targets.length) targets = pickTargets(actor, [actor], { allowSelf: true });
  const notes: string[] = [];
  const rules = new Set<RuleId>(["R-CORE-10"]);

  // R-WATER-2: every target must be within reach under water (a ranged weapon only; the rule says which).
  if (mode === "weapon") {
    const from = tokenFor(actor);
    const distances = targets.length ? targets.map((t) => distanceBetween(from, t.token ?? tokenFor(t.actor))) : [options.distance ?? null];
    for (const distance of distances) {
      const reach = underwaterRange(actor, item, distance);
      if (!reach.allowed) return null;
      notes.push(...reach.notes.filter((n) => !notes.includes(n)));
    }
  }

  const command = options.command;
  const check = command ? { input: command.roll.flexOptions.input, label: command.roll.flexOptions.label, notes: [command.note] } : attackCheck(item, actor, mode, options, notes);
  if (!check) return null;
  if (command) rules.add("R-COMP-5");

  // R-CORE-13: a spell's Fluss, refused before anything is spent.
  const cost = Math.max(0, Math.trunc(Number(sys.fluss) || 0));
  const fluss = (actor.system as { fluss?: { value?: number } }).fluss?.value ?? 0;
  const cast = mode === "spell" ? castCost({ fluss, cost }) : null;
  if (cast && !cast.allowed) {
    warn("FLEX.Spell.NoFluss", { name: actor.name, spell: item.name, cost: String(cost), fluss: String(fluss) });
    return null;
  }

  // R-CORE-6: the actions of this KR (refused with a message when too few are left).
  const spend = command ? NOTHING_SPENT : await spendActionsFor(actor, actionCost(sys.aktionen), { label: item.name });
  if (!spend.allowed) return null;
  if (spend.tracked) rules.add("R-CORE-6");
  if (spend.override) notes.push(game.i18n!.localize("FLEX.Actions.Overridden"));

  try {
    if (cast && cost > 0) {
      const changes: Record<string, unknown> = { "system.fluss.value": cast.fluss };
      await actor.update(changes);
      for (const r of cast.rules) rules.add(r);
      notes.push(game.i18n!.format("FLEX.Spell.FlussSpent", { cost: String(cost), fluss: String(cast.fluss) }));
    }
    if (mode === "spell") {
      const breath = await spellBreath(actor, item);
      if (breath) {
        notes.push(breath);
        rules.add("R-WATER-3");
      }
    }

    const roll = command?.roll ?? CheckRoll.fromCheck(check.input, check.label);
    if (!command) await roll.evaluate();
    const result = roll.check!;
    for (const r of result.rules) rules.add(r);
    const rolls: Roll[] = [roll];

    const targetRecords: AttackTarget[] = [];
    for (const [i, pick] of targets.entries()) {
      // Healing is not attacked: nobody defends against it.
      const { notes: defenceNotes, ...defence } = healsOnly ? { kind: pick.actor.type === "creature" ? ("creature" as const) : ("character" as const), status: "hit" as const, defence: null, notes: [] } : await defenceOf(pick, result.ew, rolls);
      targetRecords.push({ key: `t${i + 1}`, ref: pick.ref, name: pick.name, img: pick.img, ...defence });
      // R-WATER-1: a rolled Ausweichen under water, named on the card with the defender.
      if (defenceNotes.length) rules.add("R-WATER-1");
      notes.push(...defenceNotes);
    }
    if (targetRecords.length && !healsOnly) rules.add("R-CORE-11");

    // R-CORE-12: the damage is rolled once, for every hit; not at all when every target defended.
    const formula = damageFormula(sys.schaden ?? "");
    let damage: AttackRecord["damage"] = null;
    if (formula && (!targetRecords.length || targetRecords.some((t) => t.status !== "defended"))) {
      const damageRoll = new Roll(formula);
      await damageRoll.evaluate();
      damage = { formula, total: Math.max(0, damageRoll.total ?? 0), rollIndex: rolls.push(damageRoll) - 1, rolled: facesOf(damageRoll) };
      rules.add("R-CORE-12");
    }
    const healFormula = damageFormula(sys.heilung ?? "");
    let healing: AttackRecord["healing"] = null;
    if (healFormula) {
      const healRoll = new Roll(healFormula);
      await healRoll.evaluate();
      healing = { formula: healFormula, total: Math.max(0, healRoll.total ?? 0), rollIndex: rolls.push(healRoll) - 1, rolled: facesOf(healRoll) };
      rules.add("R-CORE-12");
    }

    const record: AttackRecord = {
      id: foundry.utils.randomID(),
      mode,
      attacker: { ...actorRef(actor, tokenFor(actor)), name: actor.token?.name || actor.name, img: actor.img ?? "" },
      item: {
        uuid: item.uuid,
        name: item.name,
        img: item.img ?? "",
        damage: formula ? (sys.schaden ?? null) : null,
        damageType: sys.schadensart ?? "physisch",
        healing: healFormula ? (sys.heilung ?? null) : null,
        actions: actionCost(sys.aktionen),
        fluss: cost,
      },
      check: checkCardData(check.label, check.input.die, result, check.input.vorteile, check.input.nachteile, check.notes),
      ew: result.ew,
      damage,
      healing,
      ...(command ? { commanded: true } : {}),
      targets: targetRecords,
      applied: {},
      notes: notes.filter((n) => !check.notes.includes(n)),
      rules: [...rules].sort(),
    };
    const data = {
      speaker: ChatMessage.getSpeaker({ actor, token: tokenFor(actor) }),
      content: await renderAttackCard(record),
      rolls,
      sound: CONFIG.sounds.dice ?? null,
      flags: { flex: { attack: record } },
    };
    if (options.planCard) {
      const audience = audienceFor(options.rollMode, options.requester);
      return { record, message: undefined, card: cardStep({ ...data, ...audience.data }, audience.rollMode) };
    }
    const message = (await ChatMessage.create(data, { rollMode: rollModeOr(options.rollMode) })) as ChatMessage.Implementation | undefined;
    return { record, message };
  } catch (err) {
    // Nothing was rolled for these actions after all.
    await refundSpend(spend);
    throw err;
  }
}
