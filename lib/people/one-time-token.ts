import { createHash, randomBytes } from "node:crypto";

/**
 * A one-time token for an invitation or password link: 256 random bits, of which only a SHA-256 hash is stored
 * (like API keys: with that much entropy a fast hash cannot be attacked, and it lets us look the token up).
 */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashOneTimeToken(token) };
}

/**
 * The stored hash of a link's token. A server action's bound token arrives as whatever the caller posted: anything
 * but a string gets a value no stored hash (hex) equals, so the link is answered as unknown rather than failing.
 */
export const hashOneTimeToken = (token: unknown) =>
  typeof token === "string" ? createHash("sha256").update(token).digest("hex") : "not a token";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
export const RESET_TTL_MS = 60 * 60_000;
/** A first password chosen through the CLI's link: as long as an invitation. */
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60_000;
