import { notFound } from "next/navigation";
import { requireActor } from "./session";

/**
 * For the /staff pages: the signed-in employee, a redirect to sign-in, or a 404 for everyone else
 * (the use cases refuse non-employees as well; this only keeps others from a broken page).
 */
export async function requireStaffPage() {
  const { user, actor } = await requireActor();
  if (actor.kind !== "employee") notFound();
  return { user, actor };
}
