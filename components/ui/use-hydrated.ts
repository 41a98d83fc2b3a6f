"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};
/** False in the server's HTML, true once hydrated: until then a submit could not reach the action. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
