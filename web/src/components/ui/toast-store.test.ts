// Toast queue rules: one at a time, replacement, removal 5000 ms after dismissal.
import { expect, setSystemTime, test, jest } from "bun:test";
import { appStore } from "@web/lib/store";
import { dismissToast, toast, toastsAtom, TOAST_REMOVE_DELAY } from "./toast-store";

const getToasts = () => appStore.get(toastsAtom);

test("a new toast replaces the old one; dismissal closes then removes after the delay", () => {
  jest.useFakeTimers();
  toast({ title: "First" });
  const second = toast({ title: "Message Sent!", description: "Your ticket ID: 7. Check your email for confirmation." });
  expect(getToasts().map((t) => [t.title, t.open])).toEqual([["Message Sent!", true]]);
  second.dismiss();
  expect(getToasts().map((t) => t.open)).toEqual([false]);
  jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
  expect(getToasts()).toHaveLength(1);
  jest.advanceTimersByTime(1);
  expect(getToasts()).toHaveLength(0);
  dismissToast();
  jest.useRealTimers();
  setSystemTime();
});
