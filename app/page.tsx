// / goes to /dashboard for a visitor whose session cookie holds, otherwise to /login, before any HTML.
import { redirect } from "next/navigation";
import { DEFAULT_SIGNED_IN_PATH, LOGIN_PATH } from "@/lib/client/safe-next-path";
import { getPageSessionUser } from "@/lib/server/pages/page-session";

export default async function HomePage() {
  redirect((await getPageSessionUser()) ? DEFAULT_SIGNED_IN_PATH : LOGIN_PATH);
}
