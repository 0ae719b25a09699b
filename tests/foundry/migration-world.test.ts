// Issue 37: a world Flex 0.1.0 stored (tests/fixtures/worlds/0.1.0/world.json, made by 0.1.0 itself) opened with this
// version. What a GM notices: one notice before and one after, on the active GM only; nothing lost; the cards of
// the last session still apply and undo; the transformed character turns back exactly; a second start does nothing.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { attackCardAction } from "../../src/automation/combat";
import { fallCardAction } from "../../src/automation/falling";
import { healCardAction } from "../../src/automation/healing";
import { MIGRATIONS } from "../../src/migration/registry";
import { DialogV2 } from "../harness/applications";
import { installPack, storeInPack } from "../harness/packs";
import { acting, createActor, dropAfterWrites, loadStoredWorld, messages, resetWorld, startClient, state, type Clients, type StoredWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Obj = Record<string, unknown>;
const g = globalThis as Any;
const ROOT = join(import.meta.dirname, "..", "..");
const stored = JSON.parse(readFileSync(join(ROOT, "tests/fixtures/worlds/0.1.0/world.json"), "utf8")) as StoredWorld;
const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

let clients: Clients;
let harnessVersion: string;

beforeEach(() => {
  harnessVersion = g.game.system.version;
  g.game.system.version = version;
  clients = resetWorld({ gms: 2, players: 2 });
  loadStoredWorld(stored);
});
afterEach(() => {
  g.game.system.version = harnessVersion;
});

const notices = (type?: string) => state.notifications.filter((n) => !type || n.type === type).map((n) => ({ user: n.userId, message: n.message }));
const migrationNotices = () => notices().filter((n) => n.message.startsWith("Flex: Die Welt"));
/** The documents written since `from` (journal and card records on the GMs' users left out), as [action, type, writer, count]. */
const writes = (from: number) => state.writes.slice(from).filter((w) => w.documentName !== "User").map((w) => [w.action, w.documentName, w.userId, w.ids.length]);
const migrated = () => g.game.settings.get("flex", "systemMigrationVersion");

const byName = (name: string) => g.game.actors.getName(name) as Any;
const storedActor = (name: string) => stored.actors.find((a) => a.name === name) as Any;
const scene = () => g.game.scenes.contents[0] as Any;
const scout = () => scene().tokens.contents.find((t: Any) => t.name === "Goblin-Späher") as Any;
const cardsOf = (kind: string) => messages().filter((m: Any) => m.flags?.flex?.[kind]) as Any[];
const leben = (actor: Any) => actor.system.leben.value;

/** A 0.1.0 mark key and the key it has now, for every card of the stored chat (the migration's documented move). */
function markMoves(): Map<string, string> {
  const moves = new Map<string, string>();
  for (const m of stored.messages as Any[]) {
    const attack = m.flags?.flex?.attack?.id;
    const heal = m.flags?.flex?.heal?.id;
    if (attack) for (const t of m.flags.flex.attack.targets) moves.set(`attack-${attack}-${t.key}`, `attack-${m._id}-${t.key}`);
    if (heal) moves.set(`heal-${heal}`, `heal-${m._id}`);
  }
  return moves;
}

/** Every leaf of a source with its value; embedded documents by id (their order is no data), other arrays whole. */
function leaves(value: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value) && value.every((v) => v && typeof v === "object" && typeof (v as Obj)._id === "string")) {
    for (const v of value as Obj[]) leaves(v, `${prefix}[${String(v._id)}].`, out);
    if (!value.length) out.set(prefix.slice(0, -1), "[]");
  } else if (value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length) {
    for (const [k, v] of Object.entries(value)) leaves(v, `${prefix}${k}.`, out);
  } else out.set(prefix.slice(0, -1), JSON.stringify(value));
  return out;
}

/**
 * The fields the task a 0.1.0 GM left open writes when the next GM finishes it (its planned steps, by document id):
 * not the migration's doing, and no loss. Its marks are named as they are now.
 */
function openTaskWrites(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (uuid: string, paths: string[]) => {
    const id = uuid.split(".").at(-1)!;
    out.set(id, [...(out.get(id) ?? []), ...paths, "flags.flex.tasks"]);
  };
  for (const user of stored.users as Any[]) {
    for (const record of Object.values(user.flags?.flex?.journal ?? {}) as Any[]) {
      for (const step of JSON.parse(record.data) as Any[]) {
        if (step.kind === "actors") for (const w of step.writes) add(w.ref.tokenUuid ?? w.ref.actorUuid, Object.keys(w.changes));
        if (step.kind === "update") add(step.uuid, Object.keys(step.changes));
      }
    }
  }
  return out;
}

