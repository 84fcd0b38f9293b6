// Spec section 2 (Transcript page, rendering rules): renders a message's tokens as React nodes;
// links open in a new tab; bold text, list starts and 'Reference:' are emphasised. Nothing in
// the text is ever read as markup.
import { Fragment } from "react";
import { messageTokens, type InlineToken } from "@/lib/transcript-view/message-tokens";

function Inline({ token }: { token: InlineToken }) {
  if (token.kind === "reference") return <strong className="font-semibold">{token.text}</strong>;
  const content =
    token.kind === "link" ? (
      <a href={token.href} target="_blank" rel="noopener noreferrer" className="break-all font-medium underline underline-offset-2 hover:no-underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current">
        {token.text}
      </a>
    ) : (
      token.text
    );
  return token.strong ? <strong className="font-semibold">{content}</strong> : <>{content}</>;
}

export function MessageContent({ text }: { text: string }) {
  const lines = messageTokens(text);
  return (
    <div className="space-y-1 break-words text-sm leading-relaxed">
      {lines.map((line, lineIndex) => (
        <p key={lineIndex} className={line.listMarker ? "pl-5 -indent-5" : line.tokens.length === 0 ? "h-2" : undefined}>
          {line.listMarker ? <strong className="mr-1.5 inline-block min-w-3.5 indent-0 font-semibold">{line.listMarker}</strong> : null}
          {line.tokens.map((token, index) => (
            <Fragment key={index}>
              <Inline token={token} />
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
