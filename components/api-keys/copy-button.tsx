"use client";

import { useState } from "react";
import { buttonClass } from "@/components/ui/styles";

/** Copies `text`, a secret shown once (`what`: "key", "secret"), to the clipboard. */
export function CopyButton({ text, what = "key" }: { text: string; what?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <>
      <button
        type="button"
        className={buttonClass.secondary}
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setState("copied"),
            () => setState("failed"),
          )
        }
      >
        {state === "copied" ? "Copied" : "Copy"}
      </button>
      <span role="status" className="sr-only">
        {state === "copied"
          ? "Copied to the clipboard"
          : state === "failed"
            ? `Could not copy: select the ${what} and copy it yourself`
            : ""}
      </span>
      {state === "failed" ? (
        <span className="text-sm text-red-700">Select the {what} and copy it yourself.</span>
      ) : null}
    </>
  );
}
