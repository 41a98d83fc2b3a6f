"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CopyButton } from "@/components/api-keys/copy-button";
import { afterAction } from "@/components/ui/after-action";
import { describedBy, Field } from "@/components/ui/field";
import { buttonClass, cardClass, inputClass } from "@/components/ui/styles";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { FormResult } from "@/lib/forms/form-result";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { newWebhookInput } from "@/lib/webhooks/webhook-fields";

type Created = { url: string; secret: string };
type Values = z.input<typeof newWebhookInput>;

export function CreateWebhookForm({ create }: { create: (values: Values) => Promise<FormResult<Created>> }) {
  const hydrated = useHydrated();
  const [created, setCreated] = useState<Created | null>(null);
  const form = useForm<Values, unknown, z.output<typeof newWebhookInput>>({
    resolver: zodResolver(newWebhookInput),
    defaultValues: { url: "", events: ["request.status_changed", "request.licensed"] },
  });
  const { errors } = form.formState;
  const urlError = errors.url?.message ?? errors.root?.message;
  const eventsError = errors.events?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await create(values);
    if (!result.ok) {
      form.setError(result.fieldErrors.events ? "events" : "url", {
        message: result.fieldErrors.events ?? result.fieldErrors.url ?? result.message,
      });
      return;
    }
    setCreated(result.data);
    form.reset();
  });

  // The secret goes for good: the focus moves on to the list, where the new endpoint is.
  const hide = () => {
    setCreated(null);
    afterAction({
      focus: () => document.getElementById("endpoints-heading"),
      message: "The secret is hidden; the endpoint is listed under Your endpoints.",
    });
  };

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate className={`${cardClass} space-y-4`}>
        <Field
          id="webhook-url"
          label="Endpoint URL"
          error={urlError}
          hint="An https:// address on the internet that accepts POST requests."
        >
          <input
            {...form.register("url")}
            {...describedBy("webhook-url", { hint: true, error: urlError })}
            className={inputClass}
            inputMode="url"
            autoComplete="off"
          />
        </Field>
        <fieldset aria-describedby={eventsError ? "webhook-events-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">Events to send</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="flex items-start gap-2 text-sm">
                <input type="checkbox" value={event} {...form.register("events")} className="mt-1" />
                <span>
                  <code className="font-mono">{event}</code>: {WEBHOOK_EVENT_LABELS[event]}
                </span>
              </label>
            ))}
          </div>
          {eventsError ? (
            <p id="webhook-events-error" className="mt-1 text-sm text-red-700">
              {eventsError}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className={buttonClass.primary} disabled={!hydrated || form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Adding…" : "Add endpoint"}
        </button>
      </form>

      {created ? (
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
          <p className="font-medium text-emerald-950">
            Endpoint {created.url} added. Copy its signing secret now: it will not be shown again.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <label htmlFor="new-secret" className="sr-only">
              Signing secret
            </label>
            <input
              id="new-secret"
              readOnly
              value={created.secret}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm"
            />
            <CopyButton text={created.secret} what="secret" />
          </div>
          <p className="mt-2 text-sm text-emerald-950">
            Verify each delivery’s signature with it (Standard Webhooks), as the API guide (docs/api-guide.md,
            “Integrating”) shows.
          </p>
          <button type="button" className={`${buttonClass.link} mt-2`} onClick={hide}>
            I have stored it, hide it
          </button>
        </div>
      ) : null}
    </div>
  );
}
