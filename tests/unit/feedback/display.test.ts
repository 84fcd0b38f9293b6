import { feedbackCountCards } from "@/lib/feedback/count-cards";
import {
  DELETED_USER,
  REVIEW_STATUS_OPTIONS,
  feedbackByMessage,
  feedbackDateLines,
  feedbackTypeLabel,
  hasComment,
  messageNumber,
  reviewStatusOf,
} from "@/lib/feedback/display";
import { DEFAULT_FEEDBACK_FILTER, FEEDBACK_FILTER_OPTIONS, isFeedbackFilter } from "@/lib/feedback/filters";
import type { ReviewStatus } from "@/lib/schemas/feedback";

describe("feedbackCountCards (five count cards)", () => {
  it("lists the five cards in order with their counts", () => {
    expect(feedbackCountCards({ total: 12, thumbsUp: 7, thumbsDown: 5, pending: 9, reviewed: 3 })).toEqual([
      { key: "total", label: "Total Feedback", value: 12 },
      { key: "thumbsUp", label: "Thumbs Up", value: 7 },
      { key: "thumbsDown", label: "Thumbs Down", value: 5 },
      { key: "pending", label: "Pending Review", value: 9 },
      { key: "reviewed", label: "Reviewed", value: 3 },
    ]);
  });

  it("has no values before the counts load", () => {
    expect(feedbackCountCards(undefined).map((card) => card.value)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it("shows zeros as zeros", () => {
    expect(feedbackCountCards({ total: 0, thumbsUp: 0, thumbsDown: 0, pending: 0, reviewed: 0 }).map((card) => card.value)).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });
});

describe("feedback filters (the select's five options)", () => {
  it("offers the five options in order, All Feedback first", () => {
    expect(FEEDBACK_FILTER_OPTIONS).toEqual([
      { value: "all", label: "All Feedback" },
      { value: "pending", label: "Pending Review" },
      { value: "reviewed", label: "Reviewed" },
      { value: "not_helpful", label: "Not Helpful" },
      { value: "with_comments", label: "With Comments" },
    ]);
    expect(DEFAULT_FEEDBACK_FILTER).toBe("all");
  });

  it.each([
    ["all", true],
    ["with_comments", true],
    ["helpful", false],
    ["", false],
  ])("isFeedbackFilter(%p) -> %p", (value, expected) => {
    expect(isFeedbackFilter(value)).toBe(expected);
  });
});

describe("table cells (table columns)", () => {
  it.each([
    ["thumbs_up", "Helpful"],
    ["thumbs_down", "Not Helpful"],
  ] as const)("feedbackTypeLabel(%p) -> %p", (type, expected) => {
    expect(feedbackTypeLabel(type)).toBe(expected);
  });

  it.each([
    [0, 1],
    [1, 2],
    [41, 42],
  ])("message index %p reads as Message # %p", (index, expected) => {
    expect(messageNumber(index)).toBe(expected);
  });

  it.each([
    ["reviewed", "reviewed"],
    ["pending", "pending"],
    [undefined, "pending"],
    [null, "pending"],
    ["other", "pending"],
  ])("review status %p is treated as %p (missing is pending)", (status, expected) => {
    expect(reviewStatusOf({ reviewStatus: status as unknown as ReviewStatus })).toBe(expected);
  });

  it("offers Pending review and Reviewed in the status select", () => {
    expect(REVIEW_STATUS_OPTIONS.map((option) => option.label)).toEqual(["Pending review", "Reviewed"]);
  });

  it("groups a transcript's feedback by the message it rates, keeping the order given", () => {
    const grouped = feedbackByMessage([
      { id: "c", messageIndex: 3 },
      { id: "b", messageIndex: 1 },
      { id: "a", messageIndex: 3 },
    ]);
    expect([...grouped.keys()]).toEqual([3, 1]);
    expect(grouped.get(3)?.map((item) => item.id)).toEqual(["c", "a"]);
    expect(grouped.get(1)?.map((item) => item.id)).toEqual(["b"]);
    expect(feedbackByMessage([]).size).toBe(0);
  });

  it("names a deleted user", () => {
    expect(DELETED_USER).toBe("Deleted user");
  });

  it.each([
    ["Wrong answer", true],
    ["  x ", true],
    ["", false],
    ["   \n\t", false],
    [null, false],
    [undefined, false],
  ])("hasComment(%p) -> %p (With Comments: present and not blank)", (comment, expected) => {
    expect(hasComment(comment)).toBe(expected);
  });
});

describe("feedbackDateLines (Date column on two lines)", () => {
  it.each([
    [new Date(2025, 2, 5, 15, 4).toISOString(), { date: "Mar 5, 2025", time: "3:04 PM" }],
    [new Date(2024, 11, 31, 0, 5).toISOString(), { date: "Dec 31, 2024", time: "12:05 AM" }],
    ["not a date", { date: "N/A", time: "" }],
    ["", { date: "N/A", time: "" }],
  ])("%p -> %j", (createdAt, expected) => {
    expect(feedbackDateLines(createdAt)).toEqual(expected);
  });
});
