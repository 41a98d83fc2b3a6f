import { describe, expect, it } from "vitest";
import { albumActions } from "@/lib/album-overview/album-actions";
import type { Actor } from "@/lib/auth/actor";

// What the album page offers each kind of person, and the reason they read when refused.

const employee: Actor = { kind: "employee", name: "Sam Staff", userId: 1, apiKeyId: null };
const admin: Actor = { kind: "client", name: "Ada Admin", accountId: 5, role: "admin", userId: 10, apiKeyId: null };
const member: Actor = { kind: "client", name: "Max Member", accountId: 5, role: "member", userId: 11, apiKeyId: null };
const licensee: Actor = {
  kind: "licensee",
  name: "Lee",
  accountId: 5,
  licenseeId: "3f1c3b0e-8d3a-4c55-9b7a-2f9d2b4c6a10",
  userId: 12,
};

const withTracks = { tracks: [{ id: 1 }, { id: 2 }] };
const yes = { allowed: true };
const no = (reason: string) => ({ allowed: false, reason });

describe("albumActions", () => {
  it.each([
    [
      "employee",
      employee,
      {
        edit: yes,
        reorder: no("Only client staff can reorder."),
        reorderShortfall: no("Only client staff can reorder."),
        uploadSales: no("Only client staff can upload sales reports."),
        openLicensee: yes,
      },
    ],
    ["client admin", admin, { edit: yes, reorder: yes, reorderShortfall: yes, uploadSales: yes, openLicensee: yes }],
    ["client member", member, { edit: yes, reorder: yes, reorderShortfall: yes, uploadSales: yes, openLicensee: yes }],
    [
      "licensee user",
      licensee,
      {
        edit: no("Licensees can read their requests but not change them; ask your label or distributor."),
        reorder: no("Only client staff can reorder."),
        reorderShortfall: no("Only client staff can reorder."),
        uploadSales: no("Only client staff can upload sales reports."),
        openLicensee: no("You are this licensee's user; its page is about your own details."),
      },
    ],
  ] as const)("offers a %s of an album with tracks: %j", (_who, actor, expected) => {
    expect(albumActions(actor, withTracks)).toEqual(expected);
  });

  it("offers no reorder of an album without tracks, and says why", () => {
    expect(albumActions(admin, { tracks: [] }).reorder).toEqual(
      no("The album has no tracks yet to license more units of."),
    );
    // The role comes first: a licensee user hears that reorders are client staff's.
    expect(albumActions(licensee, { tracks: [] }).reorder).toEqual(no("Only client staff can reorder."));
  });
});
