import { publicBaseUrl } from "./public-base-url";

// The portal addresses the news mails link to, written once: each opens for the person mailed (signed out, the
// sign-in page sends them back to it).

/** A request's page: client staff and the request's licensee users both read it. */
export const requestUrl = (requestId: number) => `${publicBaseUrl()}/requests/${requestId}`;

/** A licensed request's license (PDF), for its client staff and its licensee's users alike. */
export const licenseUrl = (requestId: number) => `${publicBaseUrl()}/api/requests/${requestId}/license`;

/** Billing: the account's invoices, what each still asks, and how to pay it. */
export const billingUrl = () => `${publicBaseUrl()}/billing`;

/** An invoice as a document (PDF), with its lines and payment instructions. */
export const invoicePdfUrl = (invoiceId: number) => `${publicBaseUrl()}/api/invoices/${invoiceId}/pdf`;

/** An album's wall. */
export const albumWallUrl = (albumId: number) => `${publicBaseUrl()}/albums/${albumId}/wall`;
