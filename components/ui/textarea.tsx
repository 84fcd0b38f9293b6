import { forwardRef, type TextareaHTMLAttributes } from "react";
import clsx from "clsx";
import { inputClasses } from "./input";

/** A multi-line text box with the look of the single-line one. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={clsx(inputClasses, "h-auto min-h-24 resize-y", className)} {...props} />;
});
