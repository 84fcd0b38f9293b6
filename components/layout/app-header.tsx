"use client";
// Header: logo, the e-mail on wide screens, and the avatar with its menu.
// The pending-users count is requested for administrators only.
import Link from "next/link";
import { useSession } from "@/lib/client/session";
import { usePendingUsers } from "@/lib/queries/admin-users";
import { Logo } from "./logo";
import { UserMenu } from "./user-menu";

export function AppHeader() {
  const { user, signOut } = useSession();
  const isAdmin = user?.isAdmin === true;
  const pending = usePendingUsers({ enabled: isAdmin });
  if (!user) return null;
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          href="/dashboard"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
          aria-label="Transcript Analytics home"
        >
          <Logo />
        </Link>
        <div className="flex items-center gap-3">
          <span className="hidden max-w-[16rem] truncate text-sm text-slate-600 md:inline" data-testid="header-email">
            {user.email}
          </span>
          <UserMenu user={user} pendingCount={isAdmin ? pending.data?.length : undefined} onLogout={() => void signOut()} />
        </div>
      </div>
    </header>
  );
}
