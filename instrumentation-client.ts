import { config } from "zod/v4/core";

// Runs in the browser before the app. zod compiles object schemas with `new Function` when it may; the
// Content-Security-Policy forbids eval, and zod's probe for it would be reported as a violation on every form.
// zod's core alone (its global config), not all of zod: this file is in every page's JavaScript.
config({ jitless: true });
