// Alert list wording: relative times and the tone of a stage.
import { expect, test } from "bun:test";
import { channelLabel, timeAgo, tone } from "./alerts";

test("relative times, tones and channel names", () => {
  const now = Date.parse("2024-06-01T12:00:00Z");
  expect(timeAgo("2024-06-01T11:59:30Z", now)).toBe("just now");
  expect(timeAgo("2024-06-01T11:55:00Z", now)).toBe("5 min ago");
  expect(timeAgo("2024-06-01T09:00:00Z", now)).toBe("3 h ago");
  expect(timeAgo("2024-05-20T09:00:00Z", now)).toBe("May 20");
  expect(tone({ kind: "TP_HIT", r_multiple: 1.9 })).toBe("accent");
  expect(tone({ kind: "SL_HIT", r_multiple: -1 })).toBe("negative");
  expect(tone({ kind: "ISSUED", r_multiple: null })).toBe("info");
  expect(channelLabel("in_app")).toBe("In-app");
  expect(channelLabel("carrier")).toBe("carrier");
});
