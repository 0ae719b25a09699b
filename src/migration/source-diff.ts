// The update that turns a stored source into its migrated copy: dotted paths for what changed, `-=` for what a
// migration removed (Foundry's deletion syntax), arrays and values written whole. Nothing for what stayed. Pure.
type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The flat update from `before` to `after` (both plain JSON); `{}` when they are the same. */
export function sourceUpdate(before: Obj, after: Obj, prefix = ""): Obj {
  const update: Obj = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    if (isObject(value) && isObject(old)) Object.assign(update, sourceUpdate(old, value, `${prefix}${key}.`));
    else if (!same(old, value)) update[`${prefix}${key}`] = value;
  }
  for (const key of Object.keys(before)) if (!(key in after)) update[`${prefix}-=${key}`] = null;
  return update;
}
