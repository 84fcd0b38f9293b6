import { act, render, screen } from "@testing-library/react";
import { lazyModule, prefetch, type LazyModule } from "@/components/dashboard/lazy-module";

interface Code {
  Greeting: () => React.ReactElement;
}

/** A download the test finishes (or fails) when it wants. */
function controlledDownload() {
  const calls: { resolve: (code: Code) => void; reject: (error: Error) => void }[] = [];
  const load = jest.fn(() => new Promise<Code>((resolve, reject) => calls.push({ resolve, reject })));
  const code: Code = { Greeting: () => <p>Hello</p> };
  return { load, code, finish: (n = 0) => calls[n].resolve(code), fail: (n = 0) => calls[n].reject(new Error("Failed to load chunk")) };
}

function Screen({ lazy, enabled = true }: { lazy: LazyModule<Code>; enabled?: boolean }) {
  const { module, hasFailed, retry } = lazy.useLoaded(enabled);
  if (hasFailed) return <button onClick={retry}>Try again</button>;
  return module ? <module.Greeting /> : <p>Loading...</p>;
}

describe("lazyModule (code a first visit does not need)", () => {
  it("downloads nothing until it is enabled, then shows a placeholder until the code is there", async () => {
    const download = controlledDownload();
    const lazy = lazyModule(download.load);
    const view = render(<Screen lazy={lazy} enabled={false} />);
    expect(download.load).not.toHaveBeenCalled();
    view.rerender(<Screen lazy={lazy} />);
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(download.load).toHaveBeenCalledTimes(1);
    await act(async () => download.finish());
    expect(screen.getByText("Hello")).toBeInTheDocument();
  });

  it("downloads once, however often it is prefetched, and renders at once when already loaded", async () => {
    const download = controlledDownload();
    const lazy = lazyModule(download.load);
    prefetch(lazy);
    prefetch(lazy);
    expect(download.load).toHaveBeenCalledTimes(1);
    await act(async () => download.finish());
    render(<Screen lazy={lazy} />);
    expect(screen.getByText("Hello")).toBeInTheDocument();
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
    expect(download.load).toHaveBeenCalledTimes(1);
  });

  it("reports a failed download and downloads again on retry", async () => {
    const download = controlledDownload();
    const lazy = lazyModule(download.load);
    render(<Screen lazy={lazy} />);
    await act(async () => download.fail(0));
    act(() => screen.getByRole("button", { name: "Try again" }).click());
    expect(download.load).toHaveBeenCalledTimes(2);
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    await act(async () => download.finish(1));
    expect(screen.getByText("Hello")).toBeInTheDocument();
  });

  it("lets a failed prefetch be started again by the next use", async () => {
    const download = controlledDownload();
    const lazy = lazyModule(download.load);
    prefetch(lazy);
    await act(async () => download.fail(0));
    render(<Screen lazy={lazy} />);
    expect(download.load).toHaveBeenCalledTimes(2);
    await act(async () => download.finish(1));
    expect(screen.getByText("Hello")).toBeInTheDocument();
  });
});
