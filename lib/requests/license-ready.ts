import { DomainError } from "@/lib/errors";
import { STATUSES, type StatusCode } from "./statuses";

/** A request's license document exists once it is licensed (GET /api/requests/{id}/license answers 409 before). */
export function assertLicenseReady(request: { id: number; status: { code: StatusCode } }): void {
  if (request.status.code === "licensed") return;
  throw new DomainError(
    "not_licensed",
    `Request ${request.id} is "${STATUSES[request.status.code].label}"; its license document exists once it is licensed.`,
  );
}
