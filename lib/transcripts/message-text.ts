// Transcript page: a turn's text is the first available of the query, the
// message inside the inner payload, the text of the Slate content, the outer message and the
// outer Slate content; without any, it reads '(No message content)'.
//
// Beyond the spec's chain, because real exports hold them (../shared/TRANSCRIPT-FORMAT.md):
// the query of a flattened request (payload.query), the label of a button click
// (payload.payload.label, or payload.label when the export flattened it) and the raw text of a
// newer text action (payload.payload as a string) count as the query. Slate text is the text of
// every paragraph (one a line), nested nodes included, and a link reads "label (url)" so that
// the URL survives to be rendered as a link.
import { isPlainObject, type DialogEntry } from "./types";

export const NO_MESSAGE_CONTENT = "(No message content)";

/** The turn's text, or null when it has none. Each source is read only if the ones before are blank. */
export function messageText(entry: Pick<DialogEntry, "payload">): string | null {
  const outer = isPlainObject(entry.payload) ? entry.payload : null;
  if (!outer) return null;
  const inner = isPlainObject(outer.payload) ? outer.payload : null;
  return (
    nonBlank(inner?.query) ??
    nonBlank(outer.query) ??
    nonBlank(inner?.label) ??
    nonBlank(outer.label) ??
    nonBlank(outer.payload) ??
    nonBlank(inner?.message) ??
    nonBlank(slateText(isPlainObject(inner?.slate) ? inner.slate.content : undefined)) ??
    nonBlank(outer.message) ??
    nonBlank(slateText(isPlainObject(outer.slate) ? outer.slate.content : undefined)) ??
    null
  );
}

function nonBlank(value: unknown): string | undefined {
  return typeof value === "string" && /\S/.test(value) ? value : undefined;
}

/** The turn's text as the transcript page shows it. */
export function displayText(entry: Pick<DialogEntry, "payload">): string {
  return messageText(entry) ?? NO_MESSAGE_CONTENT;
}

/** Plain text of a Slate value: paragraphs one a line; undefined when there is no text. */
export function slateText(content: unknown): string | undefined {
  if (typeof content === "string") return content.trim() === "" ? undefined : content;
  if (!Array.isArray(content)) return undefined;
  const text = joinNodes(content).trim();
  return text === "" ? undefined : text;
}

function joinNodes(nodes: unknown[]): string {
  // Leaves and links run on in a line; block nodes (paragraphs, list items) each take a line.
  const isInline = nodes.some((node) => isPlainObject(node) && (typeof node.text === "string" || node.type === "link"));
  return nodes.map(nodeText).join(isInline ? "" : "\n");
}

function nodeText(node: unknown): string {
  if (typeof node === "string") return node;
  if (!isPlainObject(node)) return "";
  if (typeof node.text === "string") return node.text;
  const inner = Array.isArray(node.children) ? joinNodes(node.children) : "";
  if (node.type === "link" && typeof node.url === "string" && node.url.trim() !== "") {
    const label = inner.trim();
    return label === "" || label === node.url ? node.url : `${inner} (${node.url})`;
  }
  return inner;
}
