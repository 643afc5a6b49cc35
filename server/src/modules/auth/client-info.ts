// Who is calling: browser, OS and device name from the User-Agent (ua-parser-js 1.x: MIT; 2.x is AGPL), coarse place from a bundled GeoIP database.
import { UAParser } from "ua-parser-js";
import geoip from "fast-geoip";
import { isPrivate } from "../../lib/client-ip";

export type ClientInfo = {
  deviceName: string;
  deviceType: "mobile" | "tablet" | "desktop";
  browser: string | null;
  os: string | null;
  city: string | null;
  country: string | null;
};

/** Who is asking: address, user agent and the browser's device-trust cookie (if it sent one). */
export type ClientMeta = { ip: string; userAgent: string | null; trustCookie?: string };

/** The device id of a client that sent none. */
export const UNKNOWN_DEVICE = "unknown-device";

export const LOCAL_NETWORK = "Local network";

export function describeUserAgent(ua: string | null | undefined) {
  const r = UAParser(ua ?? "");
  const browser = r.browser.name ?? null;
  const os = r.os.name ? [r.os.name, r.os.version].filter(Boolean).join(" ") : null;
  const deviceType: ClientInfo["deviceType"] = r.device.type === "mobile" ? "mobile" : r.device.type === "tablet" ? "tablet" : "desktop";
  // Hardware names help on phones ("Apple iPhone"); on computers "Chrome on Mac OS" says more than "Apple Macintosh".
  const hardware = deviceType === "desktop" ? "" : [r.device.vendor, r.device.model].filter(Boolean).join(" ");
  const deviceName = hardware
    ? `${hardware}${browser ? ` · ${browser}` : ""}`
    : browser && r.os.name
      ? `${browser} on ${r.os.name}`
      : (browser ?? r.os.name ?? "Unknown device");
  return { deviceName, deviceType, browser, os };
}

/** Private, loopback and link-local addresses (one list, shared with the proxy checks). */
export const isPrivateAddress = isPrivate;

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
