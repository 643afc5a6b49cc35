// Bodies the bad-input suite found costly: form bodies are refused before parsing (415), and a JSON value nested too
// deeply for the validator to describe is a 422 with a detail, never a 500.
import { afterAll, expect, test } from "bun:test";
import { closeTestDeps, createUser, testApp } from "../../test/helpers";

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
