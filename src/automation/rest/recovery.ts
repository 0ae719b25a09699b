// One character's rest, decided on the active GM's client (apply.ts runs it for the party): what it does and
// may do, the healer or kit charges it gets, the dice it rolls, and everything the rest changes, as one actor
// update and its item updates. The answers only say what each character wants; every number comes from the
// documents and the rules.
import { LIMITS } from "../../data/fields";
import type { CharacterData } from "../../data/actor/character";
import type { ResourceData } from "../../data/item/resource";
import type { RestSettings } from "../../helpers/settings";
import {
  downtimeActivities, LEVEL_TRAINING_SESSIONS_PER_FULL_REST, levelTrainingAfter, fullRestCare, fullRestCharges, hitDiceAfterRest, hitDiceAllowance, hitDiceHealing, planDowntime, poolAfterRest, RECHARGES, recharge,
  recordRestStart, REST_TALENTS, ausbildungStep, restActivitySpent, restExhaustion, restIncludesSleep, restTaken, talentAllowed, talentRefill, talentsUsedAfter,
} from "../../rules";
import type { AusbildungStep, DowntimeOutcome, FullRestCare, LevelTraining, Recharge, RestTalentId, RestType, RuleId, TalentCheck, RestTaken } from "../../rules";
import type { RestEntry, RestRequest } from "./types";
import type { KitPool } from "./kits";
import { playerHitDice } from "./hit-dice-roll";
import { readAnswer } from "./prompt";
import type { RestAnswer } from "./prompt";
import { ownedRestTalents, restsDone, restStateOf, startsSource, talentsSource } from "./state";
import { SLEEPLESS } from "./sleepless";
import { learntEntry } from "./lessons";
import { projectBlock } from "./crafting";

/** Rest requests each character remembers having applied (a replay of an older one is still refused). */
const RESTS_REMEMBERED = 30;

export interface Participant {
  actor: Actor.Implementation;
  sys: CharacterData;
  answer: RestAnswer;
  defaulted: boolean;
  taken: RestTaken;
  talent: { id: RestTalentId; check: TalentCheck } | null;
  dice: number;
  care: "healer" | "kit" | null;
  careMissing: boolean;
  kitFrom: string[];
  fullCare: (FullRestCare & { kitFrom: string[] }) | null;
  rolls: number[];
  /** The dice the player rolled in the dialog (hit-dice-roll.ts), believed; null: the GM rolls them. */
  ownRolls: number[] | null;
  inspiration: number;
  advantage: boolean;
  attentive: boolean;
}

const activeTalent = (p: Participant): RestTalentId | null => (p.taken.taken && p.talent?.check.allowed ? p.talent.id : null);

/** What each character does and may do, before any die is rolled or any kit charge taken. */
export function participant(actor: Actor.Implementation, sys: CharacterData, request: RestRequest, interrupted: boolean): Participant {
  const { type } = request;
  const answer = readAnswer(request.answers[actor.id!], type);
  const taken = restTaken(type, answer.activity, { interrupted });
  const talent = answer.talent ? { id: answer.talent, check: talentAllowed(answer.talent, type, restStateOf(sys).talentsUsed, ownedRestTalents(actor)) } : null;
  const allowance = hitDiceAllowance(type, sys.level, sys.derived.trefferwuerfel.verbleibend);
  // Dice the player rolled in the dialog are the dice spent; only an asked owner's own roll counts.
  const ownRolls = taken.taken && request.asked.includes(actor.id!) ? playerHitDice(request.promptId, actor, sys.derived.trefferwuerfel.wuerfel, allowance) : null;
  const dice = taken.taken ? (ownRolls?.length ?? Math.min(answer.hitDice, allowance)) : 0;
  return { actor, sys, answer, defaulted: request.defaulted.includes(actor.id!), taken, talent, dice, care: null, careMissing: false, kitFrom: [], fullCare: null, rolls: [], ownRolls, inspiration: 0, advantage: false, attentive: false };
}

