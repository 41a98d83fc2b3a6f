/**
 * The browser-security headers of every response, in one place: next.config.ts sends the fixed ones on every path
 * (static files included) and the API's fixed policy and HSTS; proxy.ts adds the pages' per-request
 * Content-Security-Policy and, over https, HSTS.
 */
export const FIXED_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // For browsers without CSP's frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
  {
    key: "Permissions-Policy",
    value:
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()",
  },
];

export const HSTS = { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" };

/**
 * Only the app's own scripts run: Next's inline scripts carry the request's nonce ('strict-dynamic' lets them load
 * the app's chunks). Styles allow inline attributes (React `style` props, the API's error page); no plugin, no
 * framing, no form posting elsewhere. Development adds 'unsafe-eval' for React's dev tooling, never production.
 */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return policyWith(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`);
}

/**
 * What /api answers (JSON, PDFs, CSV, the error page) are held to: the pages' policy with no script at all. It is
 * fixed, so next.config.ts sends it and the API skips the proxy, whose work per request is a page's, not an API call's.
 */
export const API_CONTENT_SECURITY_POLICY = { key: "Content-Security-Policy", value: policyWith("script-src 'none'") };

function policyWith(scriptSrc: string): string {
  return [
    "default-src 'self'",
    scriptSrc,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
