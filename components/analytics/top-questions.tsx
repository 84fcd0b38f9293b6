"use client";
// Analytics page: the first questions of the range, grouped by their wording, ranked as
// most asked or top unanswered and sortable by each figure; each opens its conversations.
import { useState } from "react";
import Link from "next/link";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import type { TopQuestion } from "@/lib/schemas/insights";
import type { SliceHref } from "@/lib/insights/drill-down";
import { formatShare } from "@/lib/insights/insight-format";
import { useTopQuestions, type TopQuestionsSort } from "@/lib/queries/analytics";
import { TableCard } from "./table-card";

type QuestionColumn = "count" | "fallbackRate" | "handoffRate" | "thumbsDown";

const formatCount = (count: number) => count.toLocaleString("en-US");

const QUESTION_COLUMNS: { key: QuestionColumn; label: string; format: (value: number) => string }[] = [
  { key: "count", label: "Conversations", format: formatCount },
  { key: "fallbackRate", label: "Fallback rate", format: formatShare },
  { key: "handoffRate", label: "Handoff rate", format: formatShare },
  { key: "thumbsDown", label: "Thumbs-down", format: formatCount },
];

export function TopQuestions({ range, href }: { range: { start: Date; end: Date }; href: SliceHref }) {
  const [ranking, setRanking] = useState<TopQuestionsSort>("count");
  const [column, setColumn] = useState<QuestionColumn | null>(null);
  const questions = useTopQuestions(range, ranking);
  const rows: TopQuestion[] = [...(questions.data ?? [])];
  if (column) rows.sort((a, b) => b[column] - a[column] || b.count - a.count);
  return (
    <TableCard
      title="Top Questions"
      description="First questions, grouped by their wording without numbers and ids"
      action={
        <SegmentedControl
          label="Rank questions"
          options={[
            { value: "count", label: "Most asked" },
            { value: "unanswered", label: "Top unanswered" },
          ]}
          value={ranking}
          onChange={(value) => {
            setRanking(value);
            setColumn(null);
          }}
        />
      }
      data-testid="top-questions"
    >
      {questions.isError ? (
        <p className="text-sm text-red-600">Failed to load the top questions</p>
      ) : !questions.data ? (
        <Skeleton className="h-40 rounded-lg" />
      ) : rows.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">No questions in this range</p>
      ) : (
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <th scope="col" className="px-3 py-2 font-semibold">
                Question
              </th>
              {QUESTION_COLUMNS.map(({ key, label }) => (
                <th key={key} scope="col" className="px-3 py-2 text-right font-semibold" aria-sort={column === key ? "descending" : "none"}>
                  <button
                    type="button"
                    className="uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
                    onClick={() => setColumn(key)}
                  >
                    {label}
                    {column === key ? " ↓" : ""}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((question) => (
              <tr key={question.group} className="border-b border-slate-100 last:border-0" data-testid="top-question">
                <td className="max-w-md px-3 py-2.5">
                  <Link href={href({ filters: { questionGroup: question.group } })} className="font-medium text-indigo-700 hover:underline">
                    {question.example}
                  </Link>
                  <p className="truncate font-mono text-xs text-slate-500">{question.group}</p>
                </td>
                {QUESTION_COLUMNS.map(({ key, format }) => (
                  <td key={key} className="px-3 py-2.5 text-right tabular-nums">
                    {format(question[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TableCard>
  );
}
