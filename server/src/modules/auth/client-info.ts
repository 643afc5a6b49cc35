// Who is calling: browser, OS and device name from the User-Agent, coarse city/country from a bundled GeoIP database.
import { UAParser } from "ua-parser-js";
import geoip from "fast-geoip";

export type ClientInfo = {
  deviceName: string;
  deviceType: "mobile" | "tablet" | "desktop";
  browser: string | null;
  os: string | null;
  city: string | null;
  country: string | null;
};

export const LOCAL_NETWORK = "Local network";

export function describeUserAgent(ua: string | null | undefined) {
  const r = UAParser(ua ?? "");
  const browser = r.browser.name ?? null;
  const os = r.os.name ? [r.os.name, r.os.version].filter(Boolean).join(" ") : null;
  const deviceType: ClientInfo["deviceType"] = r.device.type === "mobile" ? "mobile" : r.device.type === "tablet" ? "tablet" : "desktop";
  // Hardware names help on phones ("Apple iPhone"); on computers "Chrome on macOS" says more than "Apple Macintosh".
  const hardware = deviceType === "desktop" ? "" : [r.device.vendor, r.device.model].filter(Boolean).join(" ");
  const deviceName = hardware
    ? `${hardware}${browser ? ` · ${browser}` : ""}`
    : browser && r.os.name
      ? `${browser} on ${r.os.name}`
      : browser ?? r.os.name ?? "Unknown device";
  return { deviceName, deviceType, browser, os };
}

const PRIVATE_V4 = [/^10\./, /^127\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./, /^0\./];

export function isPrivateAddress(ip: string): boolean {
  const v = ip.replace(/^::ffff:/i, "");
  if (v.includes(":")) return v === "::1" || v === "::" || /^f[cd]/i.test(v) || /^fe80:/i.test(v);
  return PRIVATE_V4.some((re) => re.test(v));
}

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

export async function locateIp(ip: string): Promise<{ city: string | null; country: string | null }> {
  if (!ip || isPrivateAddress(ip)) return { city: null, country: LOCAL_NETWORK };
  try {
    // The bundled database covers IPv4 only; IPv6 peers stay unlocated rather than guessed.
    const hit = /^\d+\.\d+\.\d+\.\d+$/.test(ip) ? await geoip.lookup(ip) : null;
    if (!hit) return { city: null, country: null };
    return { city: hit.city || null, country: hit.country ? (countryNames.of(hit.country) ?? hit.country) : null };
  } catch {
    return { city: null, country: null };
  }
}

export async function describeClient(userAgent: string | null, ip: string): Promise<ClientInfo> {
  const [ua, place] = [describeUserAgent(userAgent), await locateIp(ip)];
  return { ...ua, ...place };
}
