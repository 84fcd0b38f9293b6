"use client";
// Transcript page: back, Copy Transcript, the title (with the transcript's signals
// beside it), the five fields and the conversation, with thumbs up and down on every bot message
// (and, for administrators, everyone's ratings of it). Opened from a search, it marks the search's
// matches and steps through them. "Show everything the bot sent" (off unless this browser turned
// it on) adds, among the same numbered turns, everything else the bot sent and the session's
// landmarks (conversation-entries.ts).
import { useEffect, useMemo, useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { ArrowLeft } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { PageTitle } from "@/components/layout/page-title";
import { MessageFeedback } from "@/components/feedback/message-feedback";
import { useMessageFeedback } from "@/components/feedback/use-message-feedback";
import { MessageRatings } from "@/components/feedback-admin/message-ratings";
import { NextToReviewLink } from "@/components/feedback-admin/next-to-review-link";
import { useReviewStatusChange } from "@/components/feedback-admin/use-review-status-change";
import { useSession } from "@/lib/client/session";
import { feedbackByMessage } from "@/lib/feedback/display";
import { useTranscriptFeedback } from "@/lib/queries/admin-feedback";
import { TranscriptNotFoundError, useTranscript } from "@/lib/queries/transcript";
import { usePrivacySettings } from "@/lib/queries/privacy";
import type { ReviewedDetail } from "@/lib/queries/review";
import { ReviewPanel } from "@/components/review/review-panel";
import { ReviewQueueBar } from "@/components/review/review-queue-bar";
import { QUEUE_PARAMETER } from "@/lib/queries/review-queue";
import { useStoredFlag } from "@/lib/client/stored-flag";
import { conversationEntries } from "@/lib/transcript-view/conversation-entries";
import { shownTurns, type ShownTurn } from "@/lib/transcript-view/shown-turns";
import { anchoredMessageIndex, messageAnchorId } from "@/lib/transcript-view/transcript-links";
import { ConversationEvent } from "./conversation-events";
import { CopyTranscriptButton } from "./copy-transcript-button";
import { MessageBubble } from "./message-bubble";
import { SearchHitsBar, useSearchHits } from "./search-hits";
import { TranscriptSignalBadges } from "./signal-badges";
import { TranscriptFields } from "./transcript-fields";
import { NoMessages, TranscriptLoadError, TranscriptLoading, TranscriptNotFound } from "./transcript-states";

export const TRANSCRIPT_TITLE = "Conversation Transcript";
/** Whether the full conversation view is on, remembered in this browser. */
export const SHOW_EVERYTHING_KEY = "transcript.showEverything";

/** `search`: the dashboard search that found the transcript, to highlight (the address's ?search=). */
export function TranscriptView({ transcriptId, search = null }: { transcriptId: string; search?: string | null }) {
  const router = useRouter();
  const transcript = useTranscript(transcriptId);
  const turns = useMemo(() => (transcript.data ? shownTurns(transcript.data.dialog) : null), [transcript.data]);
  const feedback = useMessageFeedback(transcriptId, { enabled: transcript.isSuccess });
  const anchored = useAnchoredMessage(turns !== null && turns.length > 0);
  const hits = useSearchHits(search, turns);
  // Administrators also see everyone's ratings of each answer, and triage them here.
  const isAdmin = useSession().user?.isAdmin === true;
  const ratings = useTranscriptFeedback(transcriptId, { enabled: isAdmin && transcript.isSuccess });
  const ratingsByMessage = useMemo(() => feedbackByMessage(ratings.data?.items ?? []), [ratings.data]);
  // The custom patterns' placeholders show as badges too where they can be read (administrators);
  // others see the built-in placeholders as badges and custom ones as written.
  const privacy = usePrivacySettings({ enabled: isAdmin && transcript.isSuccess });
  const customPlaceholders = useMemo(() => privacy.data?.customPatterns.map((pattern) => pattern.name) ?? [], [privacy.data]);
  const { changeStatus, updatingId } = useReviewStatusChange();
  const detail: ReviewedDetail | undefined = transcript.data;
  const signals = detail?.signals ?? [];
  // Opened from Review next: the pass's list query.
  const queue = useSearchParams().get(QUEUE_PARAMETER);

  const [showEverything, setShowEverything] = useStoredFlag(SHOW_EVERYTHING_KEY, false);
  const entries = useMemo(
    () => (showEverything && transcript.data ? conversationEntries(transcript.data.dialog) : []),
    [showEverything, transcript.data],
  );

  const renderTurn = (turn: ShownTurn) => (
    <MessageBubble
      key={turn.index}
      turn={turn}
      anchored={turn.index === anchored}
      search={hits?.searchOf(turn.index)}
      customPlaceholders={customPlaceholders}
      footer={
        turn.role === "bot" ? (
          <>
            <MessageFeedback
              rating={feedback.ratingOf(turn.index)}
              isPending={feedback.isPending(turn.index)}
              onThumbsUp={() => feedback.thumbsUp(turn.index)}
              onThumbsDown={() => feedback.thumbsDown(turn.index)}
            />
            <MessageRatings
              messageIndex={turn.index}
              items={ratingsByMessage.get(turn.index) ?? []}
              updatingId={updatingId}
              onReviewStatus={changeStatus}
            />
          </>
        ) : null
      }
    />
  );

  const goBack = () => {
    if (window.history.length > 1) router.back();
    else router.push("/dashboard");
  };

  let body;
  if (transcript.isPending) body = <TranscriptLoading />;
  else if (transcript.error instanceof TranscriptNotFoundError) body = <TranscriptNotFound />;
  else if (transcript.isError) body = <TranscriptLoadError message={transcript.error.message} />;
  else {
    const data: ReviewedDetail = transcript.data;
    body = (
      <div className="space-y-6">
        <TranscriptFields
          id={data._id}
          sessionId={data.sessionID}
          createdAt={data.createdAt}
          updatedAt={data.updatedAt}
          messageCount={turns?.length ?? 0}
          origin={data.origin}
        />
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          {data.review ? (
            <div className="lg:sticky lg:top-4 lg:order-2">
              <ReviewPanel transcriptId={transcriptId} review={data.review} />
            </div>
          ) : null}
          <Card className="lg:order-1">
            <CardHeader className="gap-3 px-4 sm:px-6">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <CardTitle>Conversation</CardTitle>
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <Switch checked={showEverything} onChange={(event) => setShowEverything(event.target.checked)} />
                  Show everything the bot sent
                </label>
              </div>
              {hits ? <SearchHitsBar hits={hits} transcriptId={transcriptId} /> : null}
            </CardHeader>
            <CardContent className="px-3 sm:px-6">
              {turns && turns.length > 0 ? (
                <ol className="space-y-5" aria-label="Messages">
                  {showEverything
                    ? entries.map((entry, index) =>
                        entry.kind === "turn" ? renderTurn(entry.turn) : <ConversationEvent key={`event-${index}`} entry={entry} />,
                      )
                    : turns.map(renderTurn)}
                </ol>
              ) : (
                <NoMessages />
              )}
            </CardContent>
          </Card>
        </div>
        {feedback.dialog}
      </div>
    );
  }

  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-3">
        <Button variant="ghost" onClick={goBack} className="-ml-3">
          <ArrowLeft aria-hidden />
          Back
        </Button>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {isAdmin ? <NextToReviewLink transcriptId={transcriptId} /> : null}
          <CopyTranscriptButton turns={turns} />
        </div>
      </div>
      {queue ? <ReviewQueueBar transcriptId={transcriptId} query={queue} /> : null}
      <PageTitle title={TRANSCRIPT_TITLE} badges={<TranscriptSignalBadges signals={signals} />} />
      {body}
    </div>
  );
}

/**
 * The message the address's hash points at (#message-N), scrolled into view once the conversation
 * is shown: the messages arrive after the page, so the browser's own jump to the anchor finds nothing.
 */
function useAnchoredMessage(messagesShown: boolean): number | null {
  const [index, setIndex] = useState<number | null>(null);
  useEffect(() => {
    const read = () => setIndex(anchoredMessageIndex(window.location.hash));
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  useEffect(() => {
    if (messagesShown && index !== null) document.getElementById(messageAnchorId(index))?.scrollIntoView({ block: "center" });
  }, [messagesShown, index]);
  return index;
}
