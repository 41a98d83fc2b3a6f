import type { Metadata } from "next";
import { ActionForm } from "@/components/money/action-form";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { PageHeader } from "@/components/ui/page-header";
import { cardClass, inputClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { formatDate } from "@/lib/formatting";
import { listBlanketServices } from "@/lib/releases/blanket-licensed-services";
import { addBlanketServiceAction, removeBlanketServiceAction } from "./actions";

export const metadata: Metadata = { title: "Blanket-licensed services" };

export default async function StreamingServicesPage() {
  const { actor } = await requireStaffPage();
  const services = await listBlanketServices(await getDb(), actor);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Blanket-licensed services"
        description="Streaming services that hold the MLC's blanket license (17 U.S.C. § 115(d)) pay the mechanical royalty for interactive streams themselves. A stream filing that names one of them is refused with the reason, and nothing is filed; streams for other outlets are licensed by the copyright owners."
      />
      <section aria-labelledby="services-heading" className={cardClass}>
        <h2 id="services-heading" className="mb-2 text-lg font-semibold">
          {services.length} services
        </h2>
        <ul className="divide-y divide-slate-100 text-sm" data-testid="blanket-services">
          {services.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {s.name} <span className="text-slate-600">(since {formatDate(s.dateAdded)})</span>
              </span>
              <ConfirmAction
                label="Remove"
                accessibleLabel={`Remove ${s.name}`}
                question={`Remove ${s.name}? Stream filings naming it will be accepted, as a voluntary license from the owners.`}
                confirmLabel="Yes, remove"
                pendingLabel="Removing…"
                keepLabel="Keep"
                doneMessage={`${s.name} was removed.`}
                action={removeBlanketServiceAction.bind(null, s.id)}
              />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="add-heading" className={cardClass}>
        <h2 id="add-heading" className="mb-2 text-lg font-semibold">
          Add a service
        </h2>
        <ActionForm
          action={addBlanketServiceAction}
          submitLabel="Add service"
          pendingLabel="Adding…"
          successMessage="Added: stream filings naming it are refused from now on."
        >
          <label className="block text-sm font-medium">
            Service name (matched whatever its case)
            <input name="name" required className={inputClass} />
          </label>
        </ActionForm>
      </section>
    </div>
  );
}
