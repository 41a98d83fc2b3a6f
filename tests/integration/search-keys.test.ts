import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { searchKeys } from "@/lib/requests/request-text-search";
import { setupTestDb } from "../helpers/test-db";

// Issue 13: the per-account search index (migration 0025) must hold every key the search asks for in each text that
// contains the searched text, or a request would go unfound. The searched text is set inside other letters, digits,
// punctuation and cases, as titles hold it.
const db = setupTestDb();

const indexed = async (accountId: number, text: string) =>
  (await db().execute<{ keys: string[] }>(sql`select account_trigrams(${accountId}, ${text}) as keys`)).rows[0]!.keys;

describe("the search keys of a text", () => {
  it.each([
    ["Boy Rain", "Tomboy Rainbow"],
    ["over galv", "Lanterns OVER GALVESTON"],
    ["The 100% Band", "(The 100% Band)"],
    ["rock & roll", "Rock & Roll Heaven"],
    ["Café Nights", "Parisian café nights, vol. 2"],
    ["agua fría", "Agua Fría 2026"],
    ["hip-hop hooray", "Hip-Hop Hooray (Live)"],
    ["Of Daddy", "Proof Daddy's Home"],
    ["In Light", "Rain Light"],
    ["Mountain Oh On", "The Mountain Oh On High"],
    ["a b", "Plan A Blues"],
    ["Olé Oh", "Olé Ohio"],
    ["Oh é", "OH ÉTÉ"],
  ])("holds every key asked for %s in a text containing it (%s)", async (q, text) => {
    const asked = searchKeys(q, 4);
    expect(asked.length).toBeGreaterThan(0);
    const held = await indexed(4, text);
    expect(held.filter((key) => asked.includes(key)).sort()).toEqual([...asked].sort());
  });

  it("keys each trigram with its account, so one account's index entries never answer another's search", async () => {
    expect(await indexed(4, "Jolene")).toEqual(expect.arrayContaining(["4:jol", "4:ene"]));
    expect((await indexed(5, "Jolene")).every((key) => key.startsWith("5:"))).toBe(true);
  });
});
