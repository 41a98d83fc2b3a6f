import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * The portal's link: next/link without prefetching (docs/decisions/ci-under-ten-minutes.md). Every portal page is
 * rendered per request for the person signed in, so next/link's default prefetch of each link in view asked the
 * server to render every page a list or the navigation links to, on every page view, for pages mostly never opened.
 * A click still navigates on the client; the page is rendered once, when it is asked for.
 */
export default function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