/** R-REST-HEAL-2 / R-REST-4: a healer, or kit charges in the order the characters are listed. */
export function allotCare(people: Participant[], type: RestType, healer: boolean, settings: RestSettings, kits: KitPool): void {
  for (const p of people) {
    if (!p.taken.taken) continue;
    if (type === "fullRest") {
      const missing = Math.max(0, p.sys.leben.max - p.sys.leben.value);
      const wanted = settings.fullRestCare && !healer && p.answer.kit ? fullRestCharges(missing) : 0;
      const { got, from } = kits.take(wanted, p.actor);
      p.fullCare = { ...fullRestCare({ missing, healer, charges: got, careRequired: settings.fullRestCare }), kitFrom: from };
      continue;
    }
    if (p.dice === 0) continue;
    if (healer) {
      p.care = "healer";
      continue;
    }
    // Hit dice asked for are the ask for the bandaging they need: one charge, whatever the form's kit box said
    // (a player typing 3 dice and forgetting a box lost them; the box is now only the full rest's).
    const { got, from } = kits.take(1, p.actor);
    if (got) {
      p.care = "kit";
      p.kitFrom = from;
    } else {
      p.careMissing = true;
      p.dice = 0;
    }
  }
}

/**
 * R-REST-HEAL-3 with R-REST-TAL: the hit dice each character spends, one Roll per character: the player's own
 * from the dialog, or rolled here. Attentive recovery: the first die shows its maximum. Creative breather: the
 * singer's CH die (the seed's inspiration die, Decision) is added once to every character's hit-dice healing, and
 * its allies roll each die with Vorteil (a player's die gets its second die here, the higher counts).
 */
export async function rollHitDice(people: Participant[]): Promise<Roll[]> {
  const singer = people.find((p) => activeTalent(p) === "kreativeAtempause") ?? null;
  const rolls: Roll[] = [];
  for (const p of people) {
    if (p.dice === 0) continue;
    const faces = p.sys.derived.trefferwuerfel.wuerfel;
    const own = p.ownRolls;
    p.attentive = activeTalent(p) === "aufmerksameErholung";
    p.advantage = !!singer && singer !== p;
    const count = own ? (p.advantage ? p.dice : 0) : p.dice - (p.attentive ? 1 : 0);
    const terms = Array.from({ length: count }, () => (p.advantage && !own ? `2d${faces}kh` : `1d${faces}`));
    const inspirationDie = singer ? singer.sys.attributes.ch : 0;
    if (inspirationDie) terms.push(`1d${inspirationDie}`);
    const results: number[] = [];
    if (terms.length) {
      const roll = await new Roll(terms.join(" + ")).evaluate();
      rolls.push(roll);
      for (const die of roll.dice) results.push(Number(die.total) || 0);
    }
    if (inspirationDie) p.inspiration = results.pop() ?? 0;
    if (own) {
      const dice = own.map((r, i) => Math.max(r, results[i] ?? 0));
      p.rolls = p.attentive ? [faces, ...dice.slice(1)] : dice;
    } else p.rolls = p.attentive ? [faces, ...results] : results;
  }
  return rolls;
}

/** The die rolls downtime activities ask for (R-DOWN-1: sacred rites 1d4 days, carousing a percentile roll). */
async function rollDowntime(outcome: DowntimeOutcome, type: RestType): Promise<{ rolls: Record<string, number>; dice: Roll[] }> {
  const catalog = downtimeActivities(type);
  const rolls: Record<string, number> = {};
  const dice: Roll[] = [];
  for (const entry of outcome.accepted) {
    const formula = catalog[entry.id]?.roll;
    if (!formula) continue;
    const roll = await new Roll(formula).evaluate();
    rolls[entry.id] = Number(roll.total) || 0;
    dice.push(roll);
  }
  return { rolls, dice };
}

export interface Finished {
  actor: Actor.Implementation;
  entry: RestEntry;
  changes: Record<string, unknown>;
  items: Record<string, unknown>[];
  /** Items the rest gives the character (a language or tool learnt), each with its id chosen now. */
  created: Record<string, unknown>[];
  healing: ReturnType<Actor.Implementation["planHealing"]>["result"] | null;
}

