import { notFound } from "next/navigation";
import { DomainError } from "@/lib/errors";

/** For pages: a domain not_found (a bad or foreign id) becomes Next's 404 page; other errors pass through. */
export async function orNotFound<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DomainError && err.code === "not_found") notFound();
    throw err;
  }
}
