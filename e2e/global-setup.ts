import { startSmtpListener } from "../tests/helpers/smtp";
import { emptyMailbox, isRefused, keepMail } from "./mailbox";
import { resetTurns } from "./turns";

/**
 * The SMTP listener the e2e server mails to (SMTP_URL in playwright.config.ts), for the whole run and every worker;
 * and no test holding a turn on the server yet (e2e/turns.ts).
 */
export default async function globalSetup() {
  emptyMailbox();
  resetTurns();
  const smtp = await startSmtpListener({
    port: Number(process.env.E2E_SMTP_PORT),
    refuses: isRefused,
    onMail: keepMail,
  });
  return () => smtp.close();
}
