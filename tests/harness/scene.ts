// Stand-ins for Scene, TokenDocument (linked and unlinked actors), RegionDocument and RegionBehavior, with
// v13's token movement (TokenDocument#move, stopMovement, _onUpdateMovement, the moveToken hook) and region
// events, dispatched on every connected client with the user who caused them as `event.user`.
//
// When v13 fires which region event (from Foundry's issue tracker and knowledge base; the stand-in does the same):
// - TOKEN_ENTER / TOKEN_EXIT: when the set of tokens inside a region changes: a token moved (where each
//   update of its movement leaves it counts, so a token dragged through a region without stopping in it
//   neither enters nor exits), created or deleted inside it; the region created, reshaped (shapes or
//   elevation) or deleted; and, for that one behaviour alone, when a behaviour becomes active (created
//   enabled, or enabled) or inactive (disabled, or deleted while enabled).
// - TOKEN_MOVE_IN / TOKEN_MOVE_OUT / TOKEN_MOVE_WITHIN: by movement only, along its path (every waypoint and
//   the segments between them), with `event.data.movement`. Where the path crosses the boundary of a region
//   that has an active behaviour subscribed to TOKEN_MOVE_IN or TOKEN_MOVE_OUT, the movement is split there
//   (a checkpoint) and goes on in a new update; a handler that calls `token.stopMovement()` before its first
//   await keeps the pending waypoints from being carried out.
// - Only active (enabled) behaviours subscribed to an event receive it.
//
// What each update of a movement says (the moveToken hook, _onUpdateMovement, a region event's `movement`):
// - `id` is the update's own; a movement split at a checkpoint goes on in updates with new ids, each naming the earlier
//   ones in `chain` (Crucible acts on "the first segment" only: `movement.chain.length` is 0).
// - `origin` is where this update starts, `passed` the waypoints it carries out, `pending` the rest; `destination` is
//   where the whole movement is going (its last waypoint), the same in every update of a split movement (issue 24:
//   measured from v13, a drop split at a region's edge was counted from each part to the final destination).
// - `method` is how the movement was made ("api", "dragging", "undo", …). Each update is recorded in the token's
//   movement history (`_movementHistory`, one entry per waypoint with its movement's id), except an undo, which reverts
//   the movement recorded last (Crucible's token.mjs reads the undone one as `_movementHistory.at(-1).movementId`).
// - A batched update of several tokens (one updateEmbeddedDocuments) shares one options object for all of them, as
//   v13's update operation does; each token's movement is keyed by its id (`options.movement[tokenId]`).
import { TypeDataModel } from "./data-model";
import { Actor, Collection, Document, worldCollections, type DocClass, type User } from "./documents";
import { ArrayField, BooleanField, NumberField, ObjectField, SchemaField, SetField, StringField, type FieldOptions } from "./fields";
import { deepClone, mergeObject, randomID, type Obj } from "./utils";
import { recordError, state, track } from "./world";

