"use client";

import { useEffect, useSyncExternalStore } from "react";
import type { UseFormReturn } from "react-hook-form";
import { STEPS, emptyValues, type WizardValues } from "./wizard-values";

// The unfinished wizard lives in sessionStorage (per user), so a refresh or an accidental navigation loses nothing.
export type Draft = { values: WizardValues; step: number };

export function readDraft(key: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(key);
    const draft = raw ? (JSON.parse(raw) as Partial<Draft>) : null;
    if (!draft?.values || typeof draft.step !== "number") return null;
    return { values: { ...emptyValues(), ...draft.values }, step: Math.min(Math.max(0, draft.step), STEPS.length - 1) };
  } catch {
    return null;
  }
}

export function clearDraft(key: string) {
  sessionStorage.removeItem(key);
}

/** Saves the draft on every change of a value or of the step. */
export function useDraftSaving(key: string, form: UseFormReturn<WizardValues>, step: number) {
  useEffect(() => {
    const save = () => {
      try {
        sessionStorage.setItem(key, JSON.stringify({ values: form.getValues(), step } satisfies Draft));
      } catch {
        // storage full or disabled: the draft is a convenience, the form still works
      }
    };
    save();
    const subscription = form.watch(save);
    return () => subscription.unsubscribe();
  }, [key, form, step]);
}

const noSubscription = () => () => {};
/** True once rendering in the browser (where sessionStorage exists); false on the server. */
export const useIsBrowser = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
