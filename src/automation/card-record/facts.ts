// Who owns each fact a GM handler reads (ARCHITECTURE.md, "Trust model"): one row per request type the active GM
// carries out, one owner per fact. registerRelay refuses a type that has no row here, so a new handler cannot be
// wired without saying where each of its facts comes from. A handler reads a fact only from its owner:
// - requester: the user the relay confirmed (its own client vouched for the request's id and content);
// - gm: only a GM may ask at all (the request itself is the fact);
// - requesterOwns: the requester's claim, believed only about a document it owns (checked on the GM);
// - visible: a document named by uuid, believed only if the requester may see it (actor-ref.ts visibleTo);
// - documents: derived on the GM from the documents and the rules (SW, costs, bounds, damage ranges);
// - gmRoll: rolled by the GM itself;
// - rolls: the message's own rolls, rolled by its author for its own actor;
// - defenderCard: the defender's own card, posted by an owner of the defender;
// - gmRecord: what the GM accepted or decided, in its card record keyed by the message (or fall) id (store.ts);
// - mark: the mark on the changed document, written with its change (the "already applied / undone").
export type FactOwner = "requester" | "gm" | "requesterOwns" | "visible" | "documents" | "gmRoll" | "rolls" | "defenderCard" | "gmRecord" | "mark";

export const TRUST_TABLE = {
  attackApply: { requester: "requester", attacker: "requesterOwns", ew: "rolls", damage: "rolls", targets: "gmRecord", creatureVerdict: "gmRecord", characterVerdict: "defenderCard", mayApply: "documents", applied: "mark" },
  attackDefend: { requester: "requester", defender: "requesterOwns", defence: "defenderCard", attackEW: "rolls" },
  healApply: { requester: "requester", target: "gmRecord", amount: "gmRecord", authorOwnsTarget: "documents", applied: "mark" },
  fallApply: { requester: "requester", faller: "requesterOwns", fallerDamage: "rolls", target: "gmRecord", targetDamage: "gmRecord", rider: "documents", riderDamage: "documents", applied: "mark" },
  fallResolve: { requester: "requester", faller: "requesterOwns", height: "documents", landing: "documents", checks: "gmRoll", damage: "gmRoll" },
  fallRider: { requester: "requester", mount: "requesterOwns", rider: "documents", check: "gmRoll", damage: "gmRoll", decision: "gmRecord" },
  fallDodge: { requester: "requester", faller: "requesterOwns", target: "documents", sw: "documents", dodge: "gmRoll", damage: "gmRoll", decision: "gmRecord", applied: "mark" },
  combatActions: { requester: "requester", combatant: "requesterOwns", cost: "documents", left: "mark" },
  companionCommand: { requester: "requester", trainer: "requesterOwns", companion: "visible", targets: "visible", cost: "documents", check: "gmRoll", spent: "mark" },
  companionTraining: { requester: "requester", trainer: "requesterOwns", creature: "visible", checks: "gmRoll", cost: "documents", progress: "mark" },
  riding: { requester: "requester", rider: "requesterOwns", mount: "visible", rules: "documents", pair: "mark" },
  craftPay: { requester: "requester", crafter: "requesterOwns", cost: "documents", paid: "mark" },
  craftWork: { requester: "requester", crafter: "requesterOwns", checks: "gmRoll", target: "documents", progress: "mark" },
  plotSow: { requester: "requester", owner: "requesterOwns", cost: "documents", sown: "mark" },
  plotHarvest: { requester: "requester", owner: "requesterOwns", yield: "documents", harvested: "mark" },
  work: { requester: "requester", worker: "requesterOwns", check: "gmRoll", pay: "documents", paid: "mark" },
  rewardPay: { request: "gm", reward: "documents", paid: "mark" },
  rest: { request: "gm", answers: "requesterOwns", recovery: "documents", dice: "gmRoll", rested: "mark" },
  endOfDay: { request: "gm", exhaustion: "documents", done: "mark" },
  breathAdvance: { request: "gm", dice: "gmRoll", processed: "mark" },
  shortCombatGM: { request: "gm", enemies: "documents", dice: "gmRoll", applied: "mark" },
  shortCombatReport: { requester: "requester", character: "requesterOwns", roll: "rolls", fluss: "mark", counted: "mark" },
} as const satisfies Record<string, Record<string, FactOwner>>;

export type TrustedType = keyof typeof TRUST_TABLE;

/** Whether a request type has its row: every relayed handler needs one. */
export const hasTrustRow = (type: string): type is TrustedType => Object.hasOwn(TRUST_TABLE, type);
