// The full conversation view's entries besides the turns: what the bot sent that is not a text
// turn, and the session's landmarks. Everything is rendered as text; images and audio come only
// from the http(s) and data URIs conversationEntries kept.
import clsx from "clsx";
import { Check, Headset, Volume2 } from "lucide-react";
import { formatDate } from "@/lib/format/date-time";
import { formatTimeOfDay } from "@/lib/format/time-of-day";
import type { CardContent, ConversationEntry } from "@/lib/transcript-view/conversation-entries";

type EventEntry = Exclude<ConversationEntry, { kind: "turn" }>;

function EntryTime({ timestamp }: { timestamp: string | null }) {
  return <time dateTime={timestamp ?? undefined}>{formatTimeOfDay(timestamp)}</time>;
}

/** A line across the conversation: a day, the end of a session, a restart, a timeout. */
function Landmark({ entry, label, time = true }: { entry: EventEntry; label: string; time?: boolean }) {
  return (
    <li className="flex items-center gap-3 text-xs text-slate-500" data-testid="conversation-entry" data-kind={entry.kind}>
      <span className="h-px flex-1 bg-slate-200" aria-hidden />
      <span className="font-medium text-slate-600">{label}</span>
      {time && "timestamp" in entry ? <EntryTime timestamp={entry.timestamp} /> : null}
      <span className="h-px flex-1 bg-slate-200" aria-hidden />
    </li>
  );
}

/** Something the bot sent, on the bot's side, under a caption naming what it is. */
function BotItem({
  entry,
  caption,
  children,
}: {
  entry: EventEntry & { timestamp: string | null };
  caption: string;
  children: React.ReactNode;
}) {
  return (
    <li
      className="ml-10 flex max-w-[calc(100%-2.5rem)] flex-col items-start sm:max-w-[75%]"
      data-testid="conversation-entry"
      data-kind={entry.kind}
    >
      <p className="mb-1 text-xs text-slate-500">
        <span className="font-medium text-slate-700">{caption}</span>
        <span aria-hidden> · </span>
        <EntryTime timestamp={entry.timestamp} />
      </p>
      {children}
    </li>
  );
}

function ButtonLabels({ labels, chosen = null }: { labels: readonly string[]; chosen?: string | null }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Buttons">
      {labels.map((label, index) => (
        <li
          key={`${index}-${label}`}
          className={clsx(
            "inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm",
            label === chosen ? "border-indigo-600 bg-indigo-50 font-medium text-indigo-800" : "border-slate-300 bg-white text-slate-700",
          )}
          data-chosen={label === chosen ? "true" : undefined}
        >
          {label === chosen ? <Check className="size-3.5" aria-hidden /> : null}
          {label}
          {label === chosen ? <span className="sr-only"> (clicked)</span> : null}
        </li>
      ))}
    </ul>
  );
}

function Card({ card }: { card: CardContent }) {
  return (
    <div className="w-64 shrink-0 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="conversation-card">
      {/* eslint-disable-next-line @next/next/no-img-element -- from whatever host the bot used; next/image serves configured hosts only */}
      {card.imageUrl ? <img src={card.imageUrl} alt="" className="h-32 w-full object-cover" referrerPolicy="no-referrer" /> : null}
      <div className="space-y-2 p-3">
        {card.title ? <p className="font-medium text-slate-900">{card.title}</p> : null}
        {card.description ? <p className="whitespace-pre-wrap text-sm text-slate-600">{card.description}</p> : null}
        {card.buttons.length > 0 ? <ButtonLabels labels={card.buttons} /> : null}
      </div>
    </div>
  );
}

export function ConversationEvent({ entry }: { entry: EventEntry }) {
  switch (entry.kind) {
    case "day":
      return <Landmark entry={entry} label={formatDate(entry.date)} time={false} />;
    case "end":
      return <Landmark entry={entry} label="Session ended" />;
    case "restart":
      return <Landmark entry={entry} label="Conversation restarted" />;
    case "no-reply":
      return <Landmark entry={entry} label="No reply from the user in time" />;
    case "handoff":
      return (
        <li
          className="flex items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
          data-testid="conversation-entry"
          data-kind={entry.kind}
        >
          <Headset className="size-4 shrink-0" aria-hidden />
          <span className="font-medium">Handed over to a human</span>
          <span className="text-indigo-700">({entry.name})</span>
          <span className="ml-auto text-xs text-indigo-700">
            <EntryTime timestamp={entry.timestamp} />
          </span>
        </li>
      );
    case "buttons":
      return (
        <BotItem entry={entry} caption="Buttons">
          <ButtonLabels labels={entry.labels} chosen={entry.chosen} />
        </BotItem>
      );
    case "card":
      return (
        <BotItem entry={entry} caption="Card">
          <Card card={entry.card} />
        </BotItem>
      );
    case "carousel":
      return (
        <BotItem entry={entry} caption={`Carousel of ${entry.cards.length}`}>
          <div className="flex max-w-full gap-3 overflow-x-auto pb-2">
            {entry.cards.map((card, index) => (
              <Card key={index} card={card} />
            ))}
          </div>
        </BotItem>
      );
    case "image":
      return (
        <BotItem entry={entry} caption="Image">
          {/* eslint-disable-next-line @next/next/no-img-element -- from whatever host the bot used; next/image serves configured hosts only */}
          <img
            src={entry.url}
            alt="Image sent by the bot"
            className="max-h-64 max-w-full rounded-xl border border-slate-200"
            referrerPolicy="no-referrer"
          />
        </BotItem>
      );
    case "voice":
      return (
        <BotItem entry={entry} caption="Voice">
          <div className="max-w-full space-y-2 rounded-2xl bg-slate-100 px-4 py-2.5 text-sm text-slate-900">
            {entry.text ? (
              <p className="flex items-start gap-2 whitespace-pre-wrap break-words">
                <Volume2 className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                {entry.text}
              </p>
            ) : null}
            {entry.audioUrl ? <audio controls preload="none" src={entry.audioUrl} className="max-w-full" aria-label="Voice line" /> : null}
          </div>
        </BotItem>
      );
    case "action":
      return (
        <BotItem entry={entry} caption="Custom action">
          <details className="max-w-full rounded-lg border border-slate-200 bg-white text-sm">
            <summary className="cursor-pointer px-3 py-1.5 font-mono text-slate-800">{entry.name}</summary>
            <pre className="max-h-64 overflow-auto border-t border-slate-200 px-3 py-2 text-xs text-slate-700">{entry.details}</pre>
          </details>
        </BotItem>
      );
  }
}
