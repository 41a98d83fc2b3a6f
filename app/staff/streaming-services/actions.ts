"use server";

import { formAction } from "@/lib/forms/form-action";
import { postedForm } from "@/lib/forms/posted-form";
import { pathId } from "@/lib/http/responses";
import { addBlanketService, removeBlanketService } from "@/lib/releases/blanket-licensed-services";
import { blanketServiceSchema } from "@/lib/releases/stream-outlets";

const options = {
  roles: ["employee"],
  doing: "change the blanket-licensed services",
  revalidate: ["/staff/streaming-services"],
} as const;

/** The page's "Add" form: the same schema and use case as POST /api/blanket-licensed-services. */
export async function addBlanketServiceAction(posted: FormData) {
  const values = { name: postedForm(posted).get("name") ?? undefined };
  return formAction({ ...options, schema: blanketServiceSchema, values }, async ({ db, actor, input }) => {
    const added = await addBlanketService(db, actor, input);
    return `Added ${added.name}.`;
  });
}

export async function removeBlanketServiceAction(id: number) {
  return formAction(options, async ({ db, actor }) => {
    await removeBlanketService(db, actor, pathId(String(id), "Blanket-licensed service"));
    return "Removed.";
  });
}
