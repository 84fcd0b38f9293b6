// Reads a line from the terminal without echoing it (passwords).
export function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) return Promise.reject(new Error("No terminal to ask for a password: set USER_PASSWORD"));
  return new Promise((resolve, reject) => {
    process.stdout.write(question);
    input.setRawMode(true);
    input.resume();
    let value = "";
    const finish = (action: () => void) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      process.stdout.write("\n");
      action();
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString("utf8")) {
        if (char === "\r" || char === "\n") return finish(() => resolve(value));
        if (char === "\u0003") return finish(() => reject(new Error("Cancelled")));
        value = char === "\u007f" ? value.slice(0, -1) : value + char;
      }
    };
    input.on("data", onData);
  });
}
