import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getDb } from "@/db";
import { loginInput } from "@/lib/auth/login-input";
import { attemptSignIn } from "@/lib/auth/attempt-sign-in";
import { endSessionsSignedInAs } from "@/lib/auth/end-sessions";
import { clientIp } from "@/lib/http/client-ip";

/** Too many failed sign-ins for this email or network: the sign-in form says so (whether or not the email exists). */
export class SignInLocked extends CredentialsSignin {
  code = "locked";
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  trustHost: true,
  session: { strategy: "jwt" },
  pages: { signIn: "/login" },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(raw, request) {
        const parsed = loginInput.safeParse(raw);
        if (!parsed.success) return null;
        const outcome = await attemptSignIn(await getDb(), { ...parsed.data, ip: clientIp(request) });
        if (!outcome.ok && outcome.lockedUntil) throw new SignInLocked();
        const user = outcome.ok ? outcome.user : null;
        return user
          ? {
              id: String(user.id),
              email: user.email,
              name: user.name,
              role: user.role,
              sessionVersion: user.sessionVersion,
            }
          : null;
      },
    }),
  ],
  logger: {
    error(e) {
      if (!(e instanceof CredentialsSignin) && (e as { type?: string }).type !== "CredentialsSignin") console.error(e);
    },
  },
  events: {
    // Every way out ends the session version, not only the portal's button (lib/auth/end-sessions.ts): a POST to
    // /api/auth/signout only clears this browser's cookie, and a copy of that cookie would stay valid.
    async signOut(message) {
      const token = "token" in message ? message.token : null;
      const id = Number(token?.sub);
      if (Number.isInteger(id) && id > 0 && typeof token?.sv === "number")
        await endSessionsSignedInAs(await getDb(), id, token.sv);
    },
  },
  callbacks: {
    // Only a sign-in sets the claims; an "update" from the browser changes nothing (it could revive an ended session).
    jwt({ token, user }) {
      if (user?.role) token.role = user.role;
      if (user?.sessionVersion !== undefined) token.sv = user.sessionVersion;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      if (token.role) session.user.role = token.role;
      if (typeof token.sv === "number") session.user.sessionVersion = token.sv;
      return session;
    },
  },
});
