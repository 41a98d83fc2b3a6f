import Link from "@/components/ui/link";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-semibold">Not found</h1>
      <p className="mt-2 text-slate-700 [&_a]:underline">
        There is nothing here, or it belongs to another account. Check the address, or start from the{" "}
        <Link href="/dashboard">dashboard</Link>.
      </p>
    </div>
  );
}
