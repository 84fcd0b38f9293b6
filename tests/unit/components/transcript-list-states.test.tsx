import { render, screen } from "@testing-library/react";
import { TranscriptListEmpty, TranscriptListError, TranscriptListSkeleton } from "@/components/dashboard/transcript-list-states";

describe("transcript list states", () => {
  it("titles the skeleton 'Loading transcripts...'", () => {
    render(<TranscriptListSkeleton />);
    expect(screen.getByRole("heading", { name: "Loading transcripts..." })).toBeInTheDocument();
  });

  it.each([
    ["Database unavailable", "Database unavailable"],
    ["", "An unexpected error occurred"],
    ["   ", "An unexpected error occurred"],
    [undefined, "An unexpected error occurred"],
  ])("shows 'Failed to load transcripts' with %p as %p", (message, shown) => {
    render(<TranscriptListError message={message} />);
    expect(screen.getByRole("alert")).toHaveTextContent(`Failed to load transcripts${shown}`);
  });

  it("shows the empty card with its hint", () => {
    render(<TranscriptListEmpty />);
    expect(screen.getByRole("heading", { name: "No transcripts found" })).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your date range or fetch transcripts to see data")).toBeInTheDocument();
  });
});
