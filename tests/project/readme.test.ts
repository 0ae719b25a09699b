// The README is the front door (issue 36, scope 5): short, with every picture and link it shows in the repository,
// and the docs/ pages it links to likewise; every section the long README had lives on in a docs page.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(file, "utf8");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith(".md") ? [path] : [];
  });
}
const FILES = [join(ROOT, "README.md"), ...markdownFiles(join(ROOT, "docs"))];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
const anchorsOf = (file: string) => new Set([...read(file).matchAll(/^#+\s+(.+)$/gm)].map((m) => slug(m[1]!)));

/** Every local link and picture of a Markdown file, outside code: [text](target) and ![alt](target). */
function linksOf(file: string): string[] {
  const text = read(file).replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^(https?:|mailto:)/.test(t));
}

describe("README and docs/", () => {
  it("the README is a front door of at most ~150 lines, with a picture, the two commands and the first five minutes", () => {
    const readme = read(join(ROOT, "README.md"));
    expect(readme.split("\n").length).toBeLessThanOrEqual(150);
    expect(readme).toContain("`npm ci && npm run build`");
    expect(readme).toContain("`npm ci && npm test`");
    expect(readme).toMatch(/## The first five minutes[\s\S]*For a GM[\s\S]*For a player/);
    expect(linksOf(join(ROOT, "README.md")).filter((l) => /\.png$/.test(l)).length).toBeGreaterThanOrEqual(1);
  });

  it("every link and picture in the README and in docs/ resolves, anchors into pages included", () => {
    const broken: string[] = [];
    for (const file of FILES) {
      for (const target of linksOf(file)) {
        const [path, anchor] = target.split("#");
        const to = path ? join(dirname(file), decodeURI(path)) : file;
        if (!existsSync(to)) broken.push(`${relative(ROOT, file)} → ${target}`);
        else if (anchor && to.endsWith(".md") && !anchorsOf(to).has(anchor)) broken.push(`${relative(ROOT, file)} → ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every docs page is linked from the README or from a page it links to", () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const target of linksOf(file)) {
        const path = target.split("#")[0];
        if (path?.endsWith(".md")) visit(join(dirname(file), path));
      }
    };
    visit(join(ROOT, "README.md"));
    expect(FILES.filter((f) => !seen.has(f)).map((f) => relative(ROOT, f))).toEqual([]);
  });

  it("the sections of the long README (0.1.0) live on in docs/, each under its heading", () => {
    const headings = FILES.slice(1).flatMap((f) => [...read(f).matchAll(/^#+\s+(.+)$/gm)].map((m) => m[1]!.trim()));
    for (const title of ["Installing Flex into Foundry", "At the table: the cards", "The sheets", "Glossary: what the sheets say, in three languages", "Several GMs, a GM who drops out, forged requests", "Compendiums", "Finding a creature, an item or a talent: the compendium browser", "The self-test", "Decisions where the rules are silent", "Integrations", "The two commands", "The code"])
      expect(headings).toContain(title);
  });
});
