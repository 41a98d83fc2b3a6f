import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getDb } from "@/db";
import { loginInput } from "@/lib/auth/login-input";
import { verifyCredentials } from "@/lib/auth/users";

export const { handlers, auth, signIn, signOut } = NextAuth({
  trustHost: true,
  session: { strategy: "jwt" },
  pages: { signIn: "/login" },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(raw) {
        const parsed = loginInput.safeParse(raw);
        if (!parsed.success) return null;
        const user = await verifyCredentials(await getDb(), parsed.data.email, parsed.data.password);
        return user
          ? { id: String(user.id), email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion }
          : null;
      },
    }),
  ],
  logger: {
    error(e) {
      if (!(e instanceof CredentialsSignin) && (e as { type?: string }).type !== "CredentialsSignin") console.error(e);
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
