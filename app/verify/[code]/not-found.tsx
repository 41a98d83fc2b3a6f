/**
 * A code no license has. The page is public: it neither asks the visitor to sign in nor suggests the record belongs
 * to another account, as the portal's not-found page does; it answers 404 (notFound() in the page).
 */
export default function NoSuchLicense() {
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">No such license</h1>
      <p className="text-slate-700">
        No license has this verification code. Check it against the code printed on the license: letters, digits, “-”
        and “_”, with upper and lower case distinct. A license that exists but is no longer valid is shown as not valid,
        never as this page.
      </p>
    </div>
  );
}