export const REGION_EVENTS = {
  BEHAVIOR_ACTIVATED: "behaviorActivated",
  BEHAVIOR_DEACTIVATED: "behaviorDeactivated",
  REGION_BOUNDARY: "regionBoundary",
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
const { BEHAVIOR_ACTIVATED, BEHAVIOR_DEACTIVATED, REGION_BOUNDARY, TOKEN_ENTER, TOKEN_EXIT, TOKEN_MOVE_IN, TOKEN_MOVE_OUT, TOKEN_MOVE_WITHIN } = REGION_EVENTS;

export interface TokenPosition { x: number; y: number; elevation: number; width: number; height: number }
type MoveWaypoint = Partial<TokenPosition> & { action?: string };
/** A point of a movement's path: a full position and the movement action that reaches it. */
type PathPoint = TokenPosition & { action: string; checkpoint?: boolean };
/** One update of a movement: from `origin` through `passed` (its last point is where it ends); `pending` is left for the next. */
interface MovementLeg { id: string; origin: TokenPosition; passed: PathPoint[]; pending: PathPoint[]; method: string; chain: string[] }
const POSITION_KEYS = ["x", "y", "elevation", "width", "height"];

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

const userOf = (id: string): User => worldCollections.users.get(id)!;
const positionOf = (p: TokenPosition): TokenPosition => ({ x: p.x, y: p.y, elevation: p.elevation, width: p.width, height: p.height });

/** The positions a token passes going from `from` to `to` (excluded, included): one per pixel or elevation step; a teleport (blink) jumps. */
function pathSamples(scene: Scene, from: TokenPosition, to: PathPoint): PathPoint[] {
  if (to.action === "blink") return [to];
  const { size, distance } = scene.grid;
  const [dx, dy, de] = [to.x - from.x, to.y - from.y, to.elevation - from.elevation];
  const steps = Math.max(1, Math.abs(dx), Math.abs(dy), Math.ceil((Math.abs(de) * size) / (distance || 1)));
  const out: PathPoint[] = [];
  for (let i = 1; i < steps; i++) out.push({ ...to, x: Math.round(from.x + (dx * i) / steps), y: Math.round(from.y + (dy * i) / steps), elevation: from.elevation + (de * i) / steps, checkpoint: false });
  out.push(to);
  return out;
}

/** Whether a behaviour handles the event: a static handler of its type, or its `events` field. */
function subscribes(behavior: RegionBehavior, name: string): boolean {
  const system = behavior.system as RegionBehaviorType;
  return !!(system.constructor as typeof RegionBehaviorType).events?.[name] || (system.events instanceof Set && system.events.has(name));
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
  /** The movement this client is carrying out (TokenDocument#move), until its last update is done. */
  private moving: { userId: string; stopped: boolean } | null = null;
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
      _movementHistory: new ArrayField(new ObjectField()),
      delta: new ObjectField(),
      texture: new ObjectField({ initial: () => ({ src: null }) }),
    };
  }
  get scene(): Scene { return this.parent as Scene; }
  /** A reload: the token's actor is built again from the base actor and the stored delta. */
  reloadActor(): void {
    this._initialize();
    this.synthetic = null;
    const { Actor: _dropped, ...rest } = this.collectionsByName;
    void _dropped;
    this.collectionsByName = rest;
  }
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
  get position(): TokenPosition { return positionOf(this); }
  /** The token's centre (pixels; elevation in grid units), where it stands or at the position given. */
  getCenterPoint(data: Partial<TokenPosition> = {}): { x: number; y: number; elevation: number } {
    const p = { ...this.position, ...data };
    const size = this.scene.grid.size;
    return { x: p.x + (p.width * size) / 2, y: p.y + (p.height * size) / 2, elevation: p.elevation };
  }
  /** The regions the token is in. */
  get regions(): Set<RegionDocument> { return new Set(this.scene.regions.filter((r) => r.holds(this))); }

  /**
   * TokenDocument#move: the waypoints as one movement (a waypoint may name its `action`: walk, fly, blink, …),
   * carried out in one update, or one per stretch between checkpoints. True when the last waypoint was
   * reached, false when the movement was stopped.
   */
  async move(waypoints: MoveWaypoint | MoveWaypoint[], { method = "api", ...options }: Obj = {}): Promise<boolean> {
    let origin = this.position;
    let last: PathPoint = { ...origin, action: "walk" };
    let pending = (Array.isArray(waypoints) ? waypoints : [waypoints]).map((w) => (last = { ...last, ...w, action: w.action ?? "walk" }));
    const chain: string[] = [];
    while (pending.length) {
      const { passed, pending: rest } = this.nextLeg(origin, pending);
      const leg: MovementLeg = { id: randomID(), origin, passed, pending: rest, method: String(method), chain: [...chain] };
      const moving = (this.moving = { userId: state.currentUserId, stopped: false });
      try {
        await this.update({ ...positionOf(passed.at(-1)!) }, { ...options, movement: { [this.id]: { waypoints: passed, method } }, _harnessMoves: { [this.id]: leg } });
      } finally {
        this.moving = null;
      }
      if (moving.stopped) return false;
      chain.push(leg.id);
      origin = positionOf(passed.at(-1)!);
      pending = rest;
    }
    return true;
  }
  /** TokenDocument#stopMovement: on the client carrying the movement out, its pending waypoints are dropped. */
  stopMovement(): boolean {
    if (this.moving?.userId !== state.currentUserId) return false;
    this.moving.stopped = true;
    return true;
  }
  /** Where the movement's next update ends: at the first checkpoint on its path, else at its last waypoint. */
  private nextLeg(origin: TokenPosition, path: PathPoint[]): { passed: PathPoint[]; pending: PathPoint[] } {
    const splitting = this.scene.regions.filter((r) => r.activeBehaviors.some((b) => subscribes(b, TOKEN_MOVE_IN) || subscribes(b, TOKEN_MOVE_OUT)));
    if (!splitting.length) return { passed: path, pending: [] };
    const inside = (p: TokenPosition) => splitting.map((r) => r.holds(this, p)).join();
    const start = inside(origin);
    const passed: PathPoint[] = [];
    let from: TokenPosition = origin;
    for (const [i, to] of path.entries()) {
      for (const point of pathSamples(this.scene, from, to)) {
        if (inside(point) === start) continue;
        if (point === to) return { passed: [...passed, to], pending: path.slice(i + 1) };
        return { passed: [...passed, { ...point, checkpoint: true }], pending: path.slice(i) };
      }
      passed.push(to);
      from = to;
    }
    return { passed, pending: [] };
  }

  override async _preUpdate(changes: Obj, options: Obj, user: User) {
    const moves = (options._harnessMoves ??= {}) as Record<string, MovementLeg>;
    if (POSITION_KEYS.some((k) => k in changes) && !moves[this.id]) {
      // A plain update of the position is a movement of one waypoint, carried out by this update.
      const planned = (options.movement as Obj | undefined)?.[this.id] as { method?: string; waypoints?: MoveWaypoint[] } | undefined;
      const moved = Object.fromEntries(POSITION_KEYS.filter((k) => k in changes).map((k) => [k, changes[k]])) as Partial<TokenPosition>;
      const end: PathPoint = { ...this.position, ...moved, action: planned?.waypoints?.at(-1)?.action ?? "walk" };
      moves[this.id] = { id: randomID(), origin: this.position, passed: [end], pending: [], method: planned?.method ?? "api", chain: [] };
    }
    return super._preUpdate(changes, options, user);
  }

  override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    const leg = (options._harnessMoves as Record<string, MovementLeg> | undefined)?.[this.id];
    if (!leg || !POSITION_KEYS.some((k) => k in changed)) return;
    const user = userOf(userId);
    // Recorded once, with the write (core keeps the history on the token's source).
    if (userId === state.currentUserId) this.recordMovement(leg);
    const end = leg.pending.at(-1) ?? leg.passed.at(-1);
    const movement = {
      id: leg.id,
      origin: leg.origin,
      destination: { ...(end ? positionOf(end) : this.position), action: end?.action ?? "walk" },
      passed: { waypoints: leg.passed, distance: 0, cost: 0 },
      pending: { waypoints: leg.pending, distance: 0, cost: 0 },
      method: leg.method,
      chain: leg.chain,
    };
    track(this._onUpdateMovement(movement, options, user));
    track(g().Hooks.callAll("moveToken", this, movement, options, user));
    for (const region of this.scene.regions) region.dispatchMovement(this, leg, movement, user);
  }
  /** The token's movement history: the waypoints of each movement with its id; an undo takes the last movement out. */
  private recordMovement(leg: MovementLeg): void {
    const history = ((this._source._movementHistory as Obj[] | undefined) ?? []).slice();
    if (leg.method === "undo") {
      const undone = history.at(-1)?.movementId;
      this._source._movementHistory = history.filter((entry) => entry.movementId !== undone);
    } else {
      const movementId = leg.chain[0] ?? leg.id;
      this._source._movementHistory = [...history, ...leg.passed.map((p) => ({ ...positionOf(p), action: p.action, movementId }))];
    }
    this._initialize();
  }
  /** Called on every client after the token moved; `user` is the one who moved it. */
  _onUpdateMovement(_movement: Obj, _operation: Obj, _user: User): Promise<void> | void {}

  override _onCreate(data: Obj, options: Obj, userId: string): void {
    super._onCreate(data, options, userId);
    for (const region of this.scene.regions) if (region.holds(this)) region.dispatch(TOKEN_ENTER, { token: this }, userOf(userId));
  }
  override _onDelete(options: Obj, userId: string): void {
    super._onDelete(options, userId);
    for (const region of this.scene.regions) if (region.holds(this)) region.dispatch(TOKEN_EXIT, { token: this }, userOf(userId));
  }
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
  get activeBehaviors(): RegionBehavior[] { return this.behaviors.filter((b) => !b.disabled); }
  /** Whether a point (pixels; elevation in grid units) lies in one of the rectangles and the elevation range. */
  testPoint(point: { x: number; y: number; elevation?: number }): boolean {
    const { bottom, top } = this.elevation;
    const e = point.elevation;
    if (e !== undefined && ((bottom !== null && e < bottom) || (top !== null && e > top))) return false;
    return this.shapes.some((s) => point.x >= s.x && point.x < s.x + s.width && point.y >= s.y && point.y < s.y + s.height);
  }
  /** Whether the token's centre is inside, where it stands or at the position given. */
  holds(token: TokenDocument, position?: TokenPosition): boolean { return this.testPoint(token.getCenterPoint(position)); }
  /** The tokens whose centre is inside the region. */
  get tokens(): Set<TokenDocument> { return new Set(this.scene.tokens.filter((t) => this.holds(t))); }

  /** One update of a movement: entering or exiting by where it ends; moving in, out or within along its path. */
  dispatchMovement(token: TokenDocument, leg: MovementLeg, movement: Obj, user: User): void {
    const data = { token, movement };
    let inside = this.holds(token, leg.origin);
    if (inside !== this.holds(token)) this.dispatch(inside ? TOKEN_EXIT : TOKEN_ENTER, data, user);
    if (!this.activeBehaviors.some((b) => [TOKEN_MOVE_IN, TOKEN_MOVE_OUT, TOKEN_MOVE_WITHIN].some((n) => subscribes(b, n)))) return;
    let within = false;
    let from: TokenPosition = leg.origin;
    for (const to of leg.passed) {
      for (const point of pathSamples(token.scene, from, to)) {
        const now = this.holds(token, point);
        if (now !== inside) this.dispatch(now ? TOKEN_MOVE_IN : TOKEN_MOVE_OUT, data, user);
        else if (now && !within) this.dispatch(TOKEN_MOVE_WITHIN, data, user);
        within ||= now && inside;
        inside = now;
      }
      from = to;
    }
  }
  /** Runs the event's handlers of the region's active behaviours (or of `only` that one), on this client. */
  dispatch(name: string, data: Obj, user: User, only?: RegionBehavior): void {
    const event = { name, data, region: this, user };
    for (const behavior of only ? [only] : this.activeBehaviors) {
      const system = behavior.system as RegionBehaviorType;
      const handler = (system.constructor as typeof RegionBehaviorType).events?.[name];
      try {
        if (handler) track(handler.call(system, event));
        else if (system.events instanceof Set && system.events.has(name)) track(system._handleRegionEvent(event));
      } catch (err) {
        recordError(err);
      }
    }
  }

  override _onCreate(data: Obj, options: Obj, userId: string): void {
    super._onCreate(data, options, userId);
    const user = userOf(userId);
    for (const behavior of this.activeBehaviors) this.dispatch(BEHAVIOR_ACTIVATED, {}, user, behavior);
    for (const token of this.tokens) this.dispatch(TOKEN_ENTER, { token }, user);
  }
  override async _preUpdate(changes: Obj, options: Obj, user: User) {
    // Who is inside before the change, to tell who enters and who exits (the options reach every client).
    ((options._harnessRegionTokens ??= {}) as Record<string, Set<TokenDocument>>)[this.id] = this.tokens;
    return super._preUpdate(changes, options, user);
  }
  override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    if (!("shapes" in changed || "elevation" in changed)) return;
    const before = (options._harnessRegionTokens as Record<string, Set<TokenDocument>> | undefined)?.[this.id] ?? new Set<TokenDocument>();
    const after = this.tokens;
    const user = userOf(userId);
    this.dispatch(REGION_BOUNDARY, {}, user);
    for (const token of before) if (!after.has(token)) this.dispatch(TOKEN_EXIT, { token }, user);
    for (const token of after) if (!before.has(token)) this.dispatch(TOKEN_ENTER, { token }, user);
  }
  override _onDelete(options: Obj, userId: string): void {
    super._onDelete(options, userId);
    const user = userOf(userId);
    for (const token of this.tokens) this.dispatch(TOKEN_EXIT, { token }, user);
    for (const behavior of this.activeBehaviors) this.dispatch(BEHAVIOR_DEACTIVATED, {}, user, behavior);
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
  override _onCreate(data: Obj, options: Obj, userId: string): void {
    super._onCreate(data, options, userId);
    if (!this.disabled) this.activate(true, userOf(userId));
  }
  override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    if ("disabled" in changed) this.activate(!this.disabled, userOf(userId));
  }
  override _onDelete(options: Obj, userId: string): void {
    super._onDelete(options, userId);
    if (!this.disabled) this.activate(false, userOf(userId));
  }
  /** Becoming active or inactive: for this behaviour alone, the tokens inside enter or exit. */
  private activate(active: boolean, user: User): void {
    const region = this.region;
    if (active) region.dispatch(BEHAVIOR_ACTIVATED, {}, user, this);
    for (const token of region.tokens) region.dispatch(active ? TOKEN_ENTER : TOKEN_EXIT, { token }, user, this);
    if (!active) region.dispatch(BEHAVIOR_DEACTIVATED, {}, user, this);
  }
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
