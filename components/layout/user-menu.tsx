"use client";
// Header: the avatar opens the user menu; administrators also see the admin entries.
import Link from "next/link";
import { BarChart3, LayoutDashboard, LogOut, MessageSquareText, ShieldCheck, UserCog } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Avatar } from "@/components/ui/avatar";
import { initialsFromEmail } from "@/lib/format/initials";
import type { SessionUser } from "@/lib/client/session-storage";

interface MenuLink {
  href: string;
  label: string;
  icon: LucideIcon;
}

const USER_LINKS: MenuLink[] = [
  { href: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { href: "/analytics", label: "Analytics", icon: BarChart3 },
  { href: "/profile", label: "Profile Settings", icon: UserCog },
];

const ADMIN_LINKS: MenuLink[] = [
  { href: "/admin", label: "Admin Panel", icon: ShieldCheck },
  { href: "/admin/feedback", label: "Feedback Management", icon: MessageSquareText },
];

/** Read after the badge's number: "1 pending user", "3 pending users". */
export function pendingBadgeLabel(count: number): string {
  return `pending user${count === 1 ? "" : "s"}`;
}

export function UserMenu({ user, pendingCount, onLogout }: { user: SessionUser; pendingCount?: number; onLogout: () => void }) {
  const initials = initialsFromEmail(user.email);
  const showBadge = user.isAdmin && pendingCount !== undefined && pendingCount > 0;
  return (
    // Not modal: the page behind stays readable to assistive technology while the menu is open.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
        data-testid="user-menu-trigger"
      >
        <span className="sr-only">User menu, </span>
        <Avatar
          text={initials}
          count={showBadge ? pendingCount : undefined}
          countLabel={showBadge ? pendingBadgeLabel(pendingCount) : undefined}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block font-medium text-slate-900">{user.name || user.email}</span>
          {user.name ? <span className="block truncate text-xs text-slate-500">{user.email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {USER_LINKS.map(({ href, label, icon: Icon }) => (
            <DropdownMenuItem key={href} asChild>
              <Link href={href}>
                <Icon aria-hidden />
                {label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        {user.isAdmin ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuGroup>
              {ADMIN_LINKS.map(({ href, label, icon: Icon }) => (
                <DropdownMenuItem key={href} asChild>
                  <Link href={href}>
                    <Icon aria-hidden />
                    <span className="flex-1">{label}</span>
                    {href === "/admin" && showBadge ? (
                      <span className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">{pendingCount}</span>
                    ) : null}
                  </Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuGroup>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={onLogout}
          className="text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800 [&_svg]:text-red-600"
        >
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
