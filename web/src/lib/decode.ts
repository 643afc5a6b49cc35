// The decoders' primitives (only files named decode-*.ts import them): pick the first present field of the right type.
export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Unwraps `{data: …}` envelopes, which some endpoints use. */
export const unwrap = (v: unknown): unknown => (isObj(v) && "data" in v && isObj(v.data) ? v.data : v);

export function num(o: Obj, ...keys: string[]): number | null {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === "number" && Number.isFinite(v)) return v;
    if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  }
  return null;
}

export function str(o: Obj, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === "string" && v !== "") return v;
  }
  return null;
}

export function bool(o: Obj, ...keys: string[]): boolean | null {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === "boolean") return v;
  }
  return null;
}

/** The first field holding an object. */
export function obj(o: Obj, ...keys: string[]): Obj | null {
  for (const k of keys) {
    const v = o[k];
    if (isObj(v)) return v;
  }
  return null;
}

/** The first field holding an array. */
export function arr(o: Obj, ...keys: string[]): unknown[] | null {
  for (const k of keys) {
    const v = o[k];
    if (Array.isArray(v)) return v;
  }
  return null;
}

/** A list response: the array itself, or the array under a common envelope field. */
export function list(raw: unknown, ...keys: string[]): Obj[] {
  if (Array.isArray(raw)) return raw.filter(isObj);
  if (isObj(raw)) {
    const found = arr(raw, ...keys, "data", "items", "results");
    if (found) return found.filter(isObj);
  }
  return [];
}

/** `v` when it is one of a closed union's words (upper-cased, as the database spells them), else null. */
export function oneOf<T extends string>(allowed: readonly T[], v: string | null): T | null {
  const word = v?.trim().toUpperCase() ?? "";
  return (allowed as readonly string[]).includes(word) ? (word as T) : null;
}
