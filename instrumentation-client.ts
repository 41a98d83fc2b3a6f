import { z } from "zod";

// Runs in the browser before the app. zod compiles object schemas with `new Function` when it may; the
// Content-Security-Policy forbids eval, and zod's probe for it would be reported as a violation on every form.
z.config({ jitless: true });