/**
 * What of a stored source is not in the document now: a field gone, or a value changed, after the documented move (a
 * mark under its card's message id). Fields the open 0.1.0 task writes when it is finished are left out.
 */
function lost(before: unknown, after: unknown, id?: string): string[] {
  const moves = markMoves();
  const now = leaves(after);
  const finished = (id && openTaskWrites().get(id)) || [];
  const out: string[] = [];
  for (const [path, value] of leaves(before)) {
    const moved = path.replace(/applied\.([\w-]+)/, (all, key: string) => (moves.has(key) ? `applied.${moves.get(key)}` : all));
    if (finished.some((p) => moved === p || moved.startsWith(`${p}.`))) continue;
    // An empty object stored is kept when it holds something now.
    if (value === "{}" && [...now.keys()].some((k) => k.startsWith(`${moved}.`))) continue;
    if (!now.has(moved)) out.push(`${path} (gone)`);
    else if (now.get(moved) !== value) out.push(`${path}: ${value} → ${now.get(moved)}`);
  }
  return out;
}

async function migrateAsTheGM() {
  await acting(clients.gms[0], () => startClient());
}

describe("a 0.1.0 world opened with this version", () => {
  it("is migrated once by the active GM, with a notice before and after; the version is recorded", async () => {
    expect(migrated()).toBe("");
    const from = state.writes.length;
    // Both GMs' and both players' browsers start.
    for (const user of clients.all) await acting(user, () => startClient());
    expect(migrated()).toBe(version);
    expect(migrationNotices()).toEqual([
      { user: clients.gms[0].id, message: `Flex: Die Welt wird von Version 0.1.0 auf ${version} gebracht. Bitte warte, bis die Meldung kommt, dass es fertig ist, und schließe die Welt bis dahin nicht.` },
      { user: clients.gms[0].id, message: `Flex: Die Welt ist auf Version ${version}. Nichts ist verloren gegangen; was sich geändert hat, steht im Changelog.` },
    ]);
    // One write for the world actors, one for the unlinked token's actor, the removed setting dropped, the version;
    // then the task GM 1 left open in 0.1.0 is finished: the goblin's damage, its card.
    expect(writes(from)).toEqual([
      ["update", "Actor", clients.gms[0].id, 1],
      ["update", "Actor", clients.gms[0].id, 1],
      ["delete", "Setting", clients.gms[0].id, 1],
      ["update", "Setting", clients.gms[0].id, 1],
      ["update", "Actor", clients.gms[0].id, 1],
      ["update", "ChatMessage", clients.gms[0].id, 1],
    ]);
    expect(notices("error")).toEqual([]);
    // GM 1's record of 0.1.0 (the second attack's Apply) is finished, once, after the migration; nothing is left open.
    const gm1 = g.game.users.get(clients.gms[0].id);
    const open = Object.values(stored.users[0].flags as Any).flatMap((f: Any) => Object.values(f.journal ?? {})) as Any[];
    expect(open.map((r) => r.type)).toEqual(["attackApply"]);
    for (const gm of clients.gms) expect(g.game.users.get(gm.id).flags.flex?.journal ?? {}).toEqual({});
    expect(gm1.flags.flex.journalDone.slice(-2)).toEqual([`worldMigration:0.1.0->${version}`, open[0].id]);
  });

  it("loses nothing: every document holds every stored field and value, marks under their card's message id", async () => {
    await migrateAsTheGM();
    for (const source of stored.actors) expect(lost(source, g.game.actors.get(source._id).toObject(), String(source._id)), String(source.name)).toEqual([]);
    for (const source of stored.scenes) expect(lost(source, g.game.scenes.get(source._id).toObject()), String(source.name)).toEqual([]);
    for (const source of stored.messages) expect(lost(source, g.game.messages.get(source._id).toObject(), String(source._id)), String(source._id)).toEqual([]);
    for (const source of stored.items) expect(lost(source, g.game.items.get(source._id).toObject()), String(source.name)).toEqual([]);
    // A GM's journal is the task journal's own bookkeeping (it holds and releases the migration task too).
    const journal = (u: Any) => ({ ...u.flags, flex: { ...u.flags.flex, journal: undefined, journalDone: undefined } });
    for (const source of stored.users) expect(lost(journal(source), journal(g.game.users.get(source._id).toObject())), String(source.name)).toEqual([]);
    // Every stored setting but the one 0.2.0 removed (R-REST-NO-1) is still stored, with its value.
    const settings = Object.fromEntries([...g.game.settings.values.entries()].filter(([k]: [string]) => k in stored.settings));
    const { "flex.restBreatherStopsClock": removed, ...kept } = stored.settings;
    expect(removed).toBe(true);
    expect(settings).toEqual(kept);
    // The marks: the scout's (in its token's delta) and Rikka's heal, each under the message id; the goblin's from the
    // task GM 1 left open in 0.1.0, finished now under the message id too (its journal record was migrated).
    const attackCards = cardsOf("attack");
    expect(Object.keys(byName("Goblin").flags.flex.applied)).toEqual([`attack-${attackCards[1].id}-t1`]);
    expect(leben(byName("Goblin"))).toBe(8);
    // The scout's own mark lives in its token's delta (its actor also shows its base goblin's marks, as Foundry merges them).
    expect(Object.keys(scout()._source.delta.flags.flex.applied)).toContain(`attack-${attackCards[0].id}-t2`);
    expect(Object.keys(scout().actor.flags.flex.applied)).toContain(`attack-${attackCards[0].id}-t2`);
    expect(Object.keys(scout().actor.flags.flex.applied)).not.toContain(`attack-${attackCards[0].flags.flex.attack.id}-t2`);
    expect(Object.keys(byName("Rikka").flags.flex.applied)).toEqual([`heal-${cardsOf("heal")[0].id}`]);
  });

  it("the last session's cards still work through their handlers: Apply, Undo, never twice", async () => {
    await migrateAsTheGM();
    const [first, second] = cardsOf("attack");
    const gm = clients.gms[0];
    const p1 = clients.players[0];
    // The scout took 6 in 0.1.0 (7 − Rüstung 1): applied again it is "already"; Undo gives the 6 back, once.
    expect(leben(scout().actor)).toBe(6);
    expect(await acting(p1, () => attackCardAction(first, ["t2"], "apply"))).toEqual({ t2: "already" });
    expect(leben(scout().actor)).toBe(6);
    expect(await acting(p1, () => attackCardAction(first, ["t2"], "undo"))).toEqual({ t2: "undone" });
    expect(leben(scout().actor)).toBe(12);
    expect(await acting(p1, () => attackCardAction(first, ["t2"], "undo"))).toEqual({ t2: "notApplied" });
    // The linked goblin was left open on the first card: applied now (7 − 1), after the second card's 4.
    expect(leben(byName("Goblin"))).toBe(8);
    expect(await acting(gm, () => attackCardAction(first, ["t1"], "apply"))).toEqual({ t1: "applied" });
    expect(leben(byName("Goblin"))).toBe(2);
    // The second card (its GM dropped half-way in 0.1.0): its Undo gives back exactly its 4.
    expect(await acting(gm, () => attackCardAction(second, ["t1"], "undo"))).toEqual({ t1: "undone" });
    expect(leben(byName("Goblin"))).toBe(6);
    // Rikka's heal card: Undo takes the 4 Leben back (22 again), once.
    const heal = cardsOf("heal")[0];
    expect(leben(byName("Rikka"))).toBe(26);
    expect(await acting(clients.players[1], () => healCardAction(heal, "undo"))).toBe("undone");
    expect(leben(byName("Rikka"))).toBe(22);
    expect(await acting(clients.players[1], () => healCardAction(heal, "undo"))).toBe("notApplied");
    // The fall card, not applied in 0.1.0: its owner applies Alrik's fall damage, once, and undoes it.
    const fall = cardsOf("fall")[0];
    const alrik = byName("Alrik");
    const before = leben(alrik);
    expect(await acting(p1, () => fallCardAction(fall, "faller", "apply"))).toBe("applied");
    expect(leben(alrik)).toBe(before - fall.flags.flex.fall.faller.damage);
    expect(await acting(p1, () => fallCardAction(fall, "faller", "apply"))).toBe("already");
    expect(await acting(p1, () => fallCardAction(fall, "faller", "undo"))).toBe("undone");
    expect(leben(alrik)).toBe(before);
    expect(state.errors).toEqual([]);
  });

  it("the character transformed in 0.1.0 turns back exactly as it was stored", async () => {
    await migrateAsTheGM();
    const bruni = byName("Bruni");
    const snapshot = storedActor("Bruni").flags.flex.polymorph;
    await acting(clients.players[0], () => g.game.flex.polymorph.revert(bruni));
    expect(bruni.getFlag("flex", "polymorph")).toBeUndefined();
    expect(bruni.toObject().system).toEqual({ ...snapshot.original.system, leben: bruni.toObject().system.leben });
    expect(bruni.name).toBe(snapshot.original.name);
    const ids = (list: Any[]) => list.map((d) => d._id).sort();
    expect(ids(bruni.toObject().items)).toEqual(ids(snapshot.items));
    expect(ids(bruni.toObject().effects)).toEqual(ids(snapshot.effects));
    for (const item of snapshot.items) expect(lost(item, bruni.items.get(item._id).toObject()), item.name).toEqual([]);
  });

  it("started again, nothing is migrated, written or said", async () => {
    await migrateAsTheGM();
    const from = state.writes.length;
    const said = state.notifications.length;
    await migrateAsTheGM();
    await acting(clients.gms[1], () => startClient());
    expect(state.writes.slice(from).filter((w) => w.documentName !== "User" || w.data.some((d) => JSON.stringify(d).includes("worldMigration")))).toEqual([]);
    expect(state.notifications.slice(said)).toEqual([]);
  });

  it("two GMs starting at the same time migrate it once", async () => {
    const from = state.writes.length;
    await Promise.all(clients.gms.map((gm) => acting(gm, () => startClient())));
    expect(migrationNotices()).toHaveLength(2);
    // The migration's two actor writes, then the goblin's damage of the task GM 1 left open in 0.1.0.
    expect(writes(from).filter(([, name]) => name === "Actor")).toEqual([
      ["update", "Actor", clients.gms[0].id, 1],
      ["update", "Actor", clients.gms[0].id, 1],
      ["update", "Actor", clients.gms[0].id, 1],
    ]);
  });

  it("a GM who is not the active GM leaves it to the active GM, who migrates it when its browser starts", async () => {
    await acting(clients.gms[1], () => startClient());
    expect(migrated()).toBe("");
    expect(migrationNotices()).toEqual([]);
    await migrateAsTheGM();
    expect(migrated()).toBe(version);
    expect(migrationNotices().map((n) => n.user)).toEqual([clients.gms[0].id, clients.gms[0].id]);
  });

  it("a GM who drops mid-migration leaves it to the next active GM, who finishes it once", async () => {
    const [gm1, gm2] = clients.gms;
    const from = state.writes.length;
    // GM 1 holds the task (its journal record) and writes the world actors; then its connection is gone. GM 2 finishes
    // what GM 1 left open, in the journal's order: the 0.1.0 attack (the goblin's damage, its mark as 0.1.0 planned
    // it), then the migration (that mark re-keyed, then the scout's token).
    dropAfterWrites(gm1, 2);
    await acting(gm1, () => startClient());
    await acting(gm2, async () => undefined);
    expect(migrated()).toBe(version);
    const actorWrites = state.writes.slice(from).filter((w) => w.documentName === "Actor");
    const rikka = byName("Rikka");
    expect(actorWrites.map((w) => [w.userId, w.parent === null ? "world" : "token", w.ids])).toEqual([
      [gm1.id, "world", [rikka.id]],
      [gm2.id, "world", [byName("Goblin").id]],
      [gm2.id, "world", [byName("Goblin").id]],
      [gm2.id, "token", [scout().actor.id]],
    ]);
    // Each thing once: Rikka's mark moved by GM 1 only, the goblin's damage dealt once, every mark under its message id.
    expect(Object.keys(rikka.flags.flex.applied)).toEqual([`heal-${cardsOf("heal")[0].id}`]);
    expect(leben(byName("Goblin"))).toBe(8);
    expect(Object.keys(byName("Goblin").flags.flex.applied)).toEqual([`attack-${cardsOf("attack")[1].id}-t1`]);
    expect(migrationNotices().filter((n) => n.message.includes("ist auf Version"))).toEqual([{ user: gm2.id, message: expect.stringContaining(version) }]);
    expect(Object.keys(scout().actor.flags.flex.applied)).toContain(`attack-${cardsOf("attack")[0].id}-t2`);
    expect(g.game.settings.values.has("flex.restBreatherStopsClock")).toBe(false);
  });

  it("a migration that throws on one document leaves it as it was, migrates the rest and names it", async () => {
    const marks = MIGRATIONS.find((m) => m.actor)!;
    const real = marks.actor!.bind(marks);
    const spy = vi.spyOn(marks, "actor").mockImplementation((source, world) => {
      if (source.name === "Rikka") throw new Error("kaputt");
      return real(source, world);
    });
    try {
      await migrateAsTheGM();
    } finally {
      spy.mockRestore();
    }
    expect(byName("Rikka").toObject().flags).toEqual(storedActor("Rikka").flags);
    expect(Object.keys(scout()._source.delta.flags.flex.applied)).toContain(`attack-${cardsOf("attack")[0].id}-t2`);
    expect(notices("error")).toEqual([
      { user: clients.gms[0].id, message: `Flex: Die Welt ist auf Version ${version}, aber diese Dokumente sind unverändert geblieben, weil ihre Umstellung fehlschlug: Rikka. Sie funktionieren weiter wie bisher; Näheres steht in der Konsole (F12).` },
    ]);
    expect(migrated()).toBe(version);
  });
});

