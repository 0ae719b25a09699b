// system.json's release fields come from package.json, the one place they are set:
//   version   = package.json "version" (the build copies it into system.json)
//   url       = package.json "homepage" (else the repository)
//   manifest  = flexRelease.manifest, the address of the latest system.json
//   download  = flexRelease.download, the address of this version's zip
// Templates may use {repository} (repository.url without "git+" and ".git"), {id} and {version}.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const PLACEHOLDERS = new Set(["repository", "id", "version"]);
const RELEASE_FIELDS = ["url", "manifest", "download"];

/** The repository address from package.json "repository" (a string or `{ url }`), as https. */
export function repositoryUrl(pkg) {
  const raw = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  if (typeof raw !== "string" || !raw) {
    throw new Error('package.json has no "repository.url"; set it to the address of the repository (see README, "Installing into Foundry").');
  }
  const url = raw.replace(/^git\+/, "").replace(/\.git$/, "").replace(/\/+$/, "");
  if (!/^https?:\/\//.test(url)) throw new Error(`package.json "repository.url" must be an http(s) address, not ${JSON.stringify(raw)}.`);
  return url;
}

/** True for an address on a host reserved for examples (RFC 2606): the repository is not set yet. */
export function isPlaceholder(url) {
  const host = new URL(url).hostname;
  return /(^|\.)(invalid|example|test|localhost)$/.test(host) || /^(www\.)?example\.(com|net|org)$/.test(host);
}

function expand(template, values, field) {
  if (typeof template !== "string" || !template) throw new Error(`package.json "flexRelease.${field}" is missing.`);
  const text = template.replace(/\{(\w+)\}/g, (match, name) => {
    if (!PLACEHOLDERS.has(name)) throw new Error(`package.json "flexRelease.${field}" uses an unknown placeholder ${match}.`);
    return values[name];
  });
  try {
    if (!/^https?:$/.test(new URL(text).protocol)) throw new Error("not http(s)");
  } catch {
    throw new Error(`package.json "flexRelease.${field}" does not give an http(s) address: ${JSON.stringify(text)}.`);
  }
  return text;
}

/**
 * The release fields for system.json from package.json.
 * @param {Record<string, any>} pkg  package.json
 * @param {string} id  the system id (system.json "id")
 * @returns {{ version: string, url: string, manifest: string, download: string }}
 */
export function releaseFields(pkg, id) {
  const version = pkg.version;
  if (typeof version !== "string" || !/^\d+\.\d+\.\d+([-+][\w.+-]*)?$/.test(version)) {
    throw new Error(`package.json "version" is not a version usable in a file name: ${JSON.stringify(version)}.`);
  }
  const repository = repositoryUrl(pkg);
  const values = { repository, id, version };
  const templates = pkg.flexRelease ?? {};
  if (!String(templates.download ?? "").includes("{version}")) {
    throw new Error('package.json "flexRelease.download" must contain {version}: each version has its own zip.');
  }
  if (String(templates.manifest ?? "").includes("{version}")) {
    throw new Error('package.json "flexRelease.manifest" must not contain {version}: it names the latest system.json, which Foundry checks for updates.');
  }
  const manifest = expand(templates.manifest, values, "manifest");
  const download = expand(templates.download, values, "download");
  const zipName = `${id}-${version}.zip`;
  if (download.split("/").pop() !== zipName) {
    throw new Error(`package.json "flexRelease.download" must end in the zip the build writes, ${zipName}: ${download}`);
  }
  const url = pkg.homepage ? expand(pkg.homepage, values, "homepage") : repository;
  return { version, url, manifest, download };
}

/** `manifest` with the release fields set: version and url/manifest/download right after "version". */
function withReleaseFields(manifest, fields) {
  const out = {};
  for (const [key, value] of Object.entries(manifest)) {
    if (RELEASE_FIELDS.includes(key)) continue;
    out[key] = key === "version" ? fields.version : value;
    if (key === "version") for (const field of RELEASE_FIELDS) out[field] = fields[field];
  }
  if (!("version" in out)) Object.assign(out, fields);
  return out;
}

/**
 * Bring `root/system.json` in line with `root/package.json` (version, url, manifest, download) and
 * write it back if anything changed. package.json is the source: a different version in system.json
 * is overwritten (and reported), never the other way round.
 * @param {{ root: string }} options
 * @returns {Promise<{ manifest: Record<string, any>, changes: string[] }>}
 */
export async function syncManifest({ root }) {
  const file = path.join(root, "system.json");
  const pkg = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new Error(`system.json not found in ${root}.`);
  }
  const current = JSON.parse(text);
  if (typeof current.id !== "string" || !current.id) throw new Error('system.json has no "id".');
  const fields = releaseFields(pkg, current.id);
  const manifest = withReleaseFields(current, fields);
  const changes = ["version", ...RELEASE_FIELDS]
    .filter((key) => current[key] !== manifest[key])
    .map((key) => (current[key] === undefined ? `${key} set` : `${key} ${current[key]} → ${manifest[key]}`));
  const next = `${JSON.stringify(manifest, null, 2)}\n`;
  if (next !== text) await writeFile(file, next);
  return { manifest, changes };
}
