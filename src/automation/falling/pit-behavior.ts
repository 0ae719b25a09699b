// Region behaviour "flex.pit": a token that moves into the region falls `height` Schritt (R-FALL-1..3) and
// stops at its edge. Only movement makes it fall (TOKEN_MOVE_IN, which carries the movement): a token
// created inside, or a pit drawn, reshaped or enabled over a token, does not. Subscribing to moving in also
// makes core split a movement where it crosses the pit's edge, so the rest of it can be stopped there.
// The falling automation decides what happens; this model only holds the height and forwards the event.
const { NumberField } = foundry.data.fields;

export const PIT_BEHAVIOR = "flex.pit";

type PitEnterHandler = (height: number, behaviorId: string, event: unknown) => Promise<void>;
let onEnter: PitEnterHandler | null = null;

/** Set once by the falling automation (keeps the data layer free of automation imports). */
export function setPitEnterHandler(handler: PitEnterHandler): void {
  onEnter = handler;
}

const pitSchema = () => ({
  /** Schritt fallen on moving in; whole Schritt count (fractions round down), more than 2 is a fall. */
  height: new NumberField({ required: true, nullable: false, min: 0, initial: 3 }),
});
type PitSchema = ReturnType<typeof pitSchema>;

export class PitBehaviorData extends foundry.data.regionBehaviors.RegionBehaviorType<PitSchema> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Fall.Pit"];

  static override defineSchema(): PitSchema {
    return pitSchema();
  }

  static async #onTokenMoveIn(this: PitBehaviorData, event: unknown): Promise<void> {
    await onEnter?.(Number(this.height) || 0, this.behavior?.id ?? "", event);
  }

  // Core calls each handler with the behaviour's system data as `this`; the types lack the handler map.
  static override events = { [CONST.REGION_EVENTS.TOKEN_MOVE_IN]: this.#onTokenMoveIn };
}
