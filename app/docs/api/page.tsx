import type { Metadata } from "next";
import { TryIt, TryItKey } from "@/components/api-reference/try-it";
import { operations } from "@/lib/openapi/document";
import { openApiReference } from "@/lib/openapi/reference";

export const metadata: Metadata = { title: "API reference" };

/** The API reference, rendered here from the OpenAPI document (no third-party bundle: the CSP allows none). */
export default function ApiReferencePage() {
  const reference = openApiReference();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">CoverDesk API reference</h1>
        <p className="mt-1 text-slate-700">
          {reference.description} The machine-readable document is{" "}
          <a href="/api/openapi.json" className="underline">
            /api/openapi.json
          </a>{" "}
          (OpenAPI 3.1); the TypeScript client in <code className="font-mono text-sm">lib/client</code> is typed from
          it. {operations.length} operations. What each error code means:{" "}
          <a href="/docs/errors" className="underline">
            API errors
          </a>
          .
        </p>
      </div>
      <TryItKey>
        {reference.tags.map((tag) => (
          <section key={tag.name} aria-labelledby={`tag-${tag.slug}`} className="mt-6">
            <h2 id={`tag-${tag.slug}`} className="mb-2 text-xl font-semibold">
              {tag.name}
            </h2>
            <ul className="space-y-3">
              {tag.operations.map((op) => (
                <li key={op.id} className="rounded-lg border border-slate-200 bg-white p-4">
                  <h3 id={op.id} className="font-mono text-sm font-semibold break-all">
                    <span className="mr-1 rounded bg-slate-800 px-1.5 py-0.5 text-white">{op.method}</span> {op.path}
                  </h3>
                  <p className="mt-1 font-medium">{op.summary}</p>
                  {op.description ? (
                    <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{op.description}</p>
                  ) : null}
                  {op.parameters.length > 0 ? (
                    <table className="mt-2 text-sm">
                      <caption className="sr-only">
                        Parameters of {op.method} {op.path}
                      </caption>
                      <thead>
                        <tr className="text-left">
                          <th scope="col" className="pr-4">
                            Parameter
                          </th>
                          <th scope="col" className="pr-4">
                            In
                          </th>
                          <th scope="col">Type</th>
                        </tr>
                      </thead>
                      <tbody>
                        {op.parameters.map((p) => (
                          <tr key={`${p.in}-${p.name}`}>
                            <td className="pr-4 font-mono">
                              {p.name}
                              {p.required ? " *" : ""}
                            </td>
                            <td className="pr-4">{p.in}</td>
                            <td className="font-mono text-xs">{p.type}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  ) : null}
                  {op.body ? (
                    <details className="mt-2">
                      <summary className="cursor-pointer text-sm font-medium">Request body schema</summary>
                      <pre tabIndex={0} className="mt-1 max-h-96 overflow-auto rounded bg-slate-50 p-2 text-xs">
                        {op.body}
                      </pre>
                    </details>
                  ) : null}
                  <dl className="mt-2 text-sm">
                    {op.responses.map((r) => (
                      <div key={r.status} className="flex gap-2">
                        <dt className="font-mono font-semibold">{r.status}</dt>
                        <dd className="text-slate-700">
                          {r.description}
                          {r.schema ? <span className="font-mono text-xs"> ({r.schema})</span> : null}
                        </dd>
                      </div>
                    ))}
                  </dl>
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm font-medium">Try it</summary>
                    <TryIt method={op.method} path={op.path} example={op.example} />
                  </details>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </TryItKey>
      <section aria-labelledby="schemas" className="mt-6">
        <h2 id="schemas" className="mb-2 text-xl font-semibold">
          Schemas
        </h2>
        {reference.schemas.map((s) => (
          <details key={s.name} id={`schema-${s.name}`} className="mb-2 rounded border border-slate-200 bg-white p-2">
            <summary className="cursor-pointer font-mono text-sm">{s.name}</summary>
            <pre tabIndex={0} className="mt-1 max-h-96 overflow-auto text-xs">
              {s.json}
            </pre>
          </details>
        ))}
      </section>
    </div>
  );
}
