import { z } from "zod";
import { accountFields, listAccountsQuery, newAccountInput } from "@/lib/accounts/account-fields";
import { eligibilityAnswers } from "@/lib/eligibility/eligibility";
import { ids, jsonPatch, type Operation } from "../operation";
import { accountView, eligibilityResult, formatView, health } from "../views";

const roles = ["employee"] as const;

export const accountOperations: Operation[] = [
  {
    method: "post",
    path: "/api/accounts",
    tag: "Client accounts",
    summary: "Open a client account",
    description: "Invites its first admin by email.",
    roles,
    body: newAccountInput.meta({
      id: "NewAccount",
      example: { name: "Indie Label", admin: { email: "owner@indie.example", name: "Ada Owner" } },
    }),
    success: [{ status: 201, description: "The account", schema: accountView }],
    errors: ["invalid_transition"],
  },
  {
    method: "get",
    path: "/api/accounts",
    tag: "Client accounts",
    summary: "List client accounts",
    roles,
    query: listAccountsQuery,
    success: [{ status: 200, description: "A page of accounts with counts", schema: accountView, list: true }],
  },
  {
    method: "get",
    path: "/api/accounts/{id}",
    tag: "Client accounts",
    summary: "Read a client account",
    roles,
    params: ids({ id: "account" }),
    success: [{ status: 200, description: "The account", schema: accountView }],
  },
  {
    method: "patch",
    path: "/api/accounts/{id}",
    tag: "Client accounts",
    summary: "Rename, suspend or reactivate an account",
    roles,
    params: ids({ id: "account" }),
    body: jsonPatch(accountFields, [{ op: "replace", path: "suspended", value: true }]).meta({ id: "AccountPatch" }),
    success: [{ status: 200, description: "The account", schema: accountView }],
    errors: ["invalid_patch"],
  },
];

export const referenceOperations: Operation[] = [
  {
    method: "post",
    path: "/api/eligibility",
    tag: "Reference",
    summary: "Can a compulsory license apply? A pre-check",
    description:
      "Answer `true` to each question that applies (omitted: `false`). Not a filing: nothing is stored (send the same " +
      "answers as `eligibility` with POST /api/requests or /api/albums to store them). Each finding's `outcome`: " +
      "`cannot_license` (with the `reason` the request would end with), `not_filed` (a release already out: the filing is " +
      "refused), `no_license_needed` (a public-domain song: do not file) or `warning` (the license applies within limits, " +
      "e.g. US distribution only); `eligible` is false unless every finding is a warning.",
    body: eligibilityAnswers.meta({ id: "EligibilityAnswers", example: { changedLyrics: true } }),
    success: [{ status: 200, description: "The assessment", schema: eligibilityResult }],
  },
  {
    method: "get",
    path: "/api/formats",
    tag: "Reference",
    summary: "Release formats",
    success: [{ status: 200, description: "Every format", schema: formatView, list: true }],
  },
  {
    method: "get",
    path: "/api/health",
    tag: "Reference",
    summary: "Health check",
    public: true,
    success: [
      { status: 200, description: "Up", schema: health },
      { status: 503, description: "The database is not reachable", schema: health },
    ],
  },
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This document",
    public: true,
    success: [{ status: 200, description: "The OpenAPI 3.1 document", schema: z.record(z.string(), z.unknown()) }],
  },
];
