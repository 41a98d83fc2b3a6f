import { describe, expect, it } from "vitest";
import { noticeDigestEmail, type DigestNotice } from "@/lib/notifications/notice-digest-email";

const notice = (over: Partial<DigestNotice>): DigestNotice => ({
  requestId: 7,
  songTitle: "Golden Hour",
  ownerName: "Sunset Music",
  share: 66.67,
  dueOn: "2026-05-04",
  route: "owner",
  ...over,
});

const email = (overdue: DigestNotice[], dueSoon: DigestNotice[]) =>
  noticeDigestEmail({
    today: "2026-05-04",
    overdue,
    dueSoon,
    openRequestsWithDeadlines: { overdue: 1, soon: 3 },
    baseUrl: "https://desk.example.com",
  });

describe("the daily digest of notice deadlines", () => {
  it("counts the notices in the subject and says how far each deadline is", () => {
    const { subject, body } = email(
      [notice({ dueOn: "2026-05-03" }), notice({ requestId: 8, dueOn: "2026-04-30" })],
      [
        notice({ requestId: 9, dueOn: "2026-05-04" }),
        notice({ requestId: 10, dueOn: "2026-05-05" }),
        notice({ requestId: 11, dueOn: "2026-05-11" }),
      ],
    );
    expect(subject).toBe("Notices of intention: 2 overdue, 3 due within 7 days");
    expect(body).toContain('Request #7, "Golden Hour": Sunset Music (66.67%), due May 3, 2026, 1 day ago');
    expect(body).toContain("due April 30, 2026, 4 days ago");
    expect(body).toContain("due May 4, 2026, today");
    expect(body).toContain("due May 5, 2026, in 1 day");
    expect(body).toContain("due May 11, 2026, in 7 days");
    expect(body).toContain("https://desk.example.com/staff/requests/11");
    expect(body).toContain(
      "1 request with notices overdue (https://desk.example.com/staff/queue?due=overdue&sort=due)",
    );
    expect(body).toContain("3 requests with notices due within 7 days");
  });

  it("says how a notice goes when the owner is not in the Copyright Office's records, and leaves out empty sections", () => {
    const { body } = email([], [notice({ route: "copyright_office" }), notice({ requestId: 8, route: "none" })]);
    expect(body).not.toContain("Overdue (");
    expect(body).toContain("today; to be filed with the Copyright Office");
    expect(body).toContain("the format is digital: it cannot be served");
  });

  it("from the 15th, lists the payouts to owners not made yet, the overdue ones with their late fee so far", () => {
    const { subject, body } = noticeDigestEmail({
      today: "2026-05-16",
      overdue: [],
      dueSoon: [],
      openRequestsWithDeadlines: { overdue: 0, soon: 0 },
      payouts: [
        {
          month: "2026-03",
          ownerName: "Held Music",
          amount: "87.68",
          dueOn: "2026-04-20",
          overdue: true,
          lateFee: "1.32",
        },
        {
          month: "2026-04",
          ownerName: "Sunset Music",
          amount: "219.20",
          dueOn: "2026-05-20",
          overdue: false,
          lateFee: "0.00",
        },
      ],
      baseUrl: "https://desk.example.com",
    });
    expect(subject).toBe("Notices of intention: 0 overdue, 0 due within 7 days; 2 payouts to owners not made");
    expect(body).toContain("  - Held Music: $87.68 of 2026-03, due April 20, 2026, overdue: late fee so far $1.32");
    expect(body).toContain("  - Sunset Music: $219.20 of 2026-04, due May 20, 2026\n");
    expect(body).toContain("https://desk.example.com/staff/statements");
  });
});
