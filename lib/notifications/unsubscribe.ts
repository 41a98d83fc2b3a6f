import { and, eq } from "drizzle-orm";
import type { Conn, Db } from "@/db/client";
import { notificationPreferences, users } from "@/db/schema";
import { env } from "@/env";
import { DomainError, notFound } from "@/lib/errors";
import { countAndLimit } from "@/lib/rate-limit";
import { parseInput } from "@/lib/validation";
import { KIND_WORDS, KINDS_FOR_ROLE, unsubscribeInput, type Kind } from "./notification-kinds";
import { writePreferences } from "./set-notification-preferences";

export type Unsubscription = { email: string; words: string };

/** What a link names, in words ("new posts on album walls", "your daily digest"). */
const wordsOf = (kind: Kind | "digest") => (kind === "digest" ? "your daily digest" : KIND_WORDS[kind]);

async function personOf(db: Conn, query: unknown) {
  const { token, kind } = parseInput(unsubscribeInput, query, "parameter");
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.unsubscribeToken, token));
  if (!user) throw notFound("The person this unsubscribe link is for");
  if (kind !== "digest" && !KINDS_FOR_ROLE[user.role].includes(kind))
    throw new DomainError("validation_failed", `You do not get mails about ${KIND_WORDS[kind]}.`, [
      { path: "kind", message: "is not news this person receives" },
    ]);
  return { user, kind };
}

/**
 * The GET of a link (mail scanners prefetch it): says what the link would stop, and changes nothing. Counted per IP
 * like the other public lookups; the one-click POST is not, as a mail provider sends every person's from a few
 * addresses.
 */
export async function describeUnsubscribe(db: Db, query: unknown, callerIp: string | null): Promise<Unsubscription> {
  await countAndLimit(
    db,
    [{ scope: `unsubscribe:${callerIp ?? "unknown"}`, limit: env().VERIFY_LOOKUPS_PER_MINUTE }],
    60_000,
    "unsubscribe pages",
  );
  const { user, kind } = await personOf(db, query);
  return { email: user.email, words: wordsOf(kind) };
}

/**
 * The one-click unsubscribe (RFC 8058) and the page's button: that kind of news set to `off` for the link's person;
 * for the digest's own link, every kind they had on `daily` (docs/decisions/notification-preferences.md). The token
 * is the only credential: no session, no CSRF check; asking twice is the same as once.
 */
export async function unsubscribe(db: Db, query: unknown): Promise<Unsubscription> {
  return db.transaction(async (tx) => {
    const { user, kind } = await personOf(tx, query);
    const kinds: Kind[] =
      kind !== "digest"
        ? [kind]
        : (
            await tx
              .select({ kind: notificationPreferences.kind })
              .from(notificationPreferences)
              .where(and(eq(notificationPreferences.userId, user.id), eq(notificationPreferences.mode, "daily")))
          ).map((r) => r.kind);
    await writePreferences(
      tx,
      user.id,
      kinds.map((k) => [k, "off"]),
    );
    return { email: user.email, words: wordsOf(kind) };
  });
}
