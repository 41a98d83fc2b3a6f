import { getDb } from "@/db";
import { clientIp } from "@/lib/http/client-ip";
import { errorPageResponse } from "@/lib/http/error-page";
import { requestIdFrom } from "@/lib/http/request-id";
import { askUnsubscribePage, unsubscribedPage } from "@/lib/http/unsubscribe-pages";
import { describeUnsubscribe, unsubscribe } from "@/lib/notifications/unsubscribe";

// The link of List-Unsubscribe (docs/notifications.md): no session; the token in the query is the credential.
const queryOf = (req: Request) => Object.fromEntries(new URL(req.url).searchParams);

export async function GET(req: Request): Promise<Response> {
  try {
    const { words, email } = await describeUnsubscribe(await getDb(), queryOf(req), clientIp(req));
    const url = new URL(req.url);
    return askUnsubscribePage(words, email, url.pathname + url.search);
  } catch (e) {
    return errorPageResponse(e, req, requestIdFrom(req));
  }
}

/** One click (RFC 8058: a mail client posts `List-Unsubscribe=One-Click`) or the page's button: the same answer. */
export async function POST(req: Request): Promise<Response> {
  try {
    const { words, email } = await unsubscribe(await getDb(), queryOf(req));
    return unsubscribedPage(words, email);
  } catch (e) {
    return errorPageResponse(e, req, requestIdFrom(req));
  }
}
