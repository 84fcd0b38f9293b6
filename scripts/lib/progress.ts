// A small progress bar on stderr (only when it is a terminal), redrawn at most ten times a second.

export class Progress {
  private lastDraw = 0;
  private readonly started = Date.now();
  private readonly isTerminal = Boolean(process.stderr.isTTY);

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly unit = "transcripts",
  ) {}

  update(done: number, detail = ""): void {
    const now = Date.now();
    if (!this.isTerminal || (now - this.lastDraw < 100 && done < this.total)) return;
    this.lastDraw = now;
    const fraction = this.total > 0 ? Math.min(1, done / this.total) : 1;
    const width = 28;
    const filled = Math.round(fraction * width);
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    const line = `${this.label} [${"█".repeat(filled)}${"░".repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}% ${formatCount(done)} ${this.unit} ${formatCount(rate)}/s ${detail}`;
    process.stderr.write(`\r${line.slice(0, (process.stderr.columns || 120) - 1)}\x1b[K`);
  }

  done(): void {
    if (this.isTerminal) process.stderr.write("\n");
  }

  get elapsedSeconds(): number {
    return (Date.now() - this.started) / 1000;
  }
}

export function formatCount(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}
