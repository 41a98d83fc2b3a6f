import type { Actor } from "@/lib/auth/actor";

/** One person of each kind, of one client account, for the rules that decide by who is asking (no database). */
export const employee: Actor = { kind: "employee", name: "Sam Staff", userId: 1, apiKeyId: null };
export const admin: Actor = {
  kind: "client",
  name: "Ada Admin",
  accountId: 5,
  role: "admin",
  userId: 10,
  apiKeyId: null,
};
export const member: Actor = {
  kind: "client",
  name: "Max Member",
  accountId: 5,
  role: "member",
  userId: 11,
  apiKeyId: null,
};
export const licensee: Actor = {
  kind: "licensee",
  name: "Lee",
  accountId: 5,
  licenseeId: "3f1c3b0e-8d3a-4c55-9b7a-2f9d2b4c6a10",
  userId: 12,
};
