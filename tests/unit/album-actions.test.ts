import { describe, expect, it } from "vitest";
import { albumActions } from "@/lib/album-overview/album-actions";
import { admin, employee, licensee, member } from "../helpers/actors";

// What the album page offers each kind of person, and the reason they read when refused.

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
