// The contract check every test shares: a value fits a core/contract schema exactly (no missing field, no extra one).
import { expect } from "bun:test";
import type { TSchema } from "elysia";
import { Value } from "@sinclair/typebox/value";

/** The schema with every object closed (TypeBox objects accept unknown keys otherwise), so a field added on one side is drift too. */
export function closed<T extends TSchema>(schema: T): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== "object") return node;
    // Spread keeps TypeBox's enumerable [Kind] symbol, which Value.Check needs.
    const copy: Record<string | symbol, unknown> = { ...(node as object) };
    for (const key of Object.keys(copy)) copy[key] = walk(copy[key]);
    if (copy.type === "object" && copy.properties) copy.additionalProperties = false;
    return copy;
  };
  return walk(schema) as T;
}

/** The reasons `value` does not fit `schema` (closed), as `path: message` lines; [] when it fits. */
export const misfits = (schema: TSchema, value: unknown) => [...Value.Errors(closed(schema), value)].map((e) => `${e.path}: ${e.message}`);

export function expectFits(schema: TSchema, value: unknown) {
  expect(misfits(schema, value)).toEqual([]);
}
