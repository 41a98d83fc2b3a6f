"use client";

import { useState } from "react";
import { buttonClass } from "@/components/ui/styles";
import type { FormResult } from "@/lib/forms/form-result";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/events";

/** The events an endpoint gets, changed after creation; the server checks the list (at least one, none twice). */
export function EditWebhookEventsForm({
  url,
  events,
  save,
}: {
  url: string;
  events: WebhookEvent[];
  save: (values: { events: WebhookEvent[] }) => Promise<FormResult<unknown>>;
}) {
  const [chosen, setChosen] = useState<WebhookEvent[]>(events);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const toggle = (event: WebhookEvent, on: boolean) =>
    setChosen((now) =>
      on ? WEBHOOK_EVENTS.filter((e) => e === event || now.includes(e)) : now.filter((e) => e !== event),
    );
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setPending(true);
    const result = await save({ events: chosen });
    setPending(false);
    setMessage(
      result.ok
        ? { ok: true, text: "Events saved." }
        : { ok: false, text: result.fieldErrors?.events ?? result.message },
    );
  };
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-indigo-800">Change events</summary>
      <form onSubmit={onSubmit} className="mt-2 space-y-2">
        <fieldset>
          <legend className="sr-only">Events to send to {url}</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="flex items-start gap-2">
                <input
                  type="checkbox"
                  checked={chosen.includes(event)}
                  onChange={(e) => toggle(event, e.currentTarget.checked)}
                  className="mt-1"
                />
                <span>
                  <code className="font-mono">{event}</code>: {WEBHOOK_EVENT_LABELS[event]}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={buttonClass.primary} disabled={pending}>
          {pending ? "Saving…" : "Save events"}
        </button>
        {message ? (
          <p role={message.ok ? "status" : "alert"} className={message.ok ? "text-emerald-800" : "text-red-800"}>
            {message.text}
          </p>
        ) : null}
      </form>
    </details>
  );
}
