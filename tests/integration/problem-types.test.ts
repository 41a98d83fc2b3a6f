import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as unknownRoute from "@/app/api/[[...path]]/route";
import ApiErrorsPage from "@/app/docs/errors/page";
import * as requestsRoute from "@/app/api/requests/route";
import { ERROR_CODES } from "@/lib/errors";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { call, clientKey } from "../helpers/api";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
afterEach(() => vi.unstubAllEnvs());

/** Problems a client meets on its first calls, from the routes themselves. */
async function problems() {
  const { key } = await clientKey(db(), `Types ${Math.random()}`);
  const refused = methodNotAllowed("DELETE", "/api/requests", "req-1")!;
  return [
    (await call(requestsRoute.GET, "GET", "/api/requests")).body,
    (await call(requestsRoute.GET, "GET", "/api/requests", { key, query: "limit=0" })).body,
    (await call(unknownRoute.GET, "GET", "/api/nothing", { key, params: { path: "nothing" } })).body,
    (await refused.json()) as { code: string; type: string },
  ] as { code: string; type: string }[];
}

describe("a problem's type", () => {
  it("is the code's anchor on the served errors page, relative when no PUBLIC_BASE_URL is set", async () => {
    vi.stubEnv("PUBLIC_BASE_URL", "");
    const found = await problems();
    expect(found.map((p) => p.code)).toEqual(["unauthorized", "validation_failed", "not_found", "method_not_allowed"]);
    for (const p of found) expect(p.type).toBe(`/docs/errors#${p.code}`);
  });

  it("is absolute on PUBLIC_BASE_URL when it is set", async () => {
    vi.stubEnv("PUBLIC_BASE_URL", "https://desk.example.com/");
    for (const p of await problems()) expect(p.type).toBe(`https://desk.example.com/docs/errors#${p.code}`);
  });

  it("names an anchor the errors page has, for every code, with its status and when it answers", async () => {
    const html = renderToStaticMarkup(ApiErrorsPage());
    for (const code of [...ERROR_CODES, "internal_error"]) expect(html, code).toContain(`id="${code}"`);
    const row = (code: string) =>
      html.slice(html.indexOf(`id="${code}"`), html.indexOf("</tr>", html.indexOf(`id="${code}"`)));
    expect(row("method_not_allowed")).toContain("405");
    expect(row("method_not_allowed")).toContain("<code");
    expect(row("not_paid")).toContain("paid in full");
    for (const p of await problems()) expect(html).toContain(`id="${p.type.split("#")[1]}"`);
  });
});
