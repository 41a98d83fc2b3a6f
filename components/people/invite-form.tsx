"use client";

import { useState } from "react";
import { FormAlert } from "@/components/form-alert";
import {
  licenseeLabel,
  LicenseeSearch,
  type FindLicensees,
  type LicenseeOption,
} from "@/components/licensees/licensee-search";
import { describedBy, Field } from "@/components/ui/field";
import { buttonClass, cardClass, inputClass } from "@/components/ui/styles";
import type { FormResult } from "@/lib/forms/form-result";
import { invitationInput, type InvitationRole } from "@/lib/people/schemas";
import { TextInput, useServerForm } from "./server-form";

const ROLE_LABELS: Record<InvitationRole, string> = {
  employee: "Service staff (employee)",
  admin: "Admin: also manages people, API keys, webhooks and billing settings",
  member: "Member: files requests, posts, issues and pays invoices",
  licensee: "Licensee user: sees one licensee's albums",
};

type Values = { email: string; name: string; role: InvitationRole; licenseeId?: string };

/**
 * Invites a person as one of `roles`; a licensee user is invited for one of `licensees`, or (null: too many to list)
 * for one found by name with `findLicensees`.
 */
export function InviteForm({
  roles,
  licensees,
  findLicensees,
  invite,
}: {
  roles: InvitationRole[];
  licensees: LicenseeOption[] | null;
  findLicensees: FindLicensees;
  invite: (values: Values) => Promise<FormResult<unknown>>;
}) {
  const [sent, setSent] = useState<string | null>(null);
  const [matches, setMatches] = useState<LicenseeOption[]>([]);
  const defaults: Values = { email: "", name: "", role: roles[0]!, licenseeId: undefined };
  const { form, onSubmit, rootError } = useServerForm<Values, unknown>(
    invitationInput as never,
    defaults,
    (v) => invite(v.role === "licensee" ? v : { ...v, licenseeId: undefined }),
    (_d, f) => {
      setSent(f.getValues("email"));
      f.reset({ ...defaults, role: f.getValues("role") });
    },
  );
  const role = form.watch("role");
  const roleError = form.formState.errors.role?.message;
  const licenseeError = form.formState.errors.licenseeId?.message;
  return (
    <form onSubmit={onSubmit} noValidate className={`${cardClass} space-y-4`} aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite someone
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput form={form} name="email" label="Email" idPrefix="invite" type="email" autoComplete="off" />
        <TextInput form={form} name="name" label="Name" idPrefix="invite" autoComplete="off" />
      </div>
      {roles.length > 1 ? (
        <Field id="invite-role" label="They will be" error={roleError}>
          <select
            {...form.register("role")}
            {...describedBy("invite-role", { error: roleError })}
            className={inputClass}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <p className="text-sm text-slate-700">They will be: {ROLE_LABELS[roles[0]!]}</p>
      )}
      {role === "licensee" && !licensees ? (
        <LicenseeSearch id="invite-licensee-search" find={findLicensees} onMatches={setMatches} />
      ) : null}
      {role === "licensee" ? (
        <Field
          id="invite-licensee"
          label="Licensee"
          error={licenseeError}
          hint="They will see this licensee's albums and nothing else."
        >
          <select
            {...form.register("licenseeId", { setValueAs: (v: string) => v || undefined })}
            {...describedBy("invite-licensee", { hint: true, error: licenseeError })}
            className={inputClass}
          >
            <option value="">
              {licensees || matches.length > 0 ? "Choose a licensee…" : "Find the licensee above first…"}
            </option>
            {(licensees ?? matches).map((l) => (
              <option key={l.id} value={l.id}>
                {licenseeLabel(l)}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <FormAlert message={rootError} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Sending…" : "Send invitation"}
        </button>
        <span role="status" className="text-sm text-emerald-800">
          {sent ? `Invitation sent to ${sent}. The link works once, for 7 days.` : ""}
        </span>
      </div>
    </form>
  );
}
