// Request bodies for the bad-input fuzz suite: values that break a route's schema, schema-valid garbage, broken JSON, wrong encodings.
import fc from "fast-check";
import { anyText, badText, headerText, type Body, type Schema } from "./generators";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What the client sends: body, the headers that describe it, and whether the route must refuse it. */
export type BodyPlan = { body?: Body; headers: Record<string, string>; mustReject: boolean };

/**
 * Whether a JSON value satisfies the schema subset the models use. Keywords it does not know make it answer "fits",
 * so a value it calls invalid is invalid for the app's validator too; extra properties fit (the app strips them).
 */
export function conforms(schema: Schema, v: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.some((s) => conforms(s, v));
  if ("const" in schema) return v === schema.const;
  switch (schema.type) {
    case "string":
      return typeof v === "string" && v.length >= (schema.minLength ?? 0) && v.length <= (schema.maxLength ?? Infinity);
    case "boolean":
      return typeof v === "boolean";
    case "number":
      return typeof v === "number";
    case "integer":
      return Number.isInteger(v);
    case "null":
      return v === null;
    case "array":
      return Array.isArray(v) && (!schema.items || v.every((x) => conforms(schema.items!, x)));
    case "object": {
      if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
      const o = v as Record<string, unknown>;
      if ((schema.required ?? []).some((k) => o[k] === undefined)) return false;
      return Object.entries(schema.properties ?? {}).every(([k, s]) => o[k] === undefined || conforms(s, o[k]));
    }
    default:
      return true;
  }
}

/** Probes of every JSON type: a schema that refuses none of them cannot be broken by type or length (e.g. t.Unknown). */
const PROBES: Json[] = [null, 0, 1.5, true, "", "z".repeat(70_000), [], {}];
const breakable = (schema: Schema) => PROBES.some((p) => !conforms(schema, p));

/** A value that fits the schema but is garbage: every string comes from `badText`. */
export function fitting(schema: Schema): fc.Arbitrary<Json> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(fitting));
  if ("const" in schema) return fc.constant(schema.const as Json);
  switch (schema.type) {
    case "string":
      return badText.filter((s) => conforms(schema, s));
    case "boolean":
      return fc.boolean();
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "integer":
      return fc.integer();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schema.items ? fitting(schema.items) : fc.jsonValue(), { maxLength: 3 }) as fc.Arbitrary<Json>;
    case "object": {
      const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fitting(s)]));
      return fc.record(props, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Json>;
    }
    default:
      return fc.jsonValue() as fc.Arbitrary<Json>;
  }
}

/** Candidates of every JSON type; `breaking` keeps those the schema refuses. */
const anyJson: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  badText,
  fc.array(badText, { maxLength: 2 }),
  fc.dictionary(badText, fc.jsonValue() as fc.Arbitrary<Json>, { maxKeys: 2 }),
);

/** A value the schema refuses: wrong type, or a string outside its length bounds. */
function breaking(schema: Schema): fc.Arbitrary<Json> {
  const lengths = [schema.maxLength !== undefined ? schema.maxLength + 1 : 60_001, schema.minLength ? schema.minLength - 1 : 70_000];
  const wrongLength = fc.constantFrom(...lengths).chain((n) => fc.constantFrom("z".repeat(n), "é".repeat(n)));
  return fc.oneof(anyJson, wrongLength).filter((v) => !conforms(schema, v));
}

/** An object body that breaks the schema: not an object, a required field missing, or one field of the wrong type. */
export function breakingBody(schema: Schema): fc.Arbitrary<Json> {
  const props = schema.properties ?? {};
  const required = schema.required ?? [];
  const options: fc.Arbitrary<Json>[] = [breaking(schema)];
  if (schema.type === "object") {
    if (required.length) options.push(fc.tuple(fitting(schema), fc.constantFrom(...required)).map(([o, k]) => omit(o as Record<string, Json>, k)));
    const keys = Object.keys(props).filter((k) => breakable(props[k]));
    if (keys.length)
      options.push(
        fc.constantFrom(...keys).chain((k) => fc.tuple(fitting(schema), breaking(props[k])).map(([o, bad]) => ({ ...(o as object), [k]: bad }))),
      );
  }
  return fc.oneof(...options).filter((v) => !conforms(schema, v));
}

const omit = (o: Record<string, Json>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

/** Extra fields a client should not be able to smuggle in: privilege names, prototype keys, random keys. */
const extraKey = fc.oneof(fc.constantFrom("__proto__", "constructor", "prototype", "isAdmin", "role", "user_id", "credits", "id"), badText);
export const withExtras = (value: Json): fc.Arbitrary<Json> =>
  typeof value !== "object" || value === null || Array.isArray(value)
    ? fc.constant(value)
    : fc.array(fc.tuple(extraKey, fc.jsonValue() as fc.Arbitrary<Json>), { maxLength: 3 }).map((extras) => {
        const out: Record<string, Json> = { ...value };
        // defineProperty: an own "__proto__" key, as JSON.parse on the server creates it.
        for (const [k, v] of extras) Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true });
        return out;
      });

