import type { NextRequest } from "next/server";
import { handlers } from "@/auth";
import { checkCallbackUrl } from "@/lib/http/check-callback-url";

export const GET = (req: NextRequest) => checkCallbackUrl(req) ?? handlers.GET(req);
export const POST = (req: NextRequest) => checkCallbackUrl(req) ?? handlers.POST(req);
