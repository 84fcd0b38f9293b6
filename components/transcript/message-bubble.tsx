// Transcript page: a user turn on the right, a bot turn on the left, with its time.
import type { ReactNode } from "react";
import { Bot, User } from "lucide-react";
import clsx from "clsx";
import { formatTimeOfDay } from "@/lib/format/time-of-day";
import type { ShownTurn } from "@/lib/transcript-view/shown-turns";
import { messageAnchorId } from "@/lib/transcript-view/transcript-links";
import { MessageContent, type MessageSearch } from "./message-content";

/**
 * `anchored`: the message the page's address points at (a rating in Feedback Management links to it);
 * `search`: the search whose matches it marks; `customPlaceholders`: the custom patterns' names,
 * whose placeholders show as badges like the built-in ones.
 */
export function MessageBubble({
  turn,
  footer,
  anchored = false,
  search,
  customPlaceholders,
}: {
  turn: ShownTurn;
  footer?: ReactNode;
  anchored?: boolean;
  search?: MessageSearch;
  customPlaceholders?: readonly string[];
}) {
  const isUser = turn.role === "user";
  const Icon = isUser ? User : Bot;
  return (
    <li
      id={messageAnchorId(turn.index)}
      className={clsx(
        "flex gap-2.5",
        isUser ? "flex-row-reverse" : "flex-row",
        anchored && "-mx-2 rounded-xl bg-amber-50 px-2 py-2 ring-2 ring-amber-300",
      )}
      aria-current={anchored ? "location" : undefined}
      data-testid="message"
      data-role={turn.role}
      data-index={turn.index}
    >
      <span
        className={clsx(
          "mt-5 flex size-8 shrink-0 items-center justify-center rounded-full",
          isUser ? "bg-indigo-600 text-white" : "bg-slate-200 text-slate-700",
        )}
        aria-hidden
      >
        <Icon className="size-4" />
      </span>
      <div className={clsx("flex min-w-0 max-w-[calc(100%-2.5rem)] flex-col sm:max-w-[75%]", isUser ? "items-end" : "items-start")}>
        <p className="mb-1 text-xs text-slate-500">
          <span className="font-medium text-slate-700">{isUser ? "User" : "Bot"}</span>
          <span aria-hidden> · </span>
          <time dateTime={turn.timestamp ?? undefined}>{formatTimeOfDay(turn.timestamp)}</time>
        </p>
        <div
          className={clsx(
            "max-w-full rounded-2xl px-4 py-2.5 shadow-sm",
            isUser
              ? "rounded-tr-sm bg-indigo-600 text-white [&_a]:text-white"
              : "rounded-tl-sm border border-slate-200 bg-white text-slate-900 [&_a]:text-indigo-700",
          )}
        >
          <MessageContent text={turn.text} search={search} customPlaceholders={customPlaceholders} />
        </div>
        {footer}
      </div>
    </li>
  );
}
