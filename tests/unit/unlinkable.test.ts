import { describe, expect, it } from "vitest";
import { mailHtml } from "@/lib/outbox/mail-html";
import { unlinkable } from "@/lib/notifications/unlinkable";

describe("text typed by someone else, in a staff mail", () => {
  it.each([
    ["see https://evil.example/login?x=1", "see hxxps://evil[.]example/login?x=1"],
    ["HTTP://Evil.Example", "HxxP://Evil[.]Example"],
    ["www.evil.example or evil.co.uk", "www[.]evil[.]example or evil[.]co[.]uk"],
    ["mail me: a@evil.example", "mail me: a@evil[.]example"],
    ["http://10.0.0.1:8080/x", "hxxp://10[.]0[.]0[.]1:8080/x"],
    ["ftp://files.example/a", "ftp[:]//files[.]example/a"],
    ["http://intranet/admin", "hxxp://intranet/admin"],
    ["пример.рф", "пример[.]рф"],
  ])("%j cannot be clicked: %j", (typed, shown) => {
    expect(unlinkable(typed)).toBe(shown);
    expect(mailHtml(unlinkable(typed))).not.toContain("<a ");
  });

  it("leaves ordinary writing alone", () => {
    const prose = "Track 3 runs 3.5 minutes, v2.0.1, e.g. the remix; share 12.5% (i.e. half).";
    expect(unlinkable(prose)).toBe(prose);
  });
});
