// Bodies the bad-input suite found costly: form bodies are refused before parsing (415), and a JSON value nested more
// than MAX_JSON_DEPTH levels is a 422 with a detail before it is parsed or validated, never a 500.
import { afterAll, expect, test } from "bun:test";
import { closeTestDeps, createUser, testApp } from "../../test/helpers";
import { MAX_JSON_DEPTH, nestedDeeperThan } from "../src/lib/json-depth";

const app = testApp();
afterAll(() => closeTestDeps());

const post = (token: string, body: BodyInit, headers: Record<string, string> = {}) =>
  app.handle(
    new Request("http://localhost/api/alerts/push-subscription", { method: "POST", body, headers: { authorization: `Bearer ${token}`, ...headers } }),
  );

test("multipart and urlencoded bodies are refused with 415 before they are parsed, nothing stored", async () => {
  const u = await createUser();
  const form = new FormData();
  form.append("value", "[".repeat(30_000) + "]".repeat(30_000));
  const res = await post(u.token, form);
  expect(res.status).toBe(415);
  expect((await res.json()).code).toBe("unsupported_media_type");
  const encoded = await post(u.token, "endpoint=https%3A%2F%2Fx&keys=1", { "content-type": "application/x-www-form-urlencoded" });
  expect(encoded.status).toBe(415);
});

test("a JSON value nested too deeply for the validator is a 422 with a detail", async () => {
  const u = await createUser();
  const res = await post(u.token, `{"endpoint":"x","keys":${"[".repeat(30_000)}${"]".repeat(30_000)}}`, { "content-type": "application/json" });
  expect(res.status).toBe(422);
  expect((await res.json()).code).toBe("validation_failed");
});

test("a body nested past the limit is refused on every JSON route, before validation; a body at the limit still reaches it", async () => {
  const u = await createUser();
  const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
  const send = (method: string, path: string, body: string, type = "application/json") =>
    app.handle(new Request(`http://localhost${path}`, { method, body, headers: { authorization: `Bearer ${u.token}`, "content-type": type } }));
  // The settings route took ~6 s of the event loop to describe this body's validation error before the limit.
  for (const [method, path] of [
    ["PUT", "/api/alerts/preferences"],
    ["POST", "/api/auth/login"],
    ["POST", "/api/alerts/read"],
  ]) {
    for (const body of [nested(20_000), `{"preferences":${nested(MAX_JSON_DEPTH)}}`]) {
      const res = await send(method, path, body);
      const answer = await res.json();
      expect({ path, status: res.status, code: answer.code }).toEqual({ path, status: 422, code: "validation_failed" });
      expect(answer.detail).toContain(`more than ${MAX_JSON_DEPTH} levels`);
    }
    // At the limit the body goes on to the route's own validation, whose answer names the field.
    const within = await send(method, path, nested(MAX_JSON_DEPTH));
    expect((await within.json()).detail).not.toContain("levels deep");
  }
  // A vendor JSON type is JSON too.
  expect((await send("PUT", "/api/alerts/preferences", nested(100), "application/merge-patch+json")).status).toBe(422);
});

test("brackets inside strings, and escaped quotes, do not count as nesting", () => {
  const backslash = "\\";
  // A string holding brackets and an escaped quote: one level.
  expect(nestedDeeperThan(`{"note":"[[[[ ${backslash}" [[["}`, 1)).toBe(false);
  // An escaped backslash ends right before the closing quote, so the brackets after it are real.
  expect(nestedDeeperThan(`{"a":"${backslash}${backslash}"}[[[`, 2)).toBe(true);
  expect(nestedDeeperThan(JSON.stringify({ a: [{ b: [1] }] }), 4)).toBe(false);
  expect(nestedDeeperThan(JSON.stringify({ a: [{ b: [1] }] }), 3)).toBe(true);
});
