import { z } from "zod";

// The optional kinds of news and who may choose about which (docs/notifications.md). No database imports: the
// Profile form validates with these too. db/schema/outbox.ts's notification_kind enum lists the same values.

const KINDS = [
  "invoice_issued",
  "payment_received",
  "licensing_begun",
  "licensed",
  "cannot_license",
  "wall_post",
] as const;
export type Kind = (typeof KINDS)[number];
export const MODES = ["immediate", "daily", "off"] as const;
export type Mode = (typeof MODES)[number];

/** The kinds each role hears about: client staff all, licensee users their own three, employees none. */
export const KINDS_FOR_ROLE: Record<"employee" | "client" | "licensee", readonly Kind[]> = {
  employee: [],
  client: KINDS,
  licensee: ["licensed", "cannot_license", "wall_post"],
};

/** Each kind in words: "Stop mails about <words>?". */
export const KIND_WORDS: Record<Kind, string> = {
  invoice_issued: "invoices issued",
  payment_received: "payments received",
  licensing_begun: "licensing begun",
  licensed: "requests licensed",
  cannot_license: "requests that cannot be licensed",
  wall_post: "new posts on album walls",
};

export const MODE_LABELS: Record<Mode, string> = { immediate: "Immediately", daily: "Daily digest", off: "Off" };

const mode = z.enum(MODES, { error: "must be Immediately, Daily digest or Off" });

/** Settings → Profile, "Email notifications": a choice per kind; a kind left out keeps its choice. */
export const notificationPreferencesInput = z.strictObject(
  Object.fromEntries(KINDS.map((k) => [k, mode.optional()])) as Record<Kind, z.ZodOptional<typeof mode>>,
);
export type NotificationPreferences = Partial<Record<Kind, Mode>>;

/** The one-click link's query: the person's token and a kind, or `digest` for the daily digest itself. */
export const unsubscribeInput = z.object({
  token: z.uuid({ error: "is not a valid unsubscribe link" }),
  kind: z.enum([...KINDS, "digest"], { error: "is not a kind of mail" }),
});
