/**
 * Roles of client staff within their account (docs/product-rules.md, "Roles and visibility" and "Client roles"): `admin` also manages the account's people, API
 * keys, webhooks and billing settings; `member` files and edits requests, posts on walls and invites licensee users.
 * API keys carry one too.
 */
export const CLIENT_ROLES = ["admin", "member"] as const;
export type ClientRole = (typeof CLIENT_ROLES)[number];

export const CLIENT_ROLE_LABELS: Record<ClientRole, string> = { admin: "Admin", member: "Member" };
