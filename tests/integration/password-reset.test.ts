import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { forgotPasswordAction } from "@/app/forgot-password/actions";
import { auditEvents, outboxMessages, passwordTokens } from "@/db/schema";
import { findSessionUser, verifyCredentials } from "@/lib/auth/users";
import { setClock } from "@/lib/clock";
import { deactivatePerson } from "@/lib/people/deactivate-person";
import { findPasswordToken, resetPassword } from "@/lib/people/reset-password";
import { requestPasswordReset } from "@/lib/people/request-password-reset";
import { clientStaff, employee, mailsTo, NEW_PASSWORD, PASSWORD, tokenMailedTo } from "../helpers/people";
import { rowCounts } from "../helpers/row-counts";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const reset = (token: string, password = NEW_PASSWORD) => resetPassword(db(), token, { password, confirm: password });
afterEach(() => setClock(undefined));

describe("Forgot password?", () => {
  it("answers exactly the same whether or not the email exists, and mails only a real user", async () => {
    await clientStaff(db(), "Reset Records", "known@reset.example", "member");
    const before = await rowCounts(db());
    const unknown = await forgotPasswordAction({ email: "nobody@reset.example" });
    expect(await rowCounts(db())).toEqual(before);
    const known = await forgotPasswordAction({ email: "Known@Reset.example" });
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ ok: true });
    expect(await mailsTo(db(), "known@reset.example")).toBe(1);
    expect(await mailsTo(db(), "nobody@reset.example")).toBe(0);
  });

  it("sends at most 3 links an hour to one person, answering the same", async () => {
    await clientStaff(db(), "Reset Records", "flooded@reset.example", "member");
    for (let i = 0; i < 5; i++)
      expect(await forgotPasswordAction({ email: "flooded@reset.example" })).toMatchObject({ ok: true });
    expect(await mailsTo(db(), "flooded@reset.example")).toBe(3);
  });

  it("mails nothing to a deactivated user", async () => {
    const admin = await clientStaff(db(), "Reset Records", "reset.admin@reset.example");
    const gone = await clientStaff(db(), "Reset Records", "gone@reset.example", "member");
    await deactivatePerson(db(), admin.actor, gone.user.id);
    await requestPasswordReset(db(), "gone@reset.example");
    expect(await mailsTo(db(), "gone@reset.example")).toBe(0);
  });
});

describe("a reset link", () => {
  it("sets the password once, ends every other session, and kills the user's other links", async () => {
    const me = await employee(db(), "resetter@coverdesk.example");
    await requestPasswordReset(db(), "resetter@coverdesk.example");
    const older = await tokenMailedTo(db(), "resetter@coverdesk.example");
    await requestPasswordReset(db(), "resetter@coverdesk.example");
    const token = await tokenMailedTo(db(), "resetter@coverdesk.example");
    expect(await findPasswordToken(db(), token)).toMatchObject({
      purpose: "reset",
      email: "resetter@coverdesk.example",
    });
    const rows = await db().select().from(passwordTokens);
    expect(JSON.stringify(rows)).not.toContain(token);

    expect(await reset(token)).toEqual({ email: "resetter@coverdesk.example" });
    expect(await findSessionUser(db(), { id: me.user.id, sessionVersion: me.user.sessionVersion })).toBeNull();
    expect(await verifyCredentials(db(), "resetter@coverdesk.example", PASSWORD)).toBeNull();
    const signedIn = await verifyCredentials(db(), "resetter@coverdesk.example", NEW_PASSWORD);
    expect(await findSessionUser(db(), { id: me.user.id, sessionVersion: signedIn!.sessionVersion })).not.toBeNull();

    await expect(reset(token, "yet another passphrase")).rejects.toMatchObject({ code: "not_found" });
    await expect(reset(older, "yet another passphrase")).rejects.toMatchObject({ code: "not_found" });
    expect(await verifyCredentials(db(), "resetter@coverdesk.example", NEW_PASSWORD)).not.toBeNull();
    const actions = (
      await db()
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, String(me.user.id)))
    ).map((e) => e.action);
    expect(actions).toEqual(["user.password_reset_requested", "user.password_reset_requested", "user.password_reset"]);
  });

  it("stops working once a newer link is sent, as the page says", async () => {
    await employee(db(), "twice@coverdesk.example");
    await requestPasswordReset(db(), "twice@coverdesk.example");
    const older = await tokenMailedTo(db(), "twice@coverdesk.example");
    await requestPasswordReset(db(), "twice@coverdesk.example");
    const newer = await tokenMailedTo(db(), "twice@coverdesk.example");
    expect(await findPasswordToken(db(), older)).toBeNull();
    await expect(reset(older)).rejects.toMatchObject({ code: "not_found" });
    expect(await verifyCredentials(db(), "twice@coverdesk.example", PASSWORD)).not.toBeNull();
    expect(await reset(newer)).toEqual({ email: "twice@coverdesk.example" });
  });

  it("expires after 1 hour", async () => {
    const t0 = new Date("2026-04-01T08:00:00Z");
    setClock(t0);
    await employee(db(), "slow@coverdesk.example");
    await requestPasswordReset(db(), "slow@coverdesk.example");
    const token = await tokenMailedTo(db(), "slow@coverdesk.example");
    setClock(new Date(t0.getTime() + 3600_000 + 1000));
    expect(await findPasswordToken(db(), token)).toBeNull();
    await expect(reset(token)).rejects.toMatchObject({ code: "not_found" });
    expect(await verifyCredentials(db(), "slow@coverdesk.example", PASSWORD)).not.toBeNull();
  });

  it("refuses a password that is too common or is the email, and stays usable", async () => {
    await employee(db(), "picky@coverdesk.example");
    await requestPasswordReset(db(), "picky@coverdesk.example");
    const token = await tokenMailedTo(db(), "picky@coverdesk.example");
    await expect(reset(token, "iloveyou123")).rejects.toMatchObject({ errors: [{ path: "password" }] });
    await expect(reset(token, "PICKY@coverdesk.example")).rejects.toMatchObject({ errors: [{ path: "password" }] });
    expect(await findPasswordToken(db(), token)).not.toBeNull();
    const [mail] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipients, ["picky@coverdesk.example"]));
    expect(mail).toMatchObject({ purpose: "one_time_link", subject: "Reset your CoverDesk password" });
  });
});
