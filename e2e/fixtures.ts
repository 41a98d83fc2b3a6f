import { test as base, expect } from "@playwright/test";

/**
 * Every spec's `test`: a page that breaks the Content-Security-Policy fails its test. The browser reports a blocked
 * script, style or frame on the console and as a `securitypolicyviolation` event; both are collected per context.
 */
export const test = base.extend({
  context: async ({ context }, provide) => {
    const violations: string[] = [];
    context.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) =>
        console.error(`Content Security Policy violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`),
      );
    });
    await provide(context);
    expect(violations, "Content-Security-Policy violations").toEqual([]);
  },
});

export { expect };
