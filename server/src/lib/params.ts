// Parsing of path and query parameters shared by the modules: ids, page limits and pair symbols.
import { badRequest } from "./http-error";

/** A positive database id from a path segment, or null (answered like a missing row, so ids cannot be probed). */
export const parseId = (raw: string): number | null => (/^\d{1,15}$/.test(raw) ? Number(raw) : null);

/** A page size: the fallback when absent, else a whole number from 1 to `max` (400 otherwise). */
export function parseLimit(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw badRequest(`limit must be a whole number from 1 to ${max}`);
  return n;
}

/** A pair symbol as clients may type it ("btcusdt "), in the stored spelling; "" for anything not a string. */
export const normalizeSymbol = (raw: unknown) => (typeof raw === "string" ? raw.trim().toUpperCase() : "");
