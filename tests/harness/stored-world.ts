// A world as a database hands it to Foundry at start-up (a fixture in tests/fixtures/worlds/): every document built
// from its stored source as it is, the stored world settings (also those no version registers any more), the world
// time and the users' own flags. Nothing is validated on the way in beyond what loading does, nothing is written.
import { worldCollections } from "./documents";
import { deepClone, randomID, type Obj } from "./utils";

export interface StoredWorld {
  system: { id: string; version: string };
  worldTime: number;
  settings: Record<string, unknown>;
  users: Obj[];
  actors: Obj[];
  items: Obj[];
  scenes: Obj[];
  messages: Obj[];
}

type Built = { id: string; prepareData(): void; _source: Obj; _initialize(): void };
type Cls = new (data: Obj, context: { strict: boolean }) => Built;

/** Loads `world` into the stand-in (after resetWorld, whose users it gives their stored flags by id). */
export function loadStoredWorld(world: StoredWorld): void {
  const g = globalThis as unknown as { CONFIG: Record<string, { documentClass: Cls }>; game: { settings: { values: Map<string, unknown> }; time: { worldTime: number } } };
  const build = (name: string, data: Obj) => new g.CONFIG[name]!.documentClass(deepClone(data), { strict: false });
  for (const user of world.users) {
    const here = worldCollections.users.get(String(user._id)) as unknown as Built | undefined;
    if (!here) throw new Error(`the stored world's user ${String(user._id)} is not connected: resetWorld with as many`);
    here._source.flags = deepClone(user.flags as Obj);
    here._initialize();
  }
  const put = (collection: Map<string, unknown>, name: string, sources: Obj[]) => {
    for (const data of sources) collection.set(String(data._id), build(name, data));
  };
  put(worldCollections.actors, "Actor", world.actors);
  put(worldCollections.items, "Item", world.items);
  put(worldCollections.scenes, "Scene", world.scenes);
  put(worldCollections.messages, "ChatMessage", world.messages);
  for (const [key, value] of Object.entries(world.settings)) g.game.settings.values.set(key, deepClone(value));
  g.game.time.worldTime = world.worldTime;
  for (const actor of worldCollections.actors.values()) (actor as unknown as Built).prepareData();
  for (const item of worldCollections.items.values()) (item as unknown as Built).prepareData();
  for (const scene of worldCollections.scenes.values()) (scene as unknown as Built).prepareData();
  // The stand-in counts its ids up from one; a stored world's ids are taken (Foundry's random ids never meet).
  for (let i = 0; i < 20_000; i++) randomID();
}
