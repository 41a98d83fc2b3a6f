import { describe, expect, it } from "vitest";
import { mailHtml } from "@/lib/outbox/mail-html";

const inner = (text: string) => /<div[^>]*>([\s\S]*)<\/div>/.exec(mailHtml(text))![1];

describe("the HTML part of a mail", () => {
  it("escapes every character that markup is made of, and keeps line breaks", () => {
    expect(inner(`a <b> & "c" 'd'\nnext`)).toBe("a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;\nnext");
  });

  it("links web addresses, escaped, and nothing that is not http(s)", () => {
    expect(inner("Open: https://desk.example/a?x=1&y=2 now")).toBe(
      'Open: <a href="https://desk.example/a?x=1&amp;y=2">https://desk.example/a?x=1&amp;y=2</a> now',
    );
    expect(inner(`see https://x.example/"><script>`)).toBe(
      'see <a href="https://x.example/">https://x.example/</a>&quot;&gt;&lt;script&gt;',
    );
    expect(inner("javascript:alert(1)")).toBe("javascript:alert(1)");
  });
});
