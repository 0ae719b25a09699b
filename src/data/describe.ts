// Shows an untrusted value in a message. Never throws: a value may be an object without a prototype,
// with a throwing toString or toJSON, cyclic, or huge.

const MAX_LENGTH = 40;

function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}

function describeUnsafe(value: unknown): string {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "boolean":
    case "undefined":
      return String(value);
    case "bigint":
      return `${value.toString()}n`;
    case "symbol":
      return value.description ?? "Symbol";
    case "function":
      return "ƒ";
  }
  if (value === null) return "null";
  try {
    const json = JSON.stringify(value);
    if (typeof json === "string") return json;
  } catch {
    // cyclic, a BigInt inside, a throwing toJSON: fall through to the shape
  }
  return Array.isArray(value) ? "[…]" : "{…}";
}

/** A short text for any value: strings as they are, other values as JSON, cut at `max` characters. */
export function describeValue(value: unknown, max = MAX_LENGTH): string {
  try {
    return truncate(describeUnsafe(value), max);
  } catch {
    return "?";
  }
}
