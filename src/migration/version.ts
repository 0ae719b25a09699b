// Version numbers as manifests write them ("0.2.0", "1.10.3", "0.0.0-dev"): compared part by part as numbers, a
// suffix after the numbers ignored. Pure.

/** The numeric parts of a version; none for a text that does not start with one. */
function parts(version: string): number[] {
  const head = /^\d+(?:\.\d+)*/.exec(version.trim())?.[0];
  return head ? head.split(".").map(Number) : [];
}

/** Whether `value` is a version this system can compare (it starts with a number). */
export const isVersion = (value: unknown): value is string => typeof value === "string" && parts(value).length > 0;

/** Negative when a is older than b, 0 when they are the same version, positive when a is newer. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d;
  }
  return 0;
}
