// What a heal card or a healing Alchemikum's use card keeps in flags.flex.heal: whom it heals, how much, and
// what it applied. The mark of what was applied lives on the healed actor (FlexActor#planHealing); the card
// shows it.
import type { RolledFaces } from "../../dice/faces";
import type { HealingOutcome } from "../../rules";
import type { ActorRef } from "../actor-ref";
import type { UseRecord } from "../use-card";

/** What one Apply did, for the card's line "+5 Leben, jetzt 12/30". */
export interface HealView {
  healed: number;
  leben: number;
  max: number;
  /** R-CORE-8: Leben rose from 0, which ended dying. */
  revived: boolean;
  /** The maximum stopped the healing short of its amount. */
  capped: boolean;
}

export interface HealRecord {
  id: string;
  target: ActorRef & { name: string; img: string };
  /** The Leben the card heals: typed in the Heilen dialog, or rolled from an Alchemikum's heilung. */
  amount: number;
  /** The heilung rolled, in Flex notation ("2W6"); null for a typed amount. */
  formula: string | null;
  /** The faces of the rolled heilung, for the card's "2W6: 3 + 4" (older cards have none). */
  rolled?: RolledFaces | null;
  rules: string[];
  /** The use of an Alchemikum that brought this healing (the card is then its use card). */
  use: UseRecord | null;
  applied: HealView | null;
  /** Applied once and taken back by its Undo (the card says so until applied again). */
  undone?: boolean;
}

export function healRecordOf(message: ChatMessage.Implementation | null | undefined): HealRecord | null {
  const record = message?.getFlag("flex", "heal") as HealRecord | undefined;
  return record && typeof record === "object" && typeof record.id === "string" && record.target && Number.isFinite(record.amount) ? record : null;
}

/** The mark a heal card leaves on the actor it healed: keyed by the message id, which no author chooses. */
export const healMark = (messageId: string): string => `heal-${messageId}`;

export function healView(result: HealingOutcome, amount: number, max: number): HealView {
  return { healed: result.healed, leben: result.leben, max, revived: result.revived, capped: result.healed < amount };
}

/** The actor's Leben maximum, for the card's "jetzt 12/30". */
export function lebenMax(actor: Actor.Implementation): number {
  return Math.max(0, Math.trunc(Number((actor.system as { leben?: { max?: unknown } }).leben?.max) || 0));
}
