/** Untyped JSON, checked node by node as the renderer walks it; nothing is trusted from the shape. */
export type Rich2Node = Record<string, unknown>;

export function isNode(value: unknown): value is Rich2Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function childrenOf(node: Rich2Node): unknown[] {
  return Array.isArray(node.children) ? (node.children as unknown[]) : [];
}

export function stringOf(node: Rich2Node, key: string): string | null {
  const value = node[key];
  return typeof value === "string" ? value : null;
}

/** A text leaf: `{ text, bold?, … }` without a type. */
export function isTextLeaf(node: Rich2Node): boolean {
  return node.type === undefined && typeof node.text === "string";
}

/**
 * Parses a stored rich2 body: JSON whose top level is an array of nodes (objects). Returns `null` when it is
 * not one; deeper nodes are checked while rendering.
 */
export function parseRich2(raw: string): Rich2Node[] | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || !value.every(isNode)) return null;
  return value;
}
