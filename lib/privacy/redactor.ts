// Redaction: replaces the built-in kinds' values, then the administrators' patterns'
// matches, by typed placeholders ([EMAIL], [PHONE], [CARD], [IBAN], [IP], [<NAME>]) in a text, in a
// whole transcript record as received, or in a record's JSON text. Built once per settings and
// reused: it holds the compiled custom patterns.
//
// In a record, every string value is redacted and keys are not; numbers of 13-19 digits that are
// card numbers become "[CARD]" (no other kind can be written as a JSON number: phone numbers need
// a '+', a leading 0 or separators); the values of the record's identity keys (_id, id, sessionID,
// sessionId) are kept, since the portal files, groups and erases transcripts by them. A string
// holding JSON (an object or array) is parsed, redacted the same way and written back, so that it
// stays JSON; unchanged, it is kept byte for byte.
import type { PrivacySettings } from "@/lib/schemas/privacy";
import { isCardNumber } from "./card";
import { findSpans, type EnabledKinds } from "./find-spans";
import { parseJsonContainer } from "./json-text";
import { mapLeaves } from "./map-leaves";
import { BUILT_IN_PLACEHOLDER_NAMES, placeholder } from "./placeholders";
import { addCounts, emptyCounts, type RedactionCounts } from "./redaction-counts";
import { CustomPatterns, type UnusablePattern } from "./custom-patterns";
import type { Span } from "./spans";

export type RedactionSettings = Pick<PrivacySettings, "redact" | "customPatterns">;

/** JSON held in strings is parsed this many levels deep; deeper, it is redacted as text. */
const MAX_JSON_IN_STRING_DEPTH = 4;
const CARD_PLACEHOLDER = placeholder(BUILT_IN_PLACEHOLDER_NAMES.card);
const BUILT_IN_PLACEHOLDERS = Object.fromEntries(
  Object.entries(BUILT_IN_PLACEHOLDER_NAMES).map(([kind, name]) => [kind, placeholder(name)]),
);

export interface RedactedText {
  text: string;
  counts: RedactionCounts;
}

export interface RedactedJsonText extends RedactedText {
  changed: boolean;
  /** The redacted record the text holds; undefined when the text is not a JSON object or array. */
  record: unknown;
}

export interface RedactedRecord {
  /** The input itself when nothing was redacted; otherwise a copy sharing the unchanged parts. */
  record: unknown;
  counts: RedactionCounts;
  changed: boolean;
}

/** Told of each value a redaction replaces, in the text it was found in (erasure by person keeps their keys). */
export type FoundSpan = (text: string, span: Span) => void;

export class Redactor {
  private readonly kinds: EnabledKinds;
  private readonly customPatterns: CustomPatterns;
  /** The listener of the redaction under way, if it has one. */
  private found: FoundSpan | null = null;

  /** A custom pattern the engine refuses is left out (unusablePatterns); saving refuses such patterns. */
  constructor(settings: RedactionSettings) {
    this.kinds = { ...settings.redact };
    this.customPatterns = new CustomPatterns(settings.customPatterns);
  }

  /** The built-in kinds this redactor replaces. */
  get enabledKinds(): EnabledKinds {
    return this.kinds;
  }

  /** The saved custom patterns left out because the engine refuses them. */
  get unusablePatterns(): readonly UnusablePattern[] {
    return this.customPatterns.unusable;
  }

  /** Whether this redactor replaces anything at all. */
  get isActive(): boolean {
    return Object.values(this.kinds).some(Boolean) || this.customPatterns.size > 0;
  }

  redactText(text: string): RedactedText {
    const counts = emptyCounts();
    return { text: this.text(text, counts), counts };
  }

  /** `found` is told of each built-in kind's value replaced. */
  redactRecord(record: unknown, found?: FoundSpan): RedactedRecord {
    const counts = emptyCounts();
    const redacted = this.listening(found, () => this.value(record, counts, 0));
    return { record: redacted, counts, changed: redacted !== record };
  }

