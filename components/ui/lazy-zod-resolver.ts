import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * zodResolver(schema), but zod, the resolver and the schema load at the form's first validation (its first submit)
 * rather than with the page: zod is a large part of a form page's gzipped JavaScript (`npm run bench:pages` weighs
 * each page's), and a page needs it only once its form is used.
 */
export function lazyZodResolver<I extends FieldValues, O>(
  schema: () => Promise<z.ZodType<O, I>>,
): Resolver<I, unknown, O> {
  let resolver: Promise<Resolver<I, unknown, O>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import("@hookform/resolvers/zod"), schema()])
      .then(([{ zodResolver }, loaded]) => zodResolver(loaded as never) as unknown as Resolver<I, unknown, O>)
      .catch((e: unknown) => {
        resolver = undefined; // a failed download is tried again at the next submit
        throw e;
      });
    return (await resolver)(values, context, options);
  };
}
