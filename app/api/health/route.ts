// GET /api/health — for load balancers: 200 {status, database} when the database answers, else 503 {message}.
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { checkHealth } from "@/lib/server/health/check-health";

export const GET = route({ access: "public" }, async () =>
  NextResponse.json(await checkHealth(), { headers: { "Cache-Control": "no-store" } }),
);
