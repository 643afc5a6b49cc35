// Fixture (keeps json-at-the-edge): the same reading, in a decoder.
import { isObj, num } from "@web/lib/decode";

export function decodePrice(text: string): number | null {
  const body: unknown = JSON.parse(text);
  return isObj(body) ? num(body, "price") : null;
}
