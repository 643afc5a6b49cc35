// Failure classes of spec 02 §8 (transient HTML, parse, network, other) and a retry budget built from them.
import { expect, test } from "bun:test";
import { ApiError } from "./api";
import { classifyFailure, retryWithin } from "./fetch-errors";

const html = "<!DOCTYPE html><html><body>Bad gateway</body></html>";
const apiError = (status: number, body: string, message = `${status}: ${body}`) => new ApiError(message, status, body);

test("HTML from a 5xx or a 2xx is transient; a 4xx HTML page is a real answer", () => {
  expect(classifyFailure(apiError(502, html))).toBe("html");
  expect(classifyFailure(apiError(200, html, "Expected JSON response but got 'text/html': ..."))).toBe("html");
  expect(classifyFailure(apiError(503, '<?xml version="1.0"?><error/>'))).toBe("html");
  expect(classifyFailure(apiError(404, html))).toBe("other");
});

test("unreadable 2xx JSON is a parse failure, declared or not; fetch failures are network; the rest other", () => {
  expect(classifyFailure(apiError(200, "{oops", "Invalid JSON response: Unexpected token: {oops"))).toBe("parse");
  expect(classifyFailure(apiError(200, "plain", "Expected JSON response but got 'text/plain': plain"))).toBe("parse");
  expect(classifyFailure(new SyntaxError("Unexpected token"))).toBe("parse");
  expect(classifyFailure(new TypeError("Failed to fetch"))).toBe("network");
  expect(classifyFailure(apiError(500, '{"detail":"boom"}'))).toBe("other");
  expect(classifyFailure(apiError(400, '{"detail":"bad"}'))).toBe("other");
  expect(classifyFailure("weird")).toBe("other");
});

test("retry budget: HTML and parse counts apply per class, network shares the parse count, others never", () => {
  const retry = retryWithin({ html: 2, parse: 1 });
  expect(retry(1, apiError(502, html))).toBe(true);
  expect(retry(2, apiError(502, html))).toBe(false);
  expect(retry(0, new TypeError("x"))).toBe(true);
  expect(retry(1, new TypeError("x"))).toBe(false);
  expect(retry(0, apiError(400, "{}"))).toBe(false);
});
