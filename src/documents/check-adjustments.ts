// Features that change a check automatically (e.g. R-WATER-1: Ausweichen under water gets a Nachteil)
// register here; FlexActor#rollCheck applies them and names each on the chat card.
import type { AttributeKey } from "../config";
import type { DefenceKind } from "../rules";

export interface CheckContext {
  actor: Actor.Implementation;
  talent: Item.Implementation | undefined;
  attribute: AttributeKey;
  /** A defence rolled around a stored value, without a talent (a creature's, or a form's): which one. */
  defence?: DefenceKind;
}

export interface CheckAdjustment {
  vorteile?: number;
  nachteile?: number;
  modifier?: number;
  /** Shown on the card: why the check changed, in words. */
  note: string;
  /** The rule that changed it, for the card's Regeln line (rule IDs stay out of what a player reads). */
  rule?: string;
}

type Adjuster = (context: CheckContext) => CheckAdjustment | null;

const adjusters = new Map<string, Adjuster>();

/** Registers (or replaces) the adjustment of one feature. */
export function registerCheckAdjustment(id: string, adjuster: Adjuster): void {
  adjusters.set(id, adjuster);
}

export function collectCheckAdjustments(context: CheckContext): CheckAdjustment[] {
  const out: CheckAdjustment[] = [];
  for (const [id, adjust] of adjusters) {
    try {
      const a = adjust(context);
      if (a) out.push(a);
    } catch (err) {
      console.error(`Flex | check adjustment "${id}" failed`, err);
    }
  }
  return out;
}
