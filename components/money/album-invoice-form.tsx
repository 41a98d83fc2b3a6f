import { issueAlbumInvoiceAction } from "@/app/billing/actions";
import { ActionForm } from "./action-form";

/** "Invoice all of this album": one invoice for every request of the album still owing something. */
export function AlbumInvoiceForm({ albumId, albumTitle }: { albumId: number; albumTitle: string }) {
  return (
    <ActionForm
      action={issueAlbumInvoiceAction}
      submitLabel="Invoice all of this album"
      pendingLabel="Issuing…"
      successMessage={`Invoice issued for ${albumTitle}.`}
      variant="secondary"
      className="space-y-1"
    >
      <input type="hidden" name="albumId" value={albumId} />
    </ActionForm>
  );
}
