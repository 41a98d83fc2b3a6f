import type { DefaultSession } from "next-auth";
import type { Role } from "@/lib/auth/users";

declare module "next-auth" {
  interface User {
    role?: Role;
    sessionVersion?: number;
  }
  interface Session {
    user: { id: string; role?: Role; sessionVersion?: number } & DefaultSession["user"];
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    role?: Role;
    /** The user's session version at sign-in; a session whose version is no longer current has ended. */
    sv?: number;
  }
}
