"use client";

import { useEffect } from "react";

const LIVE_REGION_ID = "live-announcer";

/**
 * The page's one polite live region, in the root layout so that it is in the DOM before any text is put in it (a
 * region created together with its text is often not read) and outlives client-side navigation. No status role:
 * a page's own visible status stays the one status on it.
 */
export function LiveRegion() {
  return <div id={LIVE_REGION_ID} aria-live="polite" aria-atomic="true" className="sr-only" />;
}

/** Reads `message` out through the live region; emptied first, so the same message twice is read twice. */
function announce(message: string) {
  const region = document.getElementById(LIVE_REGION_ID);
  if (!region) return;
  region.textContent = "";
  window.setTimeout(() => (region.textContent = message), 100);
}

const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

/**
 * After an action: puts the focus on `target` (found again on each animation frame for a while, as the element often
 * renders only after the action's refetch) and announces `message`. A heading or article gets tabindex -1 so it can
 * hold the focus without joining the tab order.
 */
export function afterAction({ focus, message }: { focus: () => HTMLElement | null | undefined; message?: string }) {
  if (message) announce(message);
  let frames = 0;
  const tryFocus = () => {
    const el = focus();
    if (el && el.isConnected) {
      if (!el.matches(FOCUSABLE)) el.tabIndex = -1;
      el.focus();
    } else if (++frames < 120) requestAnimationFrame(tryFocus);
  };
  requestAnimationFrame(tryFocus);
}

/** The first heading of the page's main content. */
export const mainHeading = () => document.querySelector<HTMLElement>("main h1");

/** On arrival at a page after an action elsewhere (a filing): focus its heading and announce the result. */
export function ArrivalNotice({ message }: { message: string }) {
  useEffect(() => afterAction({ focus: mainHeading, message }), [message]);
  return null;
}

/** A keydown handler's part for a confirmation or a reply form: Escape runs `close`. */
export function onEscape(event: React.KeyboardEvent, close: () => void) {
  if (event.key !== "Escape") return;
  event.stopPropagation();
  close();
}
