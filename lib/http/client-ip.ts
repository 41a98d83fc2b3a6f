/**
 * The caller's IP as the server saw it: Next sets X-Forwarded-For to the socket's address unless a proxy in front
 * already did (deploy behind one that overwrites it, or a client can pick its own address for the per-IP throttle).
 */
export function clientIp(req: Request): string | null {
  return clientIpOf(req.headers);
}

function clientIpOf(headers: Headers): string | null {
  const first = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return first ? first.slice(0, 64) : null;
}
