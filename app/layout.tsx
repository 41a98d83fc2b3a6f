import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site-header";
import { LiveRegion } from "@/components/ui/after-action";
import { currentUser } from "@/lib/auth/session";
import { signOutAction } from "./login/actions";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "CoverDesk", template: "%s · CoverDesk" },
  description: "Cover-song (compulsory mechanical) licensing for labels, distributors and their licensees.",
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
  manifest: "/site.webmanifest",
  robots: { index: false, follow: false },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  return (
    <html lang="en">
      <body className="min-h-screen">
        <SiteHeader
          user={user ? { name: user.name, role: user.role, clientRole: user.clientRole } : null}
          signOut={signOutAction}
        />
        <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">{children}</main>
        <LiveRegion />
      </body>
    </html>
  );
}
