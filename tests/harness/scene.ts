// Stand-ins for Scene, TokenDocument (linked and unlinked actors), RegionDocument and RegionBehavior,
// with v13's token movement (TokenDocument#move, _onUpdateMovement, the moveToken hook) and region
// events (tokenEnter / tokenExit / tokenMoveIn / tokenMoveOut) dispatched on every connected client.
import { TypeDataModel } from "./data-model";
import { Actor, Collection, Document, worldCollections, type DocClass, type User } from "./documents";
import { ArrayField, BooleanField, NumberField, ObjectField, SchemaField, SetField, StringField, type FieldOptions } from "./fields";
import { deepClone, mergeObject, randomID, type Obj } from "./utils";
import { state, track } from "./world";

export const REGION_EVENTS = {
  TOKEN_ENTER: "tokenEnter",
  TOKEN_EXIT: "tokenExit",
  TOKEN_MOVE_IN: "tokenMoveIn",
  TOKEN_MOVE_OUT: "tokenMoveOut",
  TOKEN_MOVE_WITHIN: "tokenMoveWithin",
  TOKEN_TURN_START: "tokenTurnStart",
  TOKEN_TURN_END: "tokenTurnEnd",
  TOKEN_ROUND_START: "tokenRoundStart",
  TOKEN_ROUND_END: "tokenRoundEnd",
} as const;

export interface TokenPosition { x: number; y: number; elevation: number; width: number; height: number }
type MoveWaypoint = Partial<TokenPosition> & { action?: string };

const g = () => globalThis as unknown as { Hooks: { callAll: (...a: unknown[]) => unknown }; CONFIG: Record<string, { dataModels?: Obj }> };

export class Scene extends Document {
  static override documentName = "Scene";
  static override embedded = { Token: "tokens", Region: "regions", Tile: "tiles" };
  declare grid: { size: number; distance: number; units: string };
  static override defineSchema() {
    return {
      ...super.defineSchema(),
      active: new BooleanField({ initial: false }),
      grid: new SchemaField({
        size: new NumberField({ required: true, nullable: false, initial: 100 }),
        distance: new NumberField({ required: true, nullable: false, initial: 1 }),
        units: new StringField({ initial: "Schritt" }),
      }),
    };
  }
  get tokens(): Collection<TokenDocument> { return this.collectionsByName.Token as Collection<TokenDocument>; }
  get regions(): Collection<RegionDocument> { return this.collectionsByName.Region as Collection<RegionDocument>; }
  get tiles(): Collection<TileDocument> { return this.collectionsByName.Tile as Collection<TileDocument>; }
}

/** A tile: position and size in pixels, elevation in grid units (as in v13). */
export class TileDocument extends Document {
  static override documentName = "Tile";
  declare x: number;
  declare y: number;
  declare width: number;
  declare height: number;
  declare elevation: number;
  static override defineSchema() {
    const base = super.defineSchema();
    delete base.name;
    return {
      ...base,
      x: new NumberField({ required: true, nullable: false, initial: 0 }),
      y: new NumberField({ required: true, nullable: false, initial: 0 }),
      width: new NumberField({ required: true, nullable: false, initial: 100 }),
      height: new NumberField({ required: true, nullable: false, initial: 100 }),
      elevation: new NumberField({ required: true, nullable: false, initial: 0 }),
      texture: new ObjectField(),
    };
  }
}

