import { randomUUID } from "node:crypto";
import { getDb } from "@/db";
import { currentUser } from "@/lib/auth/session";
import { actorFromSessionUser } from "@/lib/auth/users";
import { pdfResponse } from "@/lib/http/pdf-response";
import { problemResponse } from "@/lib/http/problem";
import { pathId } from "@/lib/http/responses";
import { licenseDocument } from "@/lib/licensing/license-document";

// The portal's download of the license PDF: the same use case as the API, authenticated by the session.
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await currentUser();
  if (!user) {
    const path = new URL(req.url).pathname;
    return Response.redirect(new URL(`/login?callbackUrl=${encodeURIComponent(path)}`, req.url), 303);
  }
  try {
    const { id } = await params;
    return pdfResponse(await licenseDocument(await getDb(), actorFromSessionUser(user), pathId(id, "Request")));
  } catch (err) {
    return problemResponse(err, randomUUID());
  }
}
