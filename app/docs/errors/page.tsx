import type { Metadata } from "next";
import type { ReactNode } from "react";
import { statusOfCode, titleOfCode } from "@/lib/errors";
import { ERROR_DOCS } from "@/lib/openapi/error-docs";

export const metadata: Metadata = { title: "API errors" };

/** The guide's backticks as code, the rest as text. */
const withCode = (text: string): ReactNode[] =>
  text.split("`").map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="font-mono text-xs">
        {part}
      </code>
    ) : (
      part
    ),
  );

/**
 * Every problem code of the API, one anchor each: a problem's `type` is this page's address with its code as the
 * fragment (lib/http/problem.ts), so a client's log links to what the code means. Readable without signing in.
 */
export default function ApiErrorsPage() {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">CoverDesk API errors</h1>
        <p className="mt-1 text-slate-700">
          Every error is <code className="font-mono text-sm">application/problem+json</code> (RFC 9457) with a stable{" "}
          <code className="font-mono text-sm">code</code>; its <code className="font-mono text-sm">type</code> is this
          page with the code as its anchor. <code className="font-mono text-sm">errors[].path</code> names each field at
          fault in one dotted form: <code className="font-mono text-sm">track.releases.0.formatId</code>, a JSON Patch
          operation&apos;s <code className="font-mono text-sm">0.value</code>, a CSV&apos;s{" "}
          <code className="font-mono text-sm">lines.2.date</code>, a query or path parameter by its name. The{" "}
          <a href="/docs/api" className="underline">
            API reference
          </a>{" "}
          lists the codes each operation can answer.
        </p>
      </div>
      {/* At a phone's width the table scrolls in its box, not the page (each code's anchor is focusable in it). */}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Problem codes, their HTTP status and when they answer</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 pr-4">
                Code
              </th>
              <th scope="col" className="py-1 pr-4">
                Status
              </th>
              <th scope="col" className="py-1">
                When
              </th>
            </tr>
          </thead>
          <tbody>
            {ERROR_DOCS.map(({ code, when }) => (
              <tr key={code} id={code} className="border-b border-slate-200 align-top target:bg-amber-50">
                <th scope="row" className="py-2 pr-4 font-mono font-semibold">
                  <a href={`#${code}`}>{code}</a>
                </th>
                <td className="py-2 pr-4 font-mono">{code === "internal_error" ? 500 : statusOfCode(code)}</td>
                <td className="py-2">
                  <span className="font-medium">
                    {code === "internal_error" ? "Internal error" : titleOfCode(code)}.
                  </span>{" "}
                  {withCode(when)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
