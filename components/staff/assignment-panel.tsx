"use client";

import { useActionState, useId } from "react";
import { ActionButton } from "@/components/action-button";
import type { FormResult } from "@/lib/forms/form-result";

type Person = { id: number; name: string };

/** Who works on the request: claim it, hand it to a colleague, or leave it to anyone. */
export function AssignmentPanel({
  assignee,
  me,
  employees,
  claim,
  assign,
}: {
  assignee: Person | null;
  me: number | null;
  employees: Person[];
  claim: () => Promise<FormResult<string>>;
  assign: (values: { userId: number | null }) => Promise<FormResult<string>>;
}) {
  const id = useId();
  const [state, assignAction, pending] = useActionState(async (_prev: FormResult<string> | null, data: FormData) => {
    const raw = data.get("userId");
    return assign({ userId: raw === "" || raw === null ? null : Number(raw) });
  }, null);
  return (
    <div className="flex flex-wrap items-end gap-4 text-sm">
      <p>
        Assigned to{" "}
        <strong>{assignee ? (assignee.id === me ? `${assignee.name} (you)` : assignee.name) : "no one"}</strong>
      </p>
      {me !== null && assignee?.id !== me ? (
        <ActionButton action={claim} label="Claim" pendingLabel="Claiming…" accessibleName="Claim this request" />
      ) : null}
      <form action={assignAction} className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-assignee`} className="block font-medium">
            Assign to
          </label>
          <select
            id={`${id}-assignee`}
            name="userId"
            defaultValue={assignee?.id ?? ""}
            className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5"
          >
            <option value="">No one</option>
            {employees.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md border border-indigo-700 px-3 py-1.5 font-medium text-indigo-800 hover:bg-indigo-50 disabled:opacity-60"
        >
          {pending ? "Assigning…" : "Assign"}
        </button>
      </form>
      <div role="status" className="w-full">
        {state ? (
          state.ok ? (
            <span className="text-emerald-800">{state.data}</span>
          ) : (
            <span role="alert" className="text-red-800">
              {state.message}
            </span>
          )
        ) : null}
      </div>
    </div>
  );
}
