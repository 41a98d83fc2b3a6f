import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ReceivedMail } from "../tests/helpers/smtp";

/**
 * The run's mailbox. One SMTP listener (e2e/global-setup.ts) takes every message the e2e server sends and keeps each
 * as a file in E2E_MAILBOX_DIR (playwright.config.ts), so that every worker reads the same mail; a test asks only for
 * the mail of the addresses and subjects it made, which no other test uses.
 */
const folder = () => {
  const dir = process.env.E2E_MAILBOX_DIR;
  if (!dir) throw new Error("E2E_MAILBOX_DIR is not set: run the e2e tests through playwright.config.ts");
  return dir;
};
const refusals = () => path.join(folder(), "refuse");

/** Empties the mailbox (the start of a run). */
export function emptyMailbox() {
  rmSync(folder(), { recursive: true, force: true });
  mkdirSync(refusals(), { recursive: true });
}

let kept = 0;
/** Keeps a received message (the listener's side). */
export function keepMail(mail: ReceivedMail) {
  writeFileSync(path.join(folder(), `${String(++kept).padStart(6, "0")}.json`), JSON.stringify(mail));
}

/** Every message received so far, oldest first. */
export function receivedMails(): ReceivedMail[] {
  return readdirSync(folder())
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(folder(), name), "utf8")) as ReceivedMail);
}

const refusalFile = (marker: string) => path.join(refusals(), Buffer.from(marker).toString("base64url"));

/** Until the returned function is called, the listener answers 554 to every message whose subject contains `marker`. */
export function refuseMailsAbout(marker: string): () => void {
  writeFileSync(refusalFile(marker), marker);
  return () => rmSync(refusalFile(marker), { force: true });
}

/** Whether the listener refuses this message (the listener's side). */
export function isRefused(mail: ReceivedMail): boolean {
  if (!existsSync(refusals())) return false;
  return readdirSync(refusals()).some((name) => mail.subject.includes(Buffer.from(name, "base64url").toString()));
}
