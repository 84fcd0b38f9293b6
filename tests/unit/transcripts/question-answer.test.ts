/** @jest-environment node */
// The question is the first request turn's query; the answer is the message of the
// first text turn after it.
import { questionAndAnswer } from "@/lib/transcripts/question-answer";

const user = (query: string) => ({ type: "request", payload: { type: "intent", payload: { query } } });
const bot = (message: string) => ({ type: "text", payload: { type: "text", payload: { message } } });
const launch = { type: "request" as const, payload: { type: "launch" } };

describe("questionAndAnswer", () => {
  it.each([
    ["an empty dialog", [], "", ""],
    ["only bot turns", [bot("Hi"), bot("Anyone?")], "", ""],
    [
      "the first question and the reply after it",
      [bot("Hi"), user("where is my order"), bot("It shipped"), user("thanks"), bot("Bye")],
      "where is my order",
      "It shipped",
    ],
    ["a bot turn before the question is not the answer", [bot("Greeting"), user("q")], "q", ""],
    ["the answer skips other entries", [user("q"), { type: "debug", payload: { payload: { message: "debug" } } }, bot("a")], "q", "a"],
    ["a request without text is passed over", [launch, user("real question"), bot("answer")], "real question", "answer"],
    [
      "a button click's label is the question",
      [{ type: "request", payload: { type: "path-1", payload: { label: "Track order" } } }, bot("Sure")],
      "Track order",
      "Sure",
    ],
    ["a text turn without text is passed over", [user("q"), { type: "text", payload: { type: "text" } }, bot("later")], "q", "later"],
    ["question and answer are trimmed", [user("  q  "), bot("  a \n")], "q", "a"],
  ])("%s", (_case, dialog, question, answer) => {
    expect(questionAndAnswer(dialog as { type: string; payload: unknown }[])).toEqual({ question, answer });
  });
});
