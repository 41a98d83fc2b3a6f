import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { attemptSignIn } from "@/lib/auth/attempt-sign-in";
import { countFailure, ipScope } from "@/lib/auth/sign-in-throttle";
import { upsertUser } from "@/lib/auth/users";
import { setClock } from "@/lib/clock";
import { RateLimitedError } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";
import { socketAddressHeader, stampSocketAddresses } from "@/lib/http/socket-address";
import { countVerificationLookup } from "@/lib/verification/count-verification-lookup";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const PASSWORD = "the-right-password-1";
const VICTIM = "victim@client-address.example";
let clock = new Date("2030-04-01T10:00:00Z").getTime();
const IP_LOCK = 50;

beforeAll(async () => {
  // What instrumentation.ts does when the server starts.
  stampSocketAddresses();
  await upsertUser(db(), { email: VICTIM, name: "Victim", password: PASSWORD, role: "employee" });
});
afterEach(() => {
  vi.unstubAllEnvs();
  setClock(undefined);
});

/** A request as a route handler gets it from the socket at `socket`, with the headers the client (or proxy) sent. */
const from = (socket: string, sent: Record<string, string> = {}) =>
  new Request("http://desk.test/api/auth/callback/credentials", {
    headers: { ...sent, [socketAddressHeader()!]: socket },
  });

/** A sign-in as auth.ts makes it: the address is the one clientIp() gives for the request. */
const signIn = (req: Request, email: string, password = "wrong-password") =>
  attemptSignIn(db(), { email, password, ip: clientIp(req) });
const outcome = (r: Awaited<ReturnType<typeof signIn>>) => (r.ok ? "signed in" : r.lockedUntil ? "locked" : "refused");

/**
 * The first IP_LOCK - 1 failures of a run of sign-ins from `req`, counted straight into the scope of the address
 * clientIp() gives it (the password hash of each real attempt would make the file slow); the caller makes the last.
 */
async function failAllButOne(req: Request) {
  const at = new Date(clock);
  for (let i = 0; i < IP_LOCK - 1; i++) await countFailure(db(), [ipScope(clientIp(req)!)], at);
}

/** A fresh quarter-hour, so that no earlier test's failures count. */
const freshWindow = () => setClock(new Date((clock += 3_600_000)));

describe("the socket's address reaches the handlers, and the client cannot forge it", () => {
  it("is written over anything the client sends, and X-Forwarded-For is not believed", async () => {
    let seen: Request | undefined;
    const server = http.createServer((req, res) => {
      seen = new Request("http://desk.test/", {
        headers: Object.entries(req.headers).map(([k, v]) => [k, String(v)] as [string, string]),
      });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const localAddress of ["127.0.0.1", "127.0.0.2"]) {
        await new Promise<void>((resolve, reject) =>
          http
            .get(
              {
                host: "127.0.0.1",
                port,
                localAddress,
                headers: { "x-forwarded-for": "198.51.100.1", "x-coverdesk-socket-address": "198.51.100.2" },
              },
              (res) => res.resume().on("end", resolve),
            )
            .on("error", reject),
        );
        expect(clientIp(seen!)).toBe(localAddress);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("is unknown (null) for a request no server stamped", () => {
    expect(clientIp(new Request("http://desk.test/", { headers: { "x-forwarded-for": "198.51.100.1" } }))).toBeNull();
  });
});

describe("per-IP limits use that address by default", () => {
  it("a new X-Forwarded-For on each attempt does not escape the sign-in lock of the socket's address", async () => {
    freshWindow();
    const rotating = (i: number) => from("203.0.113.50", { "x-forwarded-for": `198.51.100.${i}` });
    await failAllButOne(rotating(0));
    expect(outcome(await signIn(rotating(1), "guess@rotate.example"))).toBe("locked");
    const next = await signIn(from("203.0.113.50", { "x-forwarded-for": "198.51.100.200" }), VICTIM, PASSWORD);
    expect(outcome(next)).toBe("locked");
  });

  it("a forged X-Forwarded-For naming a victim's address locks the sender, not the victim", async () => {
    freshWindow();
    const framing = from("203.0.113.60", { "x-forwarded-for": "203.0.113.70" });
    await failAllButOne(framing);
    expect(outcome(await signIn(framing, "guess@frame.example"))).toBe("locked");
    expect(outcome(await signIn(from("203.0.113.70"), VICTIM, PASSWORD))).toBe("signed in");
    expect(outcome(await signIn(from("203.0.113.60"), VICTIM, PASSWORD))).toBe("locked");
  });

  it("a new X-Forwarded-For on each lookup does not escape the license lookups' limit", async () => {
    freshWindow();
    vi.stubEnv("VERIFY_LOOKUPS_PER_MINUTE", "3");
    const look = (forwarded: string) =>
      countVerificationLookup(db(), clientIp(from("203.0.113.90", { "x-forwarded-for": forwarded })));
    for (let i = 0; i < 3; i++) await expect(look(`198.51.100.${i}`)).resolves.toBeUndefined();
    await expect(look("198.51.100.99")).rejects.toBeInstanceOf(RateLimitedError);
    await expect(countVerificationLookup(db(), clientIp(from("203.0.113.91")))).resolves.toBeUndefined();
  });
});

describe("behind a trusted proxy (TRUSTED_PROXIES)", () => {
  const viaProxy = (forwarded: string) => from("10.0.0.2", { "x-forwarded-for": forwarded });

  it("uses the address the proxy forwarded: one client is locked, another behind the same proxy is not", async () => {
    vi.stubEnv("TRUSTED_PROXIES", "10.0.0.0/8");
    freshWindow();
    await failAllButOne(viaProxy("203.0.113.80"));
    expect(outcome(await signIn(viaProxy("203.0.113.80"), "guess@proxied.example"))).toBe("locked");
    expect(outcome(await signIn(viaProxy("203.0.113.80"), VICTIM, PASSWORD))).toBe("locked");
    // A client behind the proxy prepends what it likes; the proxy appends the address it saw, which is the one used.
    expect(outcome(await signIn(viaProxy("203.0.113.81, 203.0.113.80"), VICTIM, PASSWORD))).toBe("locked");
    expect(outcome(await signIn(viaProxy("203.0.113.80, 203.0.113.81"), VICTIM, PASSWORD))).toBe("signed in");
  });

  it("reads X-Forwarded-For back through every trusted hop, and not past the first untrusted one", () => {
    vi.stubEnv("TRUSTED_PROXIES", "10.0.0.0/8, 192.168.1.1");
    expect(clientIp(viaProxy("203.0.113.5, 192.168.1.1, 10.1.2.3"))).toBe("203.0.113.5");
    expect(clientIp(viaProxy("10.9.9.9, 203.0.113.6, 10.1.2.3"))).toBe("203.0.113.6");
    expect(clientIp(viaProxy("::ffff:203.0.113.7"))).toBe("203.0.113.7");
    expect(clientIp(viaProxy("not-an-address"))).toBe("10.0.0.2");
    expect(clientIp(from("10.0.0.2"))).toBe("10.0.0.2");
    // A socket that is not a trusted proxy: its own address, whatever it forwards.
    expect(clientIp(from("203.0.113.8", { "x-forwarded-for": "203.0.113.9" }))).toBe("203.0.113.8");
  });
});
