import { DomainError, forbidden } from "@/lib/errors";
import type { ClientRole } from "./client-roles";

/** Who is calling, resolved from an API key or a portal session. Every lib/ use case takes one. */
export type Actor =
  | { kind: "employee"; name: string; userId: number | null; apiKeyId: number | null }
  | {
      kind: "client";
      name: string;
      accountId: number;
      role: ClientRole;
      userId: number | null;
      apiKeyId: number | null;
    }
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

/** The kind of caller a scope was made for (scopeOf's inverse), for reads that are given only the scope. */
export const readerOf = (scope: Scope): Pick<Actor, "kind"> => ({
  kind: scope.licenseeId !== undefined ? "licensee" : scope.accountId !== undefined ? "client" : "employee",
});

/** Client staff edit their own account's records; employees may correct any. Licensees only read. */
export function requireEditor(actor: Actor): Exclude<Actor, { kind: "licensee" }> {
  if (actor.kind === "licensee") {
    throw new DomainError(
      "forbidden",
      "Licensees can read their requests but not change them; ask your label or distributor.",
    );
  }
  return actor;
}

/**
 * Who a gate lets through: a kind of caller, or `client:admin`, client staff (a user or an API key) with the admin
 * role of their account (people, API keys, webhooks, billing settings).
 */
export type Gate = Actor["kind"] | "client:admin";
type KindOf<G extends Gate> = G extends "client:admin" ? "client" : G;

const GATE_NAMES: Record<Gate, string> = {
  employee: "service staff",
  client: "client staff",
  "client:admin": "client admins",
  licensee: "licensees",
};

export const isClientAdmin = (actor: Actor) => actor.kind === "client" && actor.role === "admin";

/** Whether `actor` passes a gate of `gates`. */
const passes = (actor: Actor, gates: readonly Gate[]) =>
  (gates as readonly string[]).includes(actor.kind) || (gates.includes("client:admin") && isClientAdmin(actor));

/** Refuses every caller but `gates`: "Only service staff or client admins can <doing>." */
export function requireRole<G extends Gate>(
  actor: Actor,
  gates: readonly G[],
  doing: string,
): Extract<Actor, { kind: KindOf<G> }> {
  if (!passes(actor, gates)) throw forbidden(`Only ${gates.map((g) => GATE_NAMES[g]).join(" or ")} can ${doing}.`);
  return actor as Extract<Actor, { kind: KindOf<G> }>;
}