  /**
   * A record's JSON text (as the portal stores its source): the text itself when nothing changed.
   * `record` is the redacted record the text holds (undefined when the text is not a JSON object or
   * array), so that a caller that reads it does not parse the text again.
   */
  redactJsonText(json: string, found?: FoundSpan): RedactedJsonText {
    const counts = emptyCounts();
    return this.listening(found, () => {
      const redacted = this.jsonContainer(json, counts, -1);
      if (redacted) return { ...redacted, counts, changed: redacted.text !== json };
      const text = this.text(json, counts);
      return { text, counts, changed: text !== json, record: undefined };
    });
  }

  private listening<T>(found: FoundSpan | undefined, work: () => T): T {
    this.found = found ?? null;
    try {
      return work();
    } finally {
      this.found = null;
    }
  }

  private value(value: unknown, counts: RedactionCounts, jsonDepth: number): unknown {
    if (!this.isActive) return value;
    return mapLeaves(value, (leaf) => this.leaf(leaf, counts, jsonDepth), { keepIdentity: jsonDepth === 0 });
  }

  private leaf(value: unknown, counts: RedactionCounts, jsonDepth: number): unknown {
    if (typeof value === "string") return this.jsonText(value, counts, jsonDepth) ?? this.text(value, counts);
    if (typeof value === "number" && this.kinds.card && Number.isSafeInteger(value) && value >= 1e12 && isCardNumber(String(value))) {
      counts.card += 1;
      return CARD_PLACEHOLDER;
    }
    return value;
  }

  /** Redacted JSON text, or null when it is not JSON or too deep to parse or write back. */
  private jsonText(json: string, counts: RedactionCounts, jsonDepth: number): string | null {
    return this.jsonContainer(json, counts, jsonDepth)?.text ?? null;
  }

  /** The redacted JSON text and the value it holds (`json` itself when unchanged), or null as jsonText. */
  private jsonContainer(json: string, counts: RedactionCounts, jsonDepth: number): { text: string; record: unknown } | null {
    if (jsonDepth >= MAX_JSON_IN_STRING_DEPTH) return null;
    const parsed = parseJsonContainer(json);
    if (parsed === undefined) return null;
    const inner = emptyCounts();
    const redacted = this.value(parsed, inner, jsonDepth + 1);
    if (redacted === parsed) return { text: json, record: parsed };
    let text: string;
    try {
      text = JSON.stringify(redacted);
    } catch {
      return null;
    }
    addCounts(counts, inner);
    return { text, record: redacted };
  }

  private text(text: string, counts: RedactionCounts): string {
    const spans = findSpans(text, this.kinds);
    if (this.found) for (const span of spans) this.found(text, span);
    let redacted = text;
    if (spans.length > 0) {
      redacted = "";
      let last = 0;
      for (const span of spans) {
        redacted += text.slice(last, span.start) + BUILT_IN_PLACEHOLDERS[span.kind];
        counts[span.kind] += 1;
        last = span.end;
      }
      redacted += text.slice(last);
    }
    return this.customPatterns.size > 0 ? this.customPatterns.apply(redacted, counts) : redacted;
  }
}

/** One redactor per settings object: a settings object is read once, so change settings by replacing the object. */
const redactors = new WeakMap<RedactionSettings, Redactor>();

export function redactorFor(settings: RedactionSettings): Redactor {
  let redactor = redactors.get(settings);
  if (!redactor) {
    redactor = new Redactor(settings);
    redactors.set(settings, redactor);
  }
  return redactor;
}

/** A text with the enabled kinds' values and the custom patterns' matches replaced by placeholders. */
export function redactText(text: string, settings: RedactionSettings): RedactedText {
  return redactorFor(settings).redactText(text);
}

/** A transcript record as received (any JSON shape), redacted; see the file's comment. */
export function redactRecord(record: unknown, settings: RedactionSettings): RedactedRecord {
  return redactorFor(settings).redactRecord(record);
}

/** A record's JSON text, redacted and written back only when something was replaced. */
export function redactJsonText(json: string, settings: RedactionSettings): RedactedJsonText {
  return redactorFor(settings).redactJsonText(json);
}
