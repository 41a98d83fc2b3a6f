"use client";

export default function WallError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-3xl rounded-md bg-red-50 px-4 py-3 text-red-800">
      <p>The wall could not be shown right now.</p>
      <button type="button" onClick={reset} className="mt-2 underline">
        Try again
      </button>
    </div>
  );
}
