import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { CreateApiKeyForm } from "@/components/api-keys/create-api-key-form";
import { formatDate, formatDateTime } from "@/lib/formatting";
import { EmptyState } from "@/components/ui/empty-state";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/db";
import { isClientAdmin } from "@/lib/auth/actor";
import { listApiKeys } from "@/lib/auth/api-keys";
import { CLIENT_ROLE_LABELS } from "@/lib/auth/client-roles";
import { requireActor } from "@/lib/auth/session";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const { actor } = await requireActor();
  if (!isClientAdmin(actor)) {
    return (
      <div>
        <PageHeader title="API keys" />
        <p className="text-slate-700">API keys belong to client accounts; their admins manage them here.</p>
      </div>
    );
  }
  const keys = await listApiKeys(await getDb(), actor);
  return (
    <div className="space-y-6">
      <PageHeader
        title="API keys"
        description={
          <>
            Keys let your systems call the CoverDesk API for your account. Send one as{" "}
            <code className="font-mono text-sm">Authorization: Bearer &lt;key&gt;</code>. We store only a hash: a key is
            shown once. A member key files and edits requests; an admin key may also use the admin endpoints (webhooks,
            billing settings). Every endpoint, with a “Try it” that takes a key, is in the{" "}
            <Link href="/docs/api">API reference</Link>. To hear of changes instead of polling, add an endpoint in{" "}
            <Link href="/settings/webhooks">Webhooks</Link>.
          </>
        }
      />
      <CreateApiKeyForm create={createApiKeyAction} />
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading" className="mb-3 text-lg font-semibold">
          Your keys
        </h2>
        {keys.length === 0 ? (
          <EmptyState title="No API keys yet.">Create one above to connect your systems.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {keys.map((k) => (
              <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {k.name}{" "}
                    {k.role ? (
                      <span className="ml-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-900">
                        {CLIENT_ROLE_LABELS[k.role]}
                      </span>
                    ) : null}
                    {k.revokedAt ? (
                      <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
                        Revoked
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    <code className="font-mono">{k.prefix}…</code> · created {formatDate(k.dateAdded)} ·{" "}
                    {k.lastUsedAt ? `last used ${formatDateTime(k.lastUsedAt)}` : "never used"}
                    {k.revokedAt ? ` · revoked ${formatDateTime(k.revokedAt)}` : ""}
                  </p>
                </div>
                {k.revokedAt ? null : (
                  <ConfirmAction
                    label="Revoke"
                    accessibleLabel={`Revoke ${k.name}`}
                    question={`Revoke ${k.name}? Calls with this key will be refused at once.`}
                    confirmLabel={`Yes, revoke ${k.name}`}
                    pendingLabel="Revoking…"
                    keepLabel="Keep it"
                    doneMessage={`${k.name} was revoked.`}
                    action={revokeApiKeyAction.bind(null, k.id)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