/** Texts that are not JSON, or JSON no parser should have to survive, sent as application/json. */
const DEPTH = 20_000;
const brokenJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "{",
    "}",
    "[",
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    "{a:1}",
    "nul",
    "NaN",
    "undefined",
    '"unterminated',
    '{"a":"\\x41"}',
    '{"a":"\\ud800"}',
    "\ufeff{}",
    "{}{}",
    "[1,2",
    "\u0000",
    '{"__proto__":{"isAdmin":true}}',
    "1e999999",
    "-",
    "[".repeat(DEPTH),
    "[".repeat(DEPTH) + "]".repeat(DEPTH),
    '{"a":'.repeat(DEPTH) + "1" + "}".repeat(DEPTH),
  ),
  anyText,
);

/** Content types other than plain JSON: the body is the same, the declared type lies or is odd. */
const otherTypes = fc.constantFrom(
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=zz",
  "application/json; charset=utf-16",
  "APPLICATION/JSON",
  "application/json-patch+json",
  "application/octet-stream",
  "*/*",
  ";",
  "application/",
);

/** The declared Content-Length: usually true, sometimes absent, too large (the app's 413) or not a number. */
const lengthArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant("true") },
  { weight: 2, arbitrary: fc.constant("none") },
  { weight: 1, arbitrary: fc.constantFrom("99999999", "65537", "-1", "abc", "1e9", "") },
);

function withLength(body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>, length: string): Record<string, string> {
  if (length === "none") return headers;
  return { ...headers, "content-length": length === "true" ? String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength) : length };
}

const asText = (v: Json) => (typeof v === "string" ? v : JSON.stringify(v));

function formBody(v: Json, multipart: boolean): Body {
  const entries =
    typeof v === "object" && v !== null && !Array.isArray(v) ? Object.entries(v).map(([k, x]) => [k, asText(x)]) : [["value", asText(v)]];
  if (!multipart) return new URLSearchParams(entries.map(([k, x]) => [k.toWellFormed(), x.toWellFormed()])).toString();
  const form = new FormData();
  for (const [k, x] of entries) form.append(k, x);
  // A file where the route expects text, named to climb out of any upload folder.
  form.append("file", new File([new Uint8Array([0, 1, 2, 255])], "../../etc/passwd", { type: "application/x-sh" }));
  return form;
}

/** Whether the route's validator must refuse this text as a JSON body (a byte-order mark is dropped, as fetch's decoder does). */
function refusedText(schema: Schema, text: string): boolean {
  try {
    return !conforms(schema, JSON.parse(text.replace(/^\ufeff/, "")));
  } catch {
    return true;
  }
}

/** Every way the body is sent. For a route with a body schema, only a refused value sent as JSON must get a 4xx. */
export function bodyArb(routeSchema: Schema | undefined): fc.Arbitrary<BodyPlan> {
  const schema = routeSchema && breakable(routeSchema) ? routeSchema : undefined;
  const breakingValue = schema
    ? breakingBody(schema)
        .chain(withExtras)
        .filter((v) => !conforms(schema, v))
    : (fc.jsonValue() as fc.Arbitrary<Json>);
  const value: fc.Arbitrary<Json> = schema ? fc.oneof(breakingValue, fitting(schema).chain(withExtras)) : breakingValue;
  const json = "application/json";
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(breakingValue, lengthArb).map(([v, l]) => plan(JSON.stringify(v), json, l, !!schema)) },
    { weight: 3, arbitrary: fc.tuple(value, lengthArb).map(([v, l]) => plan(JSON.stringify(v), json, l, false)) },
    { weight: 2, arbitrary: fc.tuple(brokenJson, lengthArb).map(([t, l]) => plan(t, json, l, !!schema && refusedText(schema, t))) },
    { weight: 2, arbitrary: fc.tuple(value, otherTypes, lengthArb).map(([v, ct, l]) => plan(JSON.stringify(v), ct, l, false)) },
    {
      weight: 1,
      arbitrary: value.map((v) => ({
        body: formBody(v, false),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        mustReject: false,
      })),
    },
    { weight: 1, arbitrary: value.map((v) => ({ body: formBody(v, true), headers: {}, mustReject: false })) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.uint8Array({ maxLength: 64 }), fc.oneof(otherTypes, headerText)).map(([b, ct]) => plan(b, ct, "true", false)),
    },
    { weight: 1, arbitrary: fc.constant({ headers: {}, mustReject: false }) },
  );
}

function plan(body: string | Uint8Array<ArrayBuffer>, contentType: string, length: string, mustReject: boolean): BodyPlan {
  return { body, headers: withLength(body, { "content-type": contentType }, length), mustReject };
}
