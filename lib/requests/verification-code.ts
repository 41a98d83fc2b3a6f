import { randomBytes } from "node:crypto";

/** A license's public verification code: 128 random bits, URL-safe (22 characters). */
export const newVerificationCode = () => randomBytes(16).toString("base64url");

/** What a code looks like; anything else is not looked up. */
export const VERIFICATION_CODE = /^[A-Za-z0-9_-]{22}$/;
