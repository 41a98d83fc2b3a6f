import { randomBytes } from "node:crypto";
import { Server, type IncomingMessage } from "node:http";

// Next's route handlers, pages and server actions see headers only, and Next writes the socket's address into
// X-Forwarded-For only when the client sent none: a client that sends one hides its own. So every request gets the
// socket's address in a header of this process's own, before Next sees it. The header's name is random per process,
// so that no client can send it, not even to a request that arrived before the stamping was installed. It lives on
// globalThis because instrumentation.ts and the route handlers are bundled apart (each has its own module copies).
const NAME = Symbol.for("coverdesk.socketAddressHeader");
const holder = globalThis as { [NAME]?: string };

/** The name of the header that carries the socket's address; undefined until stampSocketAddresses() ran. */
export const socketAddressHeader = (): string | undefined => holder[NAME];

/** Writes the request's socket address into the header. */
function stampSocketAddress(req: IncomingMessage, name: string): void {
  const address = req.socket.remoteAddress;
  if (address) req.headers[name] = address;
}

/** Every HTTP server of this process stamps its requests before Next sees them (instrumentation.ts installs it). */
export function stampSocketAddresses(): void {
  if (holder[NAME]) return;
  const name = `x-coverdesk-socket-${randomBytes(12).toString("hex")}`;
  holder[NAME] = name;
  type Emit = (this: Server, event: string, ...args: unknown[]) => boolean;
  const emit = Server.prototype.emit as Emit;
  Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
    if (event === "request") stampSocketAddress(args[0] as IncomingMessage, name);
    return emit.call(this, event, ...args);
  } as Server["emit"];
}
