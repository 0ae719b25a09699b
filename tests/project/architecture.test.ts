// The import graph of src/ points one way: from the entry down to the pure rules. No file imports a higher
// floor, and no runtime import circle exists (ARCHITECTURE.md, "Documents never import automation").
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname, "../../src");

/** Floors, lowest first; a file may import its own floor or lower ones. */
const FLOORS = ["rules", "config", "helpers", "data", "dice", "documents", "automation", "migration", "applications", "integrations", "flex"] as const;

function floorOf(file: string): number {
  const rel = relative(SRC, file).replace(/\\/g, "/");
  const top = rel.split("/")[0].replace(/\.ts$/, "");
  return FLOORS.indexOf(top as (typeof FLOORS)[number]);
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") && !path.endsWith(".d.ts") ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.d.ts`, join(base, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  throw new Error(`${relative(SRC, from)} imports "${spec}", which does not exist`);
}

interface Edge { to: string; typeOnly: boolean }

function importsOf(file: string): Edge[] {
  const text = readFileSync(file, "utf8");
  const edges: Edge[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms)) {
    const to = resolveImport(file, m[3]);
    if (to) edges.push({ to, typeOnly: !!m[2] });
  }
  return edges;
}

const files = sources(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const name = (f: string) => relative(SRC, f).replace(/\\/g, "/");

describe("architecture: the import graph", () => {
  it("every file of src/ sits on a known floor", () => {
    expect(files.filter((f) => floorOf(f) < 0).map(name)).toEqual([]);
  });

  it("no file imports from a higher floor (rules < config < helpers < data < dice < documents < automation < migration < applications < integrations < flex.ts)", () => {
    const upward: string[] = [];
    for (const [from, edges] of graph) {
      // Declarations (src/types/*.d.ts) hold no code: any floor may read them.
      for (const { to } of edges) if (!to.endsWith(".d.ts") && floorOf(to) > floorOf(from)) upward.push(`${name(from)} → ${name(to)}`);
    }
    expect(upward).toEqual([]);
  });

  it("no runtime import circle", () => {
    const circles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, "open");
      stack.push(f);
      for (const { to, typeOnly } of graph.get(f) ?? []) {
        if (typeOnly) continue;
        if (state.get(to) === "open") circles.push([...stack.slice(stack.indexOf(to)), to].map(name).join(" → "));
        else if (!state.has(to)) visit(to);
      }
      stack.pop();
      state.set(f, "done");
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(circles).toEqual([]);
  });

  it("casts that silence the types stay few (at most 30), each where a declaration cannot help", () => {
    const casts = files.flatMap((f) => (readFileSync(f, "utf8").match(/as never|as unknown as/g) ?? []).map(() => name(f)));
    expect(casts.length).toBeLessThanOrEqual(30);
  });
});

describe("the system's dialogs in Foundry", () => {
  it("every DialogV2 the system opens carries the 'flex' class: its colours and layout live under .flex, as the gallery shows them", () => {
    const calls = sources(SRC).flatMap((f) => {
      const text = readFileSync(f, "utf8");
      return [...text.matchAll(/DialogV2\.(?:input|confirm|wait|prompt)\(\{\s*([^\n]*)/g)].map((m) => ({ file: relative(SRC, f), opening: m[1] }));
    });
    expect(calls.length).toBeGreaterThan(15);
    expect(calls.filter((c) => !/^classes: \[[^\]]*"flex"/.test(c.opening))).toEqual([]);
  });
});
