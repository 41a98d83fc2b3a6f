import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { upsertUser } from "@/lib/auth/users";
import { drainOutbox } from "@/lib/outbox/deliver-outbox";
import { smtpMailer } from "@/lib/outbox/mailer";
import { clientKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { startSmtpListener, type SmtpListener } from "../helpers/smtp";
import { setupTestDb } from "../helpers/test-db";
import { postToWall } from "../helpers/wall";

const db = setupTestDb();
const PAYLOAD = `<script>alert("x")</script><img src=x onerror='alert(1)'> & co`;
const ESCAPED =
  "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt; &amp; co";

let smtp: SmtpListener;
beforeAll(async () => {
  smtp = await startSmtpListener();
  await upsertUser(db(), { email: "sam@coverdesk.example", name: "Sam", password: "x-password", role: "employee" });
  vi.stubEnv("PUBLIC_BASE_URL", "https://desk.coverdesk.example");
  vi.stubEnv("STAFF_NOTIFY_EMAIL", "");
  // One mail per post, sent at once: coalescing is wall-mail-coalescing.test.ts's subject.
  vi.stubEnv("WALL_MAIL_COALESCE_MINUTES", "0");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await smtp.close();
});

describe("markup in a title, a song and a wall message, in the staff email", () => {
  it("is escaped in the HTML part and kept as written in the plain-text part", async () => {
    const { key } = await clientKey(db(), "Hostile Records");
    const base = requestBody().track;
    const filed = await fileRequest(key, {
      track: {
        ...base,
        album: { ...base.album, title: `Album ${PAYLOAD}` },
        song: { ...base.song, title: `Song ${PAYLOAD}` },
      },
    });
    expect((await postToWall(key, filed.trackId, { message: `Note ${PAYLOAD}\nsecond line` })).status).toBe(201);

    expect(await drainOutbox(db(), smtpMailer(smtp.url))).toMatchObject({ sent: 1 });
    const [mail] = smtp.mails;
    expect(mail!.text).toContain(`Album: "Album ${PAYLOAD}"`);
    expect(mail!.text).toContain(`"Song ${PAYLOAD}"`);
    expect(mail!.text).toContain(`Note ${PAYLOAD}\nsecond line`);
    const html = mail!.html!;
    expect(html).toContain(`Album: &quot;Album ${ESCAPED}&quot;`);
    expect(html).toContain(`&quot;Song ${ESCAPED}&quot;`);
    expect(html).toContain(`Note ${ESCAPED}\nsecond line`);
    expect(html).toContain(`<a href="https://desk.coverdesk.example/albums/${filed.albumId}">`);
    expect(html).toContain(`<a href="https://desk.coverdesk.example/staff/requests/${filed.id}">`);
    // The only tags are the mail's own frame and its links (the request's and the album's): none came from the content.
    expect(
      html
        .match(/<[a-z!/][^>]*>/gi)
        ?.map((t) => t.split(/[\s>]/)[0])
        .sort(),
    ).toEqual(["</a", "</a", "</body", "</div", "</html", "<!doctype", "<a", "<a", "<body", "<div", "<html"].sort());
  });
});

describe("web addresses a client typed, in the staff email", () => {
  it("are not links in either part: only the mail's own addresses can be clicked", async () => {
    smtp.mails.length = 0;
    const { key } = await clientKey(db(), "Linking Records");
    const base = requestBody().track;
    const filed = await fileRequest(key, {
      track: { ...base, album: { ...base.album, title: "Visit www.phish.example" } },
    });
    const message =
      "Your session expired, sign in again at https://coverdesk-login.phish.example/reset or phish.example";
    expect((await postToWall(key, filed.trackId, { message })).status).toBe(201);

    expect(await drainOutbox(db(), smtpMailer(smtp.url))).toMatchObject({ sent: 1 });
    const [mail] = smtp.mails;
    for (const part of [mail!.text!, mail!.html!]) {
      expect(part).not.toMatch(/phish\.example|https:\/\/coverdesk-login/);
      expect(part).toContain("hxxps://coverdesk-login[.]phish[.]example/reset or phish[.]example");
      expect(part).toContain("Visit www[.]phish[.]example");
    }
    const links = [...mail!.html!.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]);
    expect(links).toEqual([
      `https://desk.coverdesk.example/staff/requests/${filed.id}`,
      `https://desk.coverdesk.example/albums/${filed.albumId}`,
    ]);
  });
});
