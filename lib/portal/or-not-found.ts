import { notFound } from "next/navigation";
import { DomainError } from "@/lib/errors";

/** For pages: a missing (or another account's) record renders the 404 page, as the API answers 404. */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof DomainError && err.code === "not_found") notFound();
    throw err;
  }
}
