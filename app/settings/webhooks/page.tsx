import type { Metadata } from "next";
import { ActionButton } from "@/components/action-button";
import { EmptyState } from "@/components/ui/empty-state";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { PageHeader } from "@/components/ui/page-header";
import { tableBoxClass } from "@/components/ui/styles";
import { CreateWebhookForm } from "@/components/webhooks/create-webhook-form";
import { EditWebhookEventsForm } from "@/components/webhooks/edit-webhook-events-form";
import { RotateSecretButton } from "@/components/webhooks/rotate-secret-button";
import { getDb } from "@/db";
import { isClientAdmin, type Actor } from "@/lib/auth/actor";
import { requireActor } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/formatting";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";
import type { WebhookEndpointView } from "@/lib/webhooks/webhook-endpoint-view";
import {
  createWebhookAction,
  deleteWebhookAction,
  resendWebhookDeliveryAction,
  rotateWebhookSecretAction,
  sendTestEventAction,
  setWebhookEnabledAction,
  setWebhookEventsAction,
} from "./actions";

export const metadata: Metadata = { title: "Webhooks" };

/** How many of an endpoint's latest deliveries the page lists (the API pages through all of them). */
const LOG_SIZE = 20;
const DELIVERY_STATES = { sent: "Sent", pending: "Waiting", expired: "Expired (waited 30 days)" } as const;

export default async function WebhooksPage() {
  const { actor } = await requireActor();
  if (!isClientAdmin(actor)) {
    return (
      <div>
        <PageHeader title="Webhooks" />
        <p className="text-slate-700">Webhooks belong to client accounts; their admins manage them here.</p>
      </div>
    );
  }
  const endpoints = await listWebhookEndpoints(await getDb(), actor);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description={
          <>
            CoverDesk POSTs your account’s events to your endpoints as they happen, signed with the endpoint’s secret
            (Standard Webhooks: <code className="font-mono text-sm">webhook-id</code>,{" "}
            <code className="font-mono text-sm">webhook-timestamp</code>,{" "}
            <code className="font-mono text-sm">webhook-signature</code>). A delivery that fails is retried with growing
            pauses; the events of one request arrive in order. An endpoint that fails for 3 days in a row is turned off;
            while it is off its events wait, and are sent in order when you turn it on again (or expire after 30 days).
          </>
        }
      />
      <CreateWebhookForm create={createWebhookAction} />
      <section aria-labelledby="endpoints-heading" className="space-y-4">
        <h2 id="endpoints-heading" className="text-lg font-semibold">
          Your endpoints
        </h2>
        {endpoints.length === 0 ? (
          <EmptyState title="No endpoints yet.">Add one above to receive your account’s events.</EmptyState>
        ) : (
          endpoints.map((endpoint) => <EndpointCard key={endpoint.id} actor={actor} endpoint={endpoint} />)
        )}
      </section>
    </div>
  );
}

async function EndpointCard({ actor, endpoint }: { actor: Actor; endpoint: WebhookEndpointView }) {
  const { items: log, total } = await listWebhookDeliveries(await getDb(), actor, endpoint.id, {
    offset: 0,
    limit: LOG_SIZE,
  });
  const headingId = `endpoint-${endpoint.id}`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-medium break-all">
            {endpoint.url}
          </h3>
          <p className="text-sm text-slate-600">
            {endpoint.enabled ? "On" : "Off"} · {endpoint.events.join(", ")} · added{" "}
            {formatDateTime(endpoint.dateAdded)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ActionButton
            action={sendTestEventAction.bind(null, endpoint.id)}
            label="Send test event"
            pendingLabel="Queuing…"
            accessibleName={`Send a test event to ${endpoint.url}`}
          />
          <RotateSecretButton url={endpoint.url} rotate={rotateWebhookSecretAction.bind(null, endpoint.id)} />
          <ActionButton
            action={setWebhookEnabledAction.bind(null, endpoint.id, !endpoint.enabled)}
            label={endpoint.enabled ? "Turn off" : "Turn on"}
            pendingLabel={endpoint.enabled ? "Turning off…" : "Turning on…"}
            accessibleName={`${endpoint.enabled ? "Turn off" : "Turn on"} ${endpoint.url}`}
          />
          <ConfirmAction
            label="Delete"
            accessibleLabel={`Delete ${endpoint.url}`}
            question={`Delete ${endpoint.url}? Its delivery log and unsent events go with it.`}
            confirmLabel="Yes, delete it"
            pendingLabel="Deleting…"
            keepLabel="Keep it"
            doneMessage={`${endpoint.url} was deleted.`}
            action={deleteWebhookAction.bind(null, endpoint.id)}
          />
        </div>
      </div>
      <EditWebhookEventsForm
        url={endpoint.url}
        events={endpoint.events}
        save={setWebhookEventsAction.bind(null, endpoint.id)}
      />
      {endpoint.disabledReason ? (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {endpoint.disabledReason}
        </p>
      ) : null}
      <h4 className="text-sm font-semibold">Deliveries {total > LOG_SIZE ? `(latest ${LOG_SIZE} of ${total})` : ""}</h4>
      {log.length === 0 ? (
        <p className="text-sm text-slate-600">No events sent yet.</p>
      ) : (
        <div className={tableBoxClass}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Deliveries to {endpoint.url}, newest first</caption>
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Event
                </th>
                <th scope="col" className="px-3 py-2">
                  State
                </th>
                <th scope="col" className="px-3 py-2">
                  Attempts
                </th>
                <th scope="col" className="px-3 py-2">
                  Last answer
                </th>
                <th scope="col" className="px-3 py-2">
                  Times
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {log.map((d) => (
                <tr key={d.id}>
                  <td className="px-3 py-2">
                    <code className="font-mono">{d.event}</code>
                    {d.requestId ? <span className="block text-xs text-slate-600">request #{d.requestId}</span> : null}
                  </td>
                  <td className="px-3 py-2">{DELIVERY_STATES[d.status]}</td>
                  <td className="px-3 py-2">{d.attempts}</td>
                  <td className="px-3 py-2">
                    {d.lastResponseCode ?? "—"}
                    {d.lastError ? <span className="block text-xs break-words text-red-800">{d.lastError}</span> : null}
                  </td>
                  <td className="px-3 py-2 text-xs text-slate-700">
                    <span className="block">event {formatDateTime(d.dateAdded)}</span>
                    {d.sentAt ? <span className="block">sent {formatDateTime(d.sentAt)}</span> : null}
                    {d.nextAttemptAt && d.attempts > 0 ? (
                      <span className="block">next try {formatDateTime(d.nextAttemptAt)}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <ActionButton
                      action={resendWebhookDeliveryAction.bind(null, endpoint.id, d.id)}
                      label="Resend"
                      pendingLabel="Queuing…"
                      accessibleName={`Resend ${d.event} of ${formatDateTime(d.dateAdded)}`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
