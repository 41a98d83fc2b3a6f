import { assessEligibility, eligibilityAnswers } from "@/lib/eligibility/eligibility";
import { apiRoute } from "@/lib/http/api-route";
import { json } from "@/lib/http/responses";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(async ({ body }) => json(assessEligibility(parseInput(eligibilityAnswers, await body()))));
