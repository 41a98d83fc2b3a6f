import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPath } from "@/lib/auth/return-path";

describe("the return path after sign-in", () => {
  it.each([
    ["/albums/3/wall", "/albums/3/wall"],
    ["/requests?q=%236&page=2", "/requests?q=%236&page=2"],
    ["/staff/requests/6#notices", "/staff/requests/6#notices"],
    ["https://evil.example/albums/3", null],
    ["//evil.example/albums/3", null],
    ["/\\evil.example", null],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["javascript:alert(1)", null],
    ["albums/3", null],
    ["/login?callbackUrl=/x", null],
    ["", null],
    [undefined, null],
  ])("%s → %s", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it("asks the sign-in page to come back, except to the dashboard, where signing in leads anyway", () => {
    expect(signInPath("/albums/3/wall")).toBe("/login?callbackUrl=%2Falbums%2F3%2Fwall");
    expect(signInPath("/dashboard")).toBe("/login");
    expect(signInPath("//evil.example")).toBe("/login");
    expect(signInPath(null)).toBe("/login");
  });
});