export class TokenDocument extends Document {
  static override documentName = "Token";
  declare actorId: string | null;
  declare actorLink: boolean;
  declare x: number;
  declare y: number;
  declare elevation: number;
  declare width: number;
  declare height: number;
  declare delta: Obj;
  private synthetic: Actor | null = null;
  static override defineSchema() {
    return {
      ...super.defineSchema(),
      name: new StringField({ initial: "" }),
      actorId: new StringField({ nullable: true, initial: null }),
      actorLink: new BooleanField({ initial: false }),
      x: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      y: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      elevation: new NumberField({ required: true, nullable: false, initial: 0 }),
      width: new NumberField({ required: true, nullable: false, initial: 1 }),
      height: new NumberField({ required: true, nullable: false, initial: 1 }),
      hidden: new BooleanField({ initial: false }),
      disposition: new NumberField({ required: true, nullable: false, initial: -1 }),
      delta: new ObjectField(),
    };
  }
  get scene(): Scene { return this.parent as Scene; }
  get baseActor(): Actor | null { return (worldCollections.actors.get(this.actorId ?? "") as Actor | undefined) ?? null; }
  get isLinked(): boolean { return this.actorLink; }
  /** The linked world actor, or this token's own synthetic actor built from the base actor and its delta. */
  get actor(): Actor | null {
    const base = this.baseActor;
    if (!base) return null;
    if (this.actorLink) return base;
    if (!this.synthetic) {
      const data = mergeObject(base.toObject(), deepClone(this.delta ?? {}));
      const ActorCls = (Actor as unknown as DocClass).implementation as unknown as typeof Actor;
      this.synthetic = new ActorCls(data, { parent: this, strict: false });
      this.collectionsByName = { ...this.collectionsByName, Actor: new Collection([[this.synthetic.id, this.synthetic]]) as unknown as Collection<Document> };
      this.synthetic.prepareData();
    }
    return this.synthetic;
  }
  /** A token's permissions are its actor's. */
  override getUserLevel(user: User): number {
    if (user.isGM) return 3;
    return this.baseActor?.getUserLevel(user) ?? 0;
  }
  get position(): TokenPosition { return { x: this.x, y: this.y, elevation: this.elevation, width: this.width, height: this.height }; }

  /** TokenDocument#move: one waypoint (or the last of several) as one movement; a waypoint may name its `action` (walk, fly, blink, …). */
  async move(waypoints: MoveWaypoint | MoveWaypoint[], { method = "api", ...options }: Obj = {}) {
    const list = Array.isArray(waypoints) ? waypoints : [waypoints];
    const last = list.at(-1) ?? {};
    return this.update({ ...last }, { ...options, movement: { [this.id]: { waypoints: list, method } } });
  }

  override async _preUpdate(changes: Obj, options: Obj, user: User) {
    if (["x", "y", "elevation"].some((k) => k in changes)) {
      const moves = (options._harnessMoves ??= {}) as Obj;
      const planned = (options.movement as Obj)?.[this.id] as { method?: string; waypoints?: MoveWaypoint[] } | undefined;
      moves[this.id] = { origin: this.position, method: planned?.method ?? "api", action: planned?.waypoints?.at(-1)?.action ?? "walk", id: randomID() };
    }
    return super._preUpdate(changes, options, user);
  }

  override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    const move = (options._harnessMoves as Obj | undefined)?.[this.id] as { origin: TokenPosition; method: string; action: string; id: string } | undefined;
    if (!move || !["x", "y", "elevation"].some((k) => k in changed)) return;
    const user = worldCollections.users.get(userId)!;
    const movement = {
      id: move.id,
      origin: move.origin,
      destination: { ...this.position, action: move.action },
      passed: { waypoints: [{ ...move.origin, action: move.action }, { ...this.position, action: move.action }], distance: 0, cost: 0 },
      pending: { waypoints: [], distance: 0, cost: 0 },
      method: move.method,
      chain: [],
    };
    track(this._onUpdateMovement(movement, options, user));
    track(g().Hooks.callAll("moveToken", this, movement, options, user));
    for (const region of this.scene.regions.values()) region.dispatchMovement(this, movement, user);
  }
  /** Called on every client after the token moved; `user` is the one who moved it. */
  _onUpdateMovement(_movement: Obj, _operation: Obj, _user: User): Promise<void> | void {}
}