describe("unlocked compendiums, offered after the world", () => {
  /** The GM's own pack of actors, with Rikka copied from the 0.1.0 world (her heal card's mark too). */
  function gmPack() {
    installPack({ id: "world.kreaturen", label: "Meine Kreaturen", type: "Actor" });
    const rikka = { ...structuredClone(storedActor("Rikka")), _id: "packRikka0000001" };
    storeInPack("world.kreaturen", [rikka]);
    return rikka;
  }
  const packActor = (id: string) => g.game.packs.get("world.kreaturen").stored.get(id) as Any;
  const offered = () => DialogV2.prompts.filter((p: Any) => p.id === "flex-migrate-compendiums");

  it("the GM is asked; answered yes, the pack's documents are migrated too, the system's own packs never", async () => {
    const copy = gmPack();
    DialogV2.prompts.length = 0;
    DialogV2.answers.push(true);
    await migrateAsTheGM();
    expect(offered()).toHaveLength(1);
    expect(String(offered()[0].content)).toContain("Meine Kreaturen");
    expect(String(offered()[0].content)).not.toContain("Bestiarium");
    expect(Object.keys(packActor(copy._id).flags.flex.applied)).toEqual([`heal-${cardsOf("heal")[0].id}`]);
    expect(notices("info").at(-1)).toEqual({ user: clients.gms[0].id, message: "Flex: 1 Kompendien umgestellt." });
  });

  it("answered no, the pack stays as it was", async () => {
    const copy = gmPack();
    DialogV2.prompts.length = 0;
    DialogV2.answers.push(false);
    await migrateAsTheGM();
    expect(offered()).toHaveLength(1);
    expect(packActor(copy._id).flags).toEqual(copy.flags);
  });

  it("a locked pack is not offered", async () => {
    gmPack();
    await acting(clients.gms[0], () => g.game.packs.get("world.kreaturen").configure({ locked: true }));
    DialogV2.prompts.length = 0;
    await migrateAsTheGM();
    expect(offered()).toEqual([]);
  });
});

