import { DomainError, forbidden } from "@/lib/errors";

/** Who is calling, resolved from an API key or a portal session. Every lib/ use case takes one. */
export type Actor =
  | { kind: "employee"; name: string; userId: number | null; apiKeyId: number | null }
  | { kind: "client"; name: string; accountId: number; userId: number | null; apiKeyId: number | null }
  | { kind: "licensee"; name: string; accountId: number; licenseeId: string; userId: number };

/** What rows an actor may see: employees see everything, others their account (and licensees their licensee). */
export type Scope = { accountId?: number; licenseeId?: string };

export function scopeOf(actor: Actor): Scope {
  switch (actor.kind) {
    case "employee":
      return {};
    case "client":
      return { accountId: actor.accountId };
    case "licensee":
      return { accountId: actor.accountId, licenseeId: actor.licenseeId };
  }
}

/** Client staff edit their own account's records; employees may correct any. Licensees only read. */
export function requireEditor(actor: Actor): Exclude<Actor, { kind: "licensee" }> {
  if (actor.kind === "licensee") {
    throw new DomainError("forbidden", "Licensees can read their requests but not change them; ask your label or distributor.");
  }
  return actor;
}

const ROLE_NAMES: Record<Actor["kind"], string> = { employee: "service staff", client: "client staff", licensee: "licensees" };

/** Refuses every caller but `roles`: "Only service staff can <doing>." */
export function requireRole<K extends Actor["kind"]>(actor: Actor, roles: readonly K[], doing: string): Extract<Actor, { kind: K }> {
  if (!(roles as readonly Actor["kind"][]).includes(actor.kind)) {
    throw forbidden(`Only ${roles.map((r) => ROLE_NAMES[r]).join(" or ")} can ${doing}.`);
  }
  return actor as Extract<Actor, { kind: K }>;
}