export class RegionDocument extends Document {
  static override documentName = "Region";
  static override embedded = { RegionBehavior: "behaviors" };
  declare shapes: { type: string; x: number; y: number; width: number; height: number }[];
  declare elevation: { bottom: number | null; top: number | null };
  static override defineSchema() {
    return {
      ...super.defineSchema(),
      shapes: new ArrayField(new ObjectField()),
      elevation: new SchemaField({
        bottom: new NumberField({ nullable: true, initial: null }),
        top: new NumberField({ nullable: true, initial: null }),
      }),
    };
  }
  get scene(): Scene { return this.parent as Scene; }
  get behaviors(): Collection<RegionBehavior> { return this.collectionsByName.RegionBehavior as Collection<RegionBehavior>; }
  /** Whether a point (pixels; elevation in grid units) lies in one of the rectangles and the elevation range. */
  testPoint(point: { x: number; y: number }, elevation?: number): boolean {
    const { bottom, top } = this.elevation;
    if (elevation !== undefined && ((bottom !== null && elevation < bottom) || (top !== null && elevation > top))) return false;
    return this.shapes.some((s) => point.x >= s.x && point.x < s.x + s.width && point.y >= s.y && point.y < s.y + s.height);
  }
  /** The tokens whose centre is inside the region. */
  get tokens(): Set<TokenDocument> {
    const size = this.scene.grid.size;
    return new Set(this.scene.tokens.filter((t) => this.testPoint({ x: t.x + (t.width * size) / 2, y: t.y + (t.height * size) / 2 }, t.elevation)));
  }
  private contains(pos: TokenPosition): boolean {
    const size = this.scene.grid.size;
    return this.testPoint({ x: pos.x + (pos.width * size) / 2, y: pos.y + (pos.height * size) / 2 }, pos.elevation);
  }
  dispatchMovement(token: TokenDocument, movement: { origin: TokenPosition; destination: TokenPosition }, user: User): void {
    const was = this.contains(movement.origin);
    const is = this.contains(movement.destination);
    const names: string[] = [];
    if (!was && is) names.push(REGION_EVENTS.TOKEN_ENTER, REGION_EVENTS.TOKEN_MOVE_IN);
    if (was && !is) names.push(REGION_EVENTS.TOKEN_MOVE_OUT, REGION_EVENTS.TOKEN_EXIT);
    if (was && is) names.push(REGION_EVENTS.TOKEN_MOVE_WITHIN);
    for (const name of names) this.dispatch({ name, data: { token, movement }, region: this, user });
  }
  dispatch(event: { name: string; data: Obj; region: RegionDocument; user: User }): void {
    for (const behavior of this.behaviors.values()) {
      if (behavior.disabled) continue;
      const system = behavior.system as RegionBehaviorType;
      const cls = system.constructor as typeof RegionBehaviorType;
      const handler = cls.events?.[event.name];
      if (handler) track(handler.call(system, event));
      else if (system.events instanceof Set && system.events.has(event.name)) track(system._handleRegionEvent(event));
    }
  }
}

export class RegionBehavior extends Document {
  static override documentName = "RegionBehavior";
  static override hasTypeData = true;
  declare disabled: boolean;
  static override defineSchema() {
    return { ...super.defineSchema(), name: new StringField({ initial: "" }), disabled: new BooleanField({ initial: false }) };
  }
  get region(): RegionDocument { return this.parent as RegionDocument; }
}

/** foundry.data.regionBehaviors.RegionBehaviorType */
export class RegionBehaviorType extends TypeDataModel {
  static events: Record<string, (this: RegionBehaviorType, event: Obj) => Promise<void> | void> = {};
  declare events: Set<string> | undefined;
  get behavior(): RegionBehavior { return this.parent as RegionBehavior; }
  get region(): RegionDocument { return this.behavior.region; }
  get scene(): Scene { return this.region.scene; }
  static _createEventsField({ events = Object.values(REGION_EVENTS) as string[], initial = [] as string[] }: { events?: string[]; initial?: string[] } = {}) {
    return new SetField(new StringField({ required: true, choices: events }), { initial } as FieldOptions);
  }
  async _handleRegionEvent(_event: Obj): Promise<void> {}
}

export function sceneCollection(): Collection<Scene> {
  return worldCollections.scenes as unknown as Collection<Scene>;
}

void state;
