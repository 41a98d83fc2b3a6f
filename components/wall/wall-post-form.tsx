"use client";

import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { afterAction, onEscape } from "@/components/ui/after-action";
import { lazyZodResolver } from "@/components/ui/lazy-zod-resolver";
import type { createWallPostSchema } from "@/lib/wall/schemas";
import { WALL_MESSAGE_MAX } from "@/lib/wall/wall-limits";
import { narrowest, VISIBILITY_TEXT, type Visibility } from "@/lib/wall/visibilities";
import { postElementId, useWall, type WallPostValues } from "./wall-context";

/** `name`: the post as the reply's label names it ("Ann's post of Nov 25, 2026, 9:14 AM"). */
type Parent = { id: number; visibility: Visibility; name: string };

/**
 * A new post, or a reply to `parent`. Who sees it: a choice among what the caller may write, private by default for
 * a new post and as its thread for a reply (a reply is never wider than its parent); licensees post public. The
 * line under the choice says who will see it. Once posted, the focus goes to the new post and the wall announces it; a reply form closes
 * (`onPosted`) or is cancelled with Cancel or Escape (`onCancel`).
 */
export function WallPostForm({
  parent,
  onPosted,
  onCancel,
}: {
  parent?: Parent;
  onPosted?: () => void;
  onCancel?: () => void;
}) {
  const wall = useWall();
  const ids = useId();
  // The choices a reply leaves: its parent's visibility or narrower.
  const choices = wall.visibilities.filter((v) => !parent || narrowest(v, parent.visibility) === v);
  const initial = parent?.visibility ?? (choices.includes("private") ? "private" : (choices[0] ?? "public"));
  const form = useForm<z.input<typeof createWallPostSchema>, unknown, z.output<typeof createWallPostSchema>>({
    resolver: lazyZodResolver(() => import("@/lib/wall/schemas").then((m) => m.createWallPostSchema)),
    defaultValues: { message: "", visibility: initial, parentId: parent?.id ?? null },
  });
  const chosen = useWatch({ control: form.control, name: "visibility" }) ?? initial;
  const send = useMutation({ mutationFn: (values: WallPostValues) => wall.post(values) });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await send.mutateAsync({
      message: values.message,
      visibility: values.visibility ?? initial,
      parentId: values.parentId,
    });
    if (!result.ok) {
      const messageError = result.fieldErrors.message;
      if (messageError) form.setError("message", { message: messageError });
      else form.setError("root.server", { message: result.message });
      return;
    }
    form.reset();
    await wall.refresh();
    onPosted?.();
    afterAction({
      focus: () => document.getElementById(postElementId(result.data.id)),
      message: parent ? "Your reply was posted." : "Your post was added to the wall.",
    });
  });

  const label = parent ? `Reply to ${parent.name}` : "Message";
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      onKeyDown={onCancel ? (e) => onEscape(e, onCancel) : undefined}
      className="space-y-2"
      noValidate
      aria-label={parent ? label : "New post"}
    >
      <div>
        <label htmlFor={`${ids}-message`} className="block text-sm font-medium">
          {label}
        </label>
        <textarea
          id={`${ids}-message`}
          rows={parent ? 2 : 3}
          autoFocus={parent !== undefined}
          maxLength={WALL_MESSAGE_MAX}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${ids}-message-error` : undefined}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
          {...form.register("message")}
        />
        {errors.message ? (
          <p id={`${ids}-message-error`} className="text-sm text-red-700">
            {errors.message.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {choices.length > 1 || (parent && parent.visibility !== "public") ? (
          <div>
            <label htmlFor={`${ids}-visibility`} className="mr-2 text-sm font-medium">
              Who sees it
            </label>
            <select
              id={`${ids}-visibility`}
              aria-describedby={`${ids}-visibility-hint`}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
              {...form.register("visibility")}
            >
              {choices.map((v) => (
                <option key={v} value={v}>
                  {VISIBILITY_TEXT[v].label}
                </option>
              ))}
            </select>
            <p id={`${ids}-visibility-hint`} className="text-xs text-slate-600" aria-live="polite">
              {parent && choices.length === 1
                ? `A reply is as private as its thread: `
                : `${VISIBILITY_TEXT[chosen].label}: `}
              {VISIBILITY_TEXT[chosen].readers}.
            </p>
          </div>
        ) : (
          <p className="text-sm text-slate-600">Your message is public on this wall.</p>
        )}
        <div className="flex gap-2">
          {onCancel ? (
            <button
              type="button"
              onClick={onCancel}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100"
            >
              Cancel
            </button>
          ) : null}
          <button
            type="submit"
            disabled={send.isPending}
            className="rounded-md bg-indigo-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-indigo-800 disabled:opacity-60"
          >
            {send.isPending ? "Posting…" : parent ? "Post reply" : "Post"}
          </button>
        </div>
      </div>
      {errors.root?.server ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.root.server.message}
        </p>
      ) : null}
    </form>
  );
}
