// Fixture (breaks json-at-the-edge): a fetcher parsing and reading the unknown JSON itself instead of a decoder.
import { isObj, num } from "@web/lib/decode";

export async function fetchPrice(url: string): Promise<number | null> {
  const body: unknown = await (await fetch(url)).json();
  const cached: unknown = JSON.parse(localStorage.getItem("price") ?? "null");
  return isObj(body) ? num(body, "price") : isObj(cached) ? num(cached, "price") : null;
}