describe("a new world, and the stored version", () => {
  it("records this version without a notice", async () => {
    resetWorld({ gms: 1 });
    await createActor({ name: "Neu", type: "character" });
    const from = state.writes.length;
    await acting(g.game.users.contents[0], () => startClient());
    expect(migrated()).toBe(version);
    expect(state.writes.slice(from).map((w) => [w.action, w.documentName, w.ids])).toEqual([["update", "Setting", ["flex.systemMigrationVersion"]]]);
    expect(migrationNotices()).toEqual([]);
  });

  it("a stored version decides: 0.1.0 is migrated, a newer one (an older Flex opened it) is left alone", async () => {
    resetWorld({ gms: 1 });
    const rikka = structuredClone(storedActor("Rikka"));
    delete rikka._stats;
    loadStoredWorld({ ...stored, users: [], actors: [rikka], scenes: [], settings: { "flex.systemMigrationVersion": "0.1.0" } });
    await acting(g.game.users.contents[0], () => startClient());
    expect(migrated()).toBe(version);
    expect(Object.keys(byName("Rikka").flags.flex.applied)).toEqual([`heal-${cardsOf("heal")[0].id}`]);

    resetWorld({ gms: 1 });
    loadStoredWorld({ ...stored, users: [], settings: { ...stored.settings, "flex.systemMigrationVersion": "9.0.0" } });
    const from = state.writes.length;
    await acting(g.game.users.contents[0], () => startClient());
    expect(migrated()).toBe("9.0.0");
    expect(state.writes.slice(from)).toEqual([]);
    expect(migrationNotices()).toEqual([]);
  });
});