/** Everything one character's rest changes, as one actor update and its item updates. */
export async function finish(p: Participant, request: RestRequest, context: { requestId: string; start: number; end: number; settings: RestSettings }): Promise<{ finished: Finished; dice: Roll[] }> {
  const { type } = request;
  const { sys, actor } = p;
  const state = restStateOf(sys);
  const rules = new Set<RuleId>(p.taken.rules);
  const changes: Record<string, unknown> = { "flags.flex.restsDone": [...restsDone(actor), context.requestId].slice(-RESTS_REMEMBERED) };
  const leben = { before: sys.leben.value, after: sys.leben.value, max: sys.leben.max };
  const erschoepfung = { before: sys.erschoepfung.value, after: sys.erschoepfung.value };
  const tw = sys.derived.trefferwuerfel;
  const trefferwuerfel = { before: tw.verbleibend, after: tw.verbleibend, max: tw.max };
  const fluss = { before: sys.fluss.value, after: sys.fluss.value, max: sys.fluss.max };
  const gunst = { before: sys.gunst.value, after: sys.gunst.value, max: sys.gunst.max };
  const geld = { before: sys.geld, after: sys.geld };
  const resources: RestEntry["resources"] = [];
  const items: Record<string, unknown>[] = [];
  const created: Record<string, unknown>[] = [];
  let downtime: RestEntry["downtime"] = null;
  let levelTraining: LevelTraining | null = null;
  let ausbildung: AusbildungStep | null = null;
  let dice: Roll[] = [];
  let healing: Finished["healing"] = null;
  let hitDice: RestEntry["hitDice"] = null;
  let clockStopped = false;
  let slept = false;
  let sleeplessClock = false;
  let hallucinationEnded = false;

  if (!p.taken.taken) {
    // Not taken: nothing recovers, nothing is recorded; a clock that never ran starts now.
    if (state.last === null) changes["system.rast.letzte"] = context.start;
  } else {
    // R-REST-HEAL-3: the hit dice; R-REST-4: a full rest's healing.
    const healed = hitDiceHealing(p.rolls, sys.trefferwuerfel.koModifikator, p.inspiration);
    if (p.dice > 0 && p.care) {
      hitDice = { count: p.dice, rolls: p.rolls, healing: healed, advantage: p.advantage, attentive: p.attentive, care: p.care, kitFrom: p.kitFrom, die: tw.wuerfel, mod: healed.perDie.length ? Math.trunc(sys.trefferwuerfel.koModifikator) || 0 : 0 };
      healed.rules.forEach((r) => rules.add(r));
      rules.add("R-REST-HEAL-2");
    }
    if (p.careMissing) rules.add("R-REST-HEAL-2");
    const amount = (hitDice ? healed.total : 0) + (p.fullCare?.healed ?? 0);
    p.fullCare?.rules.forEach((r) => rules.add(r));
    if (amount > 0) {
      const planned = actor.planHealing(amount);
      Object.assign(changes, planned.changes);
      leben.after = planned.result.leben;
      healing = planned.result;
    }
    // Hit dice: spent ones, then those the rest gives back (Decision).
    const spent = hitDiceAfterRest(type, Math.min(tw.max, sys.trefferwuerfel.verbraucht + (hitDice?.count ?? 0)));
    changes["system.trefferwuerfel.verbraucht"] = spent;
    trefferwuerfel.after = tw.max - spent;
    // Downtime (R-DOWN-1, R-DOWN-2): limited by the proficiency bonus, paid from the character's money.
    // R-DOWN-1 / R-DOWN-2 Ausbildung: the one under way goes on, else one begins with what the player named.
    const lesson = ausbildungStep(actor.getFlag("flex", "ausbildung"), p.answer.downtime.find((d) => d.id === "ausbildung") ?? {}, sys.attributes.kl, type);
    const planned = type === "longRest" || type === "fullRest" ? planDowntime(type, p.answer.downtime, sys.derived.uebungsbonus, sys.geld, projectBlock(actor), lesson) : null;
    // Exhaustion (R-REST-3, R-REST-4): what a full rest's accepted downtime took is part of how it was spent.
    const activity = restActivitySpent(type, p.answer.activity, (planned?.accepted ?? []).map((d) => d.id));
    const exhaustion = restExhaustion(type, activity, sys.erschoepfung.value);
    exhaustion.rules.forEach((r) => rules.add(r));
    if (exhaustion.removed) changes["system.erschoepfung.value"] = exhaustion.erschoepfung;
    erschoepfung.after = exhaustion.erschoepfung;
    // Flex pools (Decision, world settings).
    fluss.after = poolAfterRest(type, sys.fluss, context.settings.fluss);
    gunst.after = poolAfterRest(type, sys.gunst, context.settings.gunst);
    if (fluss.after !== fluss.before) changes["system.fluss.value"] = fluss.after;
    if (gunst.after !== gunst.before) changes["system.gunst.value"] = gunst.after;
    // Resources by their recharge rule, then what the rest talent refills.
    const talent = activeTalent(p);
    if (talent) rules.add("R-REST-TAL");
    const refillKind = talent ? REST_TALENTS[talent].resource : undefined;
    let refilled = false;
    for (const item of actor.items.filter((i) => i.type === "resource")) {
      const rs = item.system as ResourceData;
      const rule = (RECHARGES as readonly unknown[]).includes(rs.aufladung[type]) ? (rs.aufladung[type] as Recharge) : "keine";
      let value = recharge(rule, rs.vorrat);
      if (!refilled && talent && refillKind === rs.art) {
        const more = talentRefill(talent, type, { value, max: rs.vorrat.max }, sys.derived.uebungsbonus);
        if (more !== null) {
          value = more;
          refilled = true;
        }
      }
      if (value !== rs.vorrat.value) {
        items.push({ _id: item.id, "system.vorrat.value": value });
        resources.push({ name: item.name, before: rs.vorrat.value, after: value, max: rs.vorrat.max });
      }
    }
    changes["system.rast.talente"] = talentsSource(sys, talentsUsedAfter(type, state.talentsUsed, talent));
    if (planned) {
      if (planned.accepted.length || planned.refused.length) {
        const rolled = await rollDowntime(planned, type);
        downtime = { ...planned, rolls: rolled.rolls };
        dice = rolled.dice;
        planned.rules.forEach((r) => rules.add(r));
        geld.after = Math.max(0, Math.min(LIMITS.geld, sys.geld - planned.cost));
        if (geld.after !== geld.before) changes["system.geld"] = geld.after;
        // Ausbildung: its days and money on the character, in the rest's own write; at the end the language or tool is
        // the character's (an entry of its own) and the Ausbildung is over.
        if (p.taken.taken && lesson && planned.accepted.some((a) => a.id === "ausbildung")) {
          ausbildung = lesson;
          if (lesson.learnt) {
            changes["flags.flex.-=ausbildung"] = null;
            created.push(learntEntry(lesson));
          } else changes["flags.flex.ausbildung"] = { ...lesson.after, stand: context.end };
        }
        // R-DOWN-2: training for a level counts its sessions on the character, in the rest's own write.
        if (type === "fullRest" && p.taken.taken && planned.accepted.some((a) => a.id === "stufentraining")) {
          levelTraining = levelTrainingAfter(actor.getFlag("flex", "levelTraining"), sys.level, LEVEL_TRAINING_SESSIONS_PER_FULL_REST);
          changes["flags.flex.levelTraining"] = { level: levelTraining.level, sessions: levelTraining.sessions };
        }
      }
    }
    // The rest is recorded (rolling windows) and restarts the no-rest clock (R-REST-NO-1: every rest, a breather
    // too); one with sleep also ends going without sleep and the hallucinations it brought (R-REST-NO-2).
    changes[`system.rast.historie.${type}`] = startsSource(type, recordRestStart(type, state.starts[type], context.start));
    clockStopped = true;
    slept = restIncludesSleep(type);
    changes["system.rast.letzte"] = context.end;
    changes["system.rast.ohneRast"] = 0;
    hallucinationEnded = slept && actor.statuses.has("hallucinating");
    sleeplessClock = !slept && actor.statuses.has(SLEEPLESS);
    if (state.counted > 0 || hallucinationEnded || actor.statuses.has(SLEEPLESS)) rules.add("R-REST-NO-1");
  }

  const entry: RestEntry = {
    actorId: actor.id!,
    name: actor.name,
    defaulted: p.defaulted,
    taken: p.taken,
    answer: p.answer,
    talent: p.talent,
    hitDice,
    careMissing: p.careMissing,
    fullCare: p.fullCare,
    leben,
    erschoepfung,
    trefferwuerfel,
    fluss,
    gunst,
    resources,
    downtime,
    levelTraining,
    ausbildung,
    geld,
    clockStopped,
    slept,
    sleeplessClock,
    hallucinationEnded,
    proficiencyBonus: sys.derived.uebungsbonus,
    level: sys.level,
    klWert: sys.attributes.kl,
    rules: [...rules].sort(),
  };
  return { finished: { actor, entry, changes, items, created, healing }, dice };
}
