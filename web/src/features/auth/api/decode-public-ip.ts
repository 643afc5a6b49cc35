// The decoder of the public-IP lookup's answer (a third party's JSON with `ip`): the trimmed address, or null.
import { isObj, str } from "@web/lib/decode";

export function decodePublicIp(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    return (isObj(body) && str(body, "ip")?.trim()) || null;
  } catch {
    return null;
  }
}
