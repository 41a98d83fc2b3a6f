import { describe, expect, it } from "vitest";
import { deliveryFailure } from "@/lib/webhooks/post-webhook";

const networkError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("what the delivery log says of a network error", () => {
  it.each([
    ["ECONNREFUSED", "connect ECONNREFUSED 10.0.0.7:5432", "Connection refused."],
    ["ENOTFOUND", "getaddrinfo ENOTFOUND db.internal.example", "Host not found."],
    ["ECONNRESET", "read ECONNRESET", "Connection reset by the endpoint."],
    ["EHOSTUNREACH", "connect EHOSTUNREACH 10.0.0.9:22", "Host unreachable."],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate for vault.corp.internal", "TLS failed"],
    ["ERR_TLS_CERT_ALTNAME_INVALID", "Hostname/IP does not match certificate's altnames: DNS:admin.corp", "TLS failed"],
    ["UNABLE_TO_VERIFY_LEAF_SIGNATURE", "unable to verify the first certificate", "TLS failed"],
    ["ERR_SSL_WRONG_VERSION_NUMBER", "SSL routines:ssl3_get_record:wrong version number", "TLS failed"],
    ["EFORBIDDENADDRESS", "hook.example resolves to 10.0.0.7, a refused address", "Address not allowed"],
    ["EPIPE", "write EPIPE 10.0.0.7:6379", "Connection failed."],
  ])("%s: a general reason, nothing of the raw message", (code, raw, said) => {
    const { message } = deliveryFailure(networkError(code, raw));
    expect(message.startsWith(said)).toBe(true);
    for (const detail of ["10.0.0", "internal", "corp", ":22", "5432", "SSL routines"])
      expect(message).not.toContain(detail);
  });
});
