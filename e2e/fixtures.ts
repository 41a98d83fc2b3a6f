import { test as base, expect } from "@playwright/test";
import { takeTurn } from "./turns";

/**
 * Every spec's `test`: a page that breaks the Content-Security-Policy fails its test. The browser reports a blocked
 * script, style or frame on the console and as a `securitypolicyviolation` event; both are collected per context.
 * A test tagged @exclusive has the server to itself while it runs (e2e/turns.ts); the others share it.
 */
export const test = base.extend<{ turn: void }>({
  turn: [
    async ({}, provide, testInfo) => {
      const giveBack = await takeTurn(testInfo.tags.includes("@exclusive"));
      await provide();
      giveBack();
    },
    { auto: true },
  ],
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
