import { z } from "zod";
import { CLIENT_ROLES } from "@/lib/auth/client-roles";
import { requiredText } from "@/lib/validation";

// The people forms' schemas: used by the forms (zodResolver), the server actions and the staff API alike. They import
// no database code and not the common-password list (checked on the server: lib/people/password-hash.ts).

export const MIN_PASSWORD_LENGTH = 10;
const MAX_PASSWORD_LENGTH = 200;

export const emailField = z
  .string({ error: "must be a string" })
  .trim()
  .toLowerCase()
  .max(254, "must be at most 254 characters")
  .pipe(z.email({ error: "must be an email address" }));
const personName = requiredText("name");

const newPassword = z
  .string({ error: "must be a string" })
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`);

const confirmed = (v: { password: string; confirm: string }) => v.password === v.confirm;
const confirmError = { path: ["confirm"], error: "does not match the password" };
const passwordTwice = { password: newPassword, confirm: z.string({ error: "must be a string" }) };

/** Who an invitation makes of its addressee. */
const INVITATION_ROLES = ["employee", ...CLIENT_ROLES, "licensee"] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

export const invitationInput = z
  .strictObject({
    email: emailField,
    name: personName,
    role: z.enum(INVITATION_ROLES, { error: "choose who they will be" }),
    /** For a licensee user: the licensee record whose albums they will see. */
    licenseeId: z.uuid({ error: "choose a licensee" }).optional(),
  })
  .refine((v) => v.role !== "licensee" || v.licenseeId !== undefined, {
    path: ["licenseeId"],
    error: "choose a licensee",
  });
export type InvitationInput = z.output<typeof invitationInput>;

// A new password is typed twice.
export const acceptInvitationInput = z
  .strictObject({ name: personName, ...passwordTwice })
  .refine(confirmed, confirmError);
export const resetPasswordInput = z.strictObject(passwordTwice).refine(confirmed, confirmError);
export const changePasswordInput = z
  .strictObject({
    currentPassword: z.string({ error: "must be a string" }).min(1, "enter your current password"),
    ...passwordTwice,
  })
  .refine(confirmed, confirmError);
export const forgotPasswordInput = z.strictObject({ email: emailField });
export const profileInput = z.strictObject({ name: personName });
export const clientRoleInput = z.strictObject({ role: z.enum(CLIENT_ROLES, { error: "must be admin or member" }) });
