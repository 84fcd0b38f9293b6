// Question group, repeated question: which user messages are real questions.
// A real question is a request the user typed (an intent request's query, or a newer transcript's
// raw text action) that holds at least one word that is neither a placeholder nor small talk.
// Not real questions, therefore: launches; button clicks (a `path-...` request or one that carries
// only a label: the user picked a way through the bot, and the label is the bot's wording);
// greetings, thanks and acknowledgements on their own ("hi", "hello there", "thanks!", "ok",
// "Bonjour", "こんにちは"); messages of only punctuation, emoji, numbers or ids ("NW-5532", which
// answers the bot's question rather than asking one).
import { isPlainObject, type DialogEntry } from "@/lib/transcripts/types";
import { isPlaceholder } from "./normalize-question";

/** The text the user typed in a request, or null for launches, button clicks and empty requests. */
export function typedText(entry: Pick<DialogEntry, "payload">): string | null {
  const outer = isPlainObject(entry.payload) ? entry.payload : null;
  if (!outer) return null;
  const inner = isPlainObject(outer.payload) ? outer.payload : null;
  return nonBlank(inner?.query) ?? nonBlank(outer.query) ?? (outer.type === "text" ? nonBlank(outer.payload) : null);
}

function nonBlank(value: unknown): string | null {
  return typeof value === "string" && /\S/.test(value) ? value : null;
}

/**
 * Greetings, thanks, agreement and goodbyes, folded (fold-text.ts), in the languages of the
 * portal's users; a message made only of these (and placeholders) is small talk.
 */
const SMALL_TALK = new Set(
  [
    // English
    "hi hii hello helo hey heya hiya howdy yo greetings good morning afternoon evening day there all everyone again",
    "thanks thank you thx ty cheers much so very ok okay k kk yes yeah yep yup no nope nah sure fine great cool nice",
    "perfect awesome bye goodbye please pls hmm hm ah oh lol",
    // German, French, Spanish, Italian, Portuguese
    "hallo servus moin guten tag abend danke vielen bitte ja nein tschuss",
    "bonjour bonsoir salut coucou merci beaucoup oui non daccord au revoir",
    "hola buenos buenas dias tardes noches gracias muchas si adios ciao buongiorno grazie ola obrigado obrigada",
    // Japanese, Chinese, Russian
    "こんにちは こんばんは おはよう おはようございます ありがとう ありがとうございます はい いいえ 你好 您好 谢谢 嗨",
    "привет здравствуите спасибо да нет",
  ]
    .join(" ")
    .split(" "),
);

/** Whether a question's tokens (normalize-question.ts) hold a word that is neither small talk nor a placeholder. */
export function isRealQuestion(tokens: readonly string[]): boolean {
  return tokens.some((token) => !SMALL_TALK.has(token) && !isPlaceholder(token));
}

/** Whether a message's tokens are only greetings, thanks and the like (or none at all). */
export function isSmallTalk(tokens: readonly string[]): boolean {
  return tokens.every((token) => SMALL_TALK.has(token));
}
