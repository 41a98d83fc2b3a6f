import { z } from "zod";
import { acceptanceSchema } from "@/lib/licensing/acceptance-schema";
import type { BlanketServiceView } from "@/lib/releases/blanket-licensed-services";
import { blanketServiceSchema } from "@/lib/releases/stream-outlets";
import { ids, type Operation } from "../operation";
import { exactly, requestView, timestamp } from "../views";

// Interactive streams (docs/licensing-law.md, "Interactive streams"): the services whose blanket license refuses a
// stream filing, and the owners' acceptances that license the others.

const staff = ["employee"] as const;

const blanketServiceView = exactly<BlanketServiceView>()(
  z.object({ id: z.int(), name: z.string(), dateAdded: timestamp }).meta({ id: "BlanketLicensedService" }),
);

export const streamOperations: Operation[] = [
  {
    method: "get",
    path: "/api/blanket-licensed-services",
    tag: "Streams",
    summary: "The services that hold the MLC's blanket license",
    description:
      "A stream release (format 1003) whose `expectedOutletsOfDistribution` names one of them (split at commas, " +
      'semicolons, "&" and "and", matched case-insensitively) is refused with 400 `covered_by_blanket_license`. By name.',
    roles: staff,
    success: [{ status: 200, description: "The list", schema: blanketServiceView, list: true }],
  },
  {
    method: "post",
    path: "/api/blanket-licensed-services",
    tag: "Streams",
    summary: "Add a blanket-licensed service",
    description:
      "One name; a name already listed (any case) is refused. Stream filings naming it are refused from then on.",
    roles: staff,
    body: blanketServiceSchema.meta({ id: "NewBlanketLicensedService", example: { name: "Boomplay" } }),
    success: [{ status: 201, description: "The service", schema: blanketServiceView }],
  },
  {
    method: "delete",
    path: "/api/blanket-licensed-services/{id}",
    tag: "Streams",
    summary: "Remove a blanket-licensed service",
    description: "Stream filings naming it are accepted again (as a voluntary license from the owners).",
    roles: staff,
    params: ids({ id: "blanket-licensed service" }),
    success: [{ status: 204, description: "Removed" }],
  },
  {
    method: "post",
    path: "/api/requests/{id}/owners/{ownerId}/acceptance",
    tag: "Licensing",
    summary: "Record an owner's acceptance of a stream license",
    description:
      "Interactive streams are licensed by the owners, not under 17 U.S.C. § 115: no notice is served. Records the " +
      "day the owner accepted in writing (`acceptedOn`: not in the future, not before the request was filed), its " +
      "`reference` and any `terms`. Idempotent; the last acceptance licenses the request. A request of another format " +
      "is 409 `invalid_transition` (serve its notices instead).",
    roles: staff,
    params: ids({ id: "request", ownerId: "owner" }),
    body: acceptanceSchema.meta({
      id: "OwnerAcceptance",
      example: {
        acceptedOn: "2026-11-20",
        reference: "Email of Nov 20, 2026 from Harbor Music",
        terms: "Bandcamp only",
      },
    }),
    success: [{ status: 200, description: "The request", schema: requestView }],
    errors: ["invalid_transition"],
  },
];
