// A JSON body's nesting, measured on its text before anything parses it: the validator describing a deeply nested
// value took seconds of the one event loop per request (a 40 KB "[[[[…" body to a settings route: ~6 s).

/** No API body nests deeper than a few levels; this leaves room and refuses what only an attack sends. */
export const MAX_JSON_DEPTH = 32;

/** True when `text` opens more than `max` arrays or objects inside one another (brackets in strings do not count). */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

const JSON_TYPE = /^\s*application\/([a-z.+-]+\+)?json\b/i;

/**
 * For the request hook: a JSON body nested deeper than MAX_JSON_DEPTH gets a 422 answer (set on `set`, returned),
 * anything else undefined. Reads a copy of the body (at most MAX_BODY_BYTES, checked before), so the route's parser
 * still reads the original.
 */
export async function refuseDeepJson(request: Request, set: { status?: number | string }) {
  if (!JSON_TYPE.test(request.headers.get("content-type") ?? "")) return;
  if (!nestedDeeperThan(await request.clone().text(), MAX_JSON_DEPTH)) return;
  set.status = 422;
  return { detail: `Invalid request: the body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep`, code: "validation_failed" as const };
}
