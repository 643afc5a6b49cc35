// Opaque tokens for cookies and links (refresh, reset, registration, device trust), shared by auth and sessions.
import { createHash, randomBytes } from "node:crypto";

/** 256-bit opaque token for cookies and links; only its SHA-256 is stored, so a database leak cannot replay it. */
export const newToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
