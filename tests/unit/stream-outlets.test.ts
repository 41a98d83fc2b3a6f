import { describe, expect, it } from "vitest";
import { blanketServiceSchema, outletNames, serviceNameKey } from "@/lib/releases/stream-outlets";

describe("the outlets text as names", () => {
  it.each([
    ["Spotify, Apple Music and YouTube Music", ["Spotify", "Apple Music", "YouTube Music"]],
    ["spotify;tidal", ["spotify", "tidal"]],
    ["Bandcamp & my website", ["Bandcamp", "my website"]],
    ["YouTube Music", ["YouTube Music"]],
    ["  Apple   Music  ,,  Deezer ;", ["Apple Music", "Deezer"]],
    ["Spotify AND Tidal", ["Spotify", "Tidal"]],
    ["Bandcamp, Brandy's Radio", ["Bandcamp", "Brandy's Radio"]],
    ["", []],
  ])("%j → %j", (outlets, names) => {
    expect(outletNames(outlets)).toEqual(names);
  });

  it("are compared lower-cased with their spaces collapsed", () => {
    expect(serviceNameKey("  YouTube   Music ")).toBe("youtube music");
  });

  it("are what a staff-added service must be: one name", () => {
    expect(blanketServiceSchema.safeParse({ name: "Boomplay" }).success).toBe(true);
    expect(blanketServiceSchema.safeParse({ name: "Anghami and Boomplay" }).success).toBe(false);
  });
});
