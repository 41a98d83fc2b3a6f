import { KIND_WORDS, type Kind } from "./notification-kinds";
import { publicBaseUrl } from "./public-base-url";

/** A person's one-click link for one kind of news, or for their daily digest. */
export const unsubscribeUrl = (token: string, kind: Kind | "digest") =>
  `${publicBaseUrl()}/unsubscribe?token=${encodeURIComponent(token)}&kind=${kind}`;

/**
 * The lines under an optional mail, written at send time (the link holds the person's token, which the outbox
 * never stores): why they get it, how to stop it, where to choose.
 */
export function unsubscribeFooter(link: string, kind: Kind | null): string {
  const why =
    kind === null
      ? "You get this digest because you chose a daily digest for some news."
      : `You get this mail because you hear about ${KIND_WORDS[kind]} as they happen.`;
  const stop = kind === null ? "Stop the daily digest" : `Stop mails about ${KIND_WORDS[kind]}`;
  return `\n\n--\n${why}\n${stop}: ${link}\nChoose how you hear about each kind of news in Settings → Profile: ${publicBaseUrl()}/settings/profile\n`;
}
