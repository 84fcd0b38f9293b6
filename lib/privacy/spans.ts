// Where a detector found a value to redact in a text.
import type { BuiltInKind } from "./placeholders";

export interface Span {
  start: number;
  end: number;
  kind: BuiltInKind;
}
