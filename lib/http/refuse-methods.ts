import { Server } from "node:http";

const REFUSED = new Set(["TRACE", "TRACK"]);
const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

/**
 * TRACE echoes a request back (cross-site tracing); Next cannot even represent it (its Request refuses the method)
 * and answers 500. Every HTTP server of this process answers it 405 before Next sees it.
 */
export function refuseTrace(headers: { key: string; value: string }[]): void {
  type Emit = (this: Server, event: string, ...args: unknown[]) => boolean;
  const emit = Server.prototype.emit as Emit;
  Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [import("node:http").IncomingMessage, import("node:http").ServerResponse];
      if (REFUSED.has(req.method ?? "")) {
        res.writeHead(405, {
          Allow: ALLOW,
          "Content-Length": "0",
          ...Object.fromEntries(headers.map((h) => [h.key, h.value])),
        });
        res.end();
        return true;
      }
    }
    return emit.call(this, event, ...args);
  } as Server["emit"];
}
