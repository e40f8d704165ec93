// A Tally XML element as the readers see it (attributes as `@_NAME`, text as a string or
// `#text`, a repeated child as an array), and the few ways every reader looks into one.

export type Node = Record<string, unknown>;

export const text = (value: unknown): string => {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === "object") return text((value as Node)["#text"]);
  return String(value).trim();
};

export const first = (value: unknown): Node | undefined =>
  (Array.isArray(value) ? value[0] : value) as Node | undefined;

export const nameOf = (node: Node) =>
  text(node["@_NAME"]) || text(first(node["NAME.LIST"])?.NAME) || text(node.NAME);
