/** A web address's scheme: `https://`, `ftp://`, … */
const SCHEME = /\b([a-z][a-z0-9+.-]*):\/\//gi;
/** A host name: labels joined by dots, ending in a top-level domain of letters (or its punycode form). */
const HOST_NAME =
  /(?<![\p{L}\p{N}_-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:\p{L}{2,}|xn--[\p{L}\p{N}-]+)(?![\p{L}\p{N}_-])/gu;
const IPV4 = /(?<![\p{N}.])\d{1,3}(?:\.\d{1,3}){3}(?![\p{N}.])/gu;

/**
 * Text someone typed, made so that no mail program turns it into a link, in the plain part or the HTML part: a
 * scheme is defanged (`https://` → `hxxps://`, `ftp://` → `ftp[:]//`) and so are the dots of host names and IP
 * addresses (`evil.example` → `evil[.]example`), which programs link even without a scheme. What was typed stays
 * readable and can be copied back by hand; it cannot be clicked. Why: docs/decisions/unlinkable-mail-text.md.
 */
export function unlinkable(text: string): string {
  return text
    .replace(HOST_NAME, (host) => host.replaceAll(".", "[.]"))
    .replace(IPV4, (ip) => ip.replaceAll(".", "[.]"))
    .replace(SCHEME, (_, scheme: string) =>
      /^https?$/i.test(scheme) ? `${scheme.replace(/tt/i, "xx")}://` : `${scheme}[:]//`,
    );
}
