import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { methodNotAllowed } from "./method-not-allowed";
import { requestIdOf } from "./request-id";
import { HSTS } from "./security-headers";

const REFUSED = new Set(["TRACE", "TRACK"]);
const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

type Header = { key: string; value: string };

/**
 * A method an API route does not take: Next would answer 405 with an empty body (its route modules give no hook for
 * it), so every API path's 405 is answered here with problem+json and `Allow` (lib/http/method-not-allowed.ts),
 * before authentication: the methods of a path are the same for every caller, and public in the OpenAPI document.
 * True when it answered.
 */
export function answerMethodNotAllowed(req: IncomingMessage, res: ServerResponse, headers: Header[]): boolean {
  const url = req.url ?? "";
  if (!url.startsWith("/api/")) return false;
  const pathname = url.split("?", 1)[0]!;
  const refused = methodNotAllowed(req.method ?? "", pathname, requestIdOf(headerOf(req, "x-request-id")));
  if (!refused) return false;
  void refused.text().then((body) => {
    res.writeHead(refused.status, {
      ...Object.fromEntries(refused.headers),
      ...Object.fromEntries(headers.map((h) => [h.key, h.value])),
      ...(headerOf(req, "x-forwarded-proto") === "https" ? { [HSTS.key]: HSTS.value } : {}),
      "Content-Length": String(Buffer.byteLength(body)),
    });
    res.end(body);
  });
  return true;
}

const headerOf = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
};

/**
 * TRACE echoes a request back (cross-site tracing); Next cannot even represent it (its Request refuses the method)
 * and answers 500. Every HTTP server of this process answers it 405 before Next sees it, and a method an API route
 * does not take with a problem (`apiHeaders`: the API's fixed security headers, which next.config.ts cannot add here).
 */
export function refuseMethods(headers: Header[], apiHeaders: Header[]): void {
  type Emit = (this: Server, event: string, ...args: unknown[]) => boolean;
  const emit = Server.prototype.emit as Emit;
  Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      if (REFUSED.has(req.method ?? "")) {
        res.writeHead(405, {
          Allow: ALLOW,
          "Content-Length": "0",
          ...Object.fromEntries(headers.map((h) => [h.key, h.value])),
        });
        res.end();
        return true;
      }
      if (answerMethodNotAllowed(req, res, apiHeaders)) return true;
    }
    return emit.call(this, event, ...args);
  } as Server["emit"];
}
