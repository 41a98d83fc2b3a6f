"use client";

import { createContext, useContext, useId, useState, type ReactNode } from "react";

const KeyContext = createContext<{ apiKey: string; setApiKey: (key: string) => void }>({
  apiKey: "",
  setApiKey: () => {},
});

/** Holds the API key the reader types once, for every "Try it" on the page (kept in memory only). */
export function TryItKey({ children }: { children: ReactNode }) {
  const [apiKey, setApiKey] = useState("");
  const id = useId();
  return (
    <KeyContext.Provider value={{ apiKey, setApiKey }}>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <label htmlFor={id} className="block text-sm font-medium">
          API key for “Try it”
        </label>
        <input
          id={id}
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value.trim())}
          placeholder="cd_…"
          className="mt-1 w-full rounded border border-slate-300 px-2 py-1 font-mono text-sm"
        />
        <p className="mt-1 text-xs text-slate-600">Sent only to this server, as Authorization: Bearer; never stored.</p>
      </div>
      {children}
    </KeyContext.Provider>
  );
}

/** Sends one call to this server's API with the key above and shows the answer. */
export function TryIt({ method, path, example }: { method: string; path: string; example?: string }) {
  const { apiKey } = useContext(KeyContext);
  const [url, setUrl] = useState(path);
  const [body, setBody] = useState(example ?? "");
  const [answer, setAnswer] = useState<{ status: number; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const hasBody = method !== "GET" && method !== "DELETE";

  async function send() {
    setBusy(true);
    try {
      const headers: Record<string, string> = apiKey ? { Authorization: `Bearer ${apiKey}` } : {};
      if (hasBody && body.trim()) headers["Content-Type"] = "application/json";
      const res = await fetch(new URL(url, window.location.origin), {
        method,
        headers,
        body: hasBody && body.trim() ? body : undefined,
      });
      const text = await res.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON (a PDF or CSV): shown as received
      }
      setAnswer({ status: res.status, text: shown.slice(0, 20_000) });
    } catch (err) {
      setAnswer({ status: 0, text: String(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 space-y-2 rounded border border-slate-200 bg-slate-50 p-3">
      <label htmlFor={`${id}-url`} className="block text-sm font-medium">
        {method} path
      </label>
      <input
        id={`${id}-url`}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-sm"
      />
      {hasBody ? (
        <>
          <label htmlFor={`${id}-body`} className="block text-sm font-medium">
            Body (JSON)
          </label>
          <textarea
            id={`${id}-body`}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={6}
            className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs"
          />
        </>
      ) : null}
      <button
        type="button"
        onClick={() => void send()}
        disabled={busy}
        className="rounded bg-indigo-700 px-3 py-1 text-sm font-medium text-white disabled:opacity-60"
      >
        {busy ? "Sending…" : "Send"}
      </button>
      {answer ? (
        <div role="status">
          <p className="text-sm font-medium">Answer: {answer.status}</p>
          <pre tabIndex={0} className="max-h-80 overflow-auto rounded bg-white p-2 text-xs">
            {answer.text}
          </pre>
        </div>
      ) : null}
    </div>
  );
}
