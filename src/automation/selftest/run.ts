// Running the self-test: a temporary scene (not shown in the navigation) and temporary actors, each scenario on a row of
// its own, then everything it made deleted — the scenes, the actors and the chat cards the scenarios posted — also when
// a scenario fails or throws. What could not be deleted is named on the report.
import { SelfTestFailure } from "./scenarios";
import type { Scenario, SelfTestContext } from "./scenarios";

export interface ScenarioResult {
  id: string;
  passed: boolean;
  /** Why it failed: a language key and its data (an expectation), or the error's own text. */
  failure: { key: string; data: Record<string, string> } | { text: string } | null;
}

export interface SelfTestReport {
  runId: string;
  results: ScenarioResult[];
  /** Names of what the self-test made and could not delete. */
  leftovers: string[];
}

/** How long a scenario waits for automation that runs after a hook (the GM's work queue, a relay). */
const WAIT_MS = 8000;
const ROWS_PER_SCENARIO = 3;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the self-test made, to delete afterwards. */
class Made {
  readonly actors: Actor.Implementation[] = [];
  readonly scenes: Scene.Implementation[] = [];
  readonly messages = new Set<string>();
  /** Ids of what the self-test made: a chat card naming one of them is the self-test's too. */
  ids(): string[] {
    const tokens = this.scenes.flatMap((s) => s.tokens.contents.map((t) => t.id!));
    return [...this.actors.map((a) => a.id!), ...this.scenes.map((s) => s.id!), ...tokens];
  }
}

function failureOf(err: unknown): ScenarioResult["failure"] {
  if (err instanceof SelfTestFailure) return { key: err.key, data: err.data };
  return { text: err instanceof Error ? err.message : String(err) };
}

/** The context each scenario gets: its own row of the scene, actors and tokens remembered for the clean-up. */
function contextFor(scene: Scene.Implementation, row: number, made: Made, runId: string): SelfTestContext {
  const size = Number(scene.grid?.size) || 100;
  return {
    async actor(data) {
      const actor = (await Actor.implementation.create({ ...data, flags: { flex: { selfTest: runId } } })) as Actor.Implementation | undefined;
      if (!actor) throw new Error(`could not create ${String(data.name)}`);
      made.actors.push(actor);
      return actor;
    },
    async token(actor, col) {
      // Hidden: the self-test's creatures are never offered or named to players (a breath card of them goes to the GMs).
      const created = await scene.createEmbeddedDocuments("Token", [{ name: actor.name, actorId: actor.id, actorLink: true, hidden: true, x: col * size, y: row * size }]);
      const token = created?.[0] as TokenDocument.Implementation | undefined;
      if (!token) throw new Error(`could not place ${actor.name}`);
      return token;
    },
    async until(test, failure) {
      for (let waited = 0; !test(); waited += 50) {
        if (waited >= WAIT_MS) throw failure;
        await delay(50);
      }
    },
  };
}

/** Deletes what the self-test made (cards first, then the scene with its tokens, then the actors); returns what is left. */
async function cleanUp(made: Made): Promise<string[]> {
  const ids = made.ids();
  const message = (id: string) => game.messages!.get(id) as ChatMessage.Implementation | undefined;
  const cards = [...made.messages].filter((id) => {
    const json = JSON.stringify(message(id)?.toObject() ?? null);
    return ids.some((own) => json.includes(own));
  });
  const attempts: [string, () => Promise<unknown>][] = [
    ["ChatMessage", () => ChatMessage.implementation.deleteDocuments(cards.filter((id) => game.messages!.has(id)))],
    ["Scene", () => Scene.implementation.deleteDocuments(made.scenes.map((s) => s.id!).filter((id) => game.scenes!.has(id)))],
    ["Actor", () => Actor.implementation.deleteDocuments(made.actors.map((a) => a.id!).filter((id) => game.actors!.has(id)))],
  ];
  for (const [what, remove] of attempts) {
    try {
      await remove();
    } catch (err) {
      console.error(`Flex | self-test: ${what} not deleted`, err);
    }
  }
  return [
    ...made.scenes.filter((s) => game.scenes!.has(s.id!)).map((s) => s.name),
    ...made.actors.filter((a) => game.actors!.has(a.id!)).map((a) => a.name),
    ...cards.filter((id) => game.messages!.has(id)).map((id) => message(id)?.speaker?.alias ?? id),
  ];
}

/** Runs the scenarios one after the other on a temporary scene and deletes everything they made. */
export async function runScenarios(scenarios: readonly Scenario[]): Promise<SelfTestReport> {
  const runId = foundry.utils.randomID();
  const made = new Made();
  const results: ScenarioResult[] = [];
  // The chat cards anyone posts meanwhile (the active GM posts those of the breath and the rest, also when another
  // GM or an assistant runs the self-test); only those naming what the self-test made are deleted with it.
  const noteCard = Hooks.on("createChatMessage", (message: ChatMessage.Implementation) => {
    made.messages.add(message.id!);
  });
  try {
    const scene = (await Scene.implementation.create({ name: game.i18n!.localize("FLEX.SelfTest.Title"), navigation: false, flags: { flex: { selfTest: runId } } } as Scene.CreateData)) as Scene.Implementation | undefined;
    if (!scene) throw new Error("could not create the self-test's scene");
    made.scenes.push(scene);
    for (const [i, scenario] of scenarios.entries()) {
      try {
        await scenario.run(contextFor(scene, i * ROWS_PER_SCENARIO, made, runId));
        results.push({ id: scenario.id, passed: true, failure: null });
      } catch (err) {
        console.error(`Flex | self-test "${scenario.id}" failed`, err);
        results.push({ id: scenario.id, passed: false, failure: failureOf(err) });
      }
    }
  } catch (err) {
    console.error("Flex | self-test could not start", err);
    for (const scenario of scenarios.slice(results.length)) results.push({ id: scenario.id, passed: false, failure: failureOf(err) });
  } finally {
    Hooks.off("createChatMessage", noteCard);
  }
  const leftovers = await cleanUp(made);
  return { runId, results, leftovers };
}
