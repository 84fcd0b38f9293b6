// Deterministic demo and benchmark transcripts in the bot platform's legacy export format, so
// that they go through the same normaliser as imported ones. Same options, same seed: same data.
// Times follow weekday and hour-of-day patterns with slow growth; conversations have 1-30 turns,
// several devices, OSes and browsers (some missing), and odd entries the viewer must skip.
import { Random } from "./random";
import { CLOSINGS, FOREIGN_EXCHANGES, GREETINGS, PRODUCTS, THANKS, TOPICS, type Topic } from "./transcript-content";

export interface GeneratorOptions {
  count: number;
  days: number;
  seed: string | number;
  /** The end of the time window (default: now). */
  endMs: number;
}

/** UTC hour-of-day weights: quiet nights, busy working hours (a North American audience). */
const HOUR_WEIGHTS = [
  0.55, 0.45, 0.35, 0.28, 0.22, 0.2, 0.22, 0.3, 0.42, 0.55, 0.7, 0.82, 0.9, 0.95, 1, 1, 0.98, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.62,
];
/** Sunday..Saturday. */
const WEEKDAY_WEIGHTS = [0.45, 1, 1, 0.97, 0.95, 0.85, 0.52];
const MAX_WEIGHT = 1.25;

const CLIENTS: (readonly [{ device?: string; os?: string; browser?: string }, number])[] = [
  [{ device: "desktop", os: "windows", browser: "chrome" }, 27],
  [{ device: "desktop", os: "windows", browser: "edge" }, 9],
  [{ device: "desktop", os: "windows", browser: "firefox" }, 4],
  [{ device: "desktop", os: "macos", browser: "chrome" }, 9],
  [{ device: "desktop", os: "macos", browser: "safari" }, 8],
  [{ device: "desktop", os: "linux", browser: "firefox" }, 2],
  [{ device: "desktop", os: "chromeos", browser: "chrome" }, 1],
  [{ device: "mobile", os: "ios", browser: "safari" }, 17],
  [{ device: "mobile", os: "android", browser: "chrome" }, 11],
  [{ device: "mobile", os: "android", browser: "samsung internet" }, 3],
  [{ device: "tablet", os: "ios", browser: "safari" }, 3],
  [{ device: "tablet", os: "android", browser: "chrome" }, 1],
  [{ os: "windows", browser: "chrome" }, 2],
  [{}, 5],
];

const PROJECT_ID = "64a1f0c2e4b0a7001f3c9d21";

/** Creation instants of every transcript, sorted, drawn from the weekly and daily pattern. */
export function creationTimes(options: GeneratorOptions): Float64Array {
  const random = new Random(`${options.seed}:times`);
  const span = options.days * 86_400_000;
  const startMs = options.endMs - span;
  const times = new Float64Array(options.count);
  for (let i = 0; i < options.count; i++) {
    for (;;) {
      const at = startMs + Math.floor(random.next() * span);
      const date = new Date(at);
      const growth = 0.8 + 0.4 * ((at - startMs) / span);
      const weight = HOUR_WEIGHTS[date.getUTCHours()] * WEEKDAY_WEIGHTS[date.getUTCDay()] * growth;
      if (random.next() * MAX_WEIGHT < weight) {
        times[i] = at;
        break;
      }
    }
  }
  return times.sort();
}

/** Yields the transcripts oldest first, in batches, without holding them all in memory. */
export function* generateTranscripts(options: GeneratorOptions, batchSize = 1000): Generator<Record<string, unknown>[]> {
  const times = creationTimes(options);
  const random = new Random(`${options.seed}:content`);
  const recentSessions: string[] = [];
  let batch: Record<string, unknown>[] = [];
  for (let i = 0; i < times.length; i++) {
    batch.push(generateTranscript(random, times[i], recentSessions));
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function generateTranscript(random: Random, createdAtMs: number, recentSessions: string[]): Record<string, unknown> {
  // Returning visitors reuse their session (a web-chat session kept over days).
  let sessionID: string;
  if (recentSessions.length > 20 && random.chance(0.12)) sessionID = random.pick(recentSessions);
  else {
    sessionID = random.chance(0.6) ? random.hex(24) : `web-${createdAtMs}-${random.hex(6)}`;
    recentSessions.push(sessionID);
    if (recentSessions.length > 500) recentSessions.shift();
  }
  const fill = filler(random);
  const dialog = new DialogBuilder(random, createdAtMs, random.chance(0.03));
  dialog.launch();
  dialog.bot(random.pick(GREETINGS));

  const isForeign = random.chance(0.04);
  const exchanges = random.chance(0.05) ? 0 : exchangeCount(random);
  let previousTopic: Topic | null = null;
  for (let e = 0; e < exchanges && dialog.turns < 27; e++) {
    if (isForeign) {
      const [question, answer] = random.pick(FOREIGN_EXCHANGES);
      // A model trained in English misses some questions in another language.
      dialog.user(fill(question), random.chance(0.3) ? "None" : "product_info");
      dialog.bot(fill(answer));
      continue;
    }
    const isLast = e === exchanges - 1 && exchanges > 1;
    if (isLast && random.chance(0.5)) {
      dialog.user(random.pick(THANKS), "thanks");
      dialog.bot(random.pick(CLOSINGS));
      continue;
    }
    const followUps = previousTopic?.followUps && random.chance(0.35) ? previousTopic.followUps : null;
    const topic: Topic = followUps ? previousTopic! : random.pick(TOPICS);
    const question = followUps ? random.pick(followUps) : random.pick(topic.questions);
    if (previousTopic?.buttons && random.chance(0.3)) dialog.click(random.pick(previousTopic.buttons));
    else {
      dialog.user(fill(question), topic.intent);
      if (random.chance(0.08)) dialog.debug(topic.intent);
    }
    const answer = fill(random.pick(topic.answers));
    if (random.chance(0.2) && answer.includes("\n")) {
      // Long answers sometimes arrive as two messages.
      const cut = answer.indexOf("\n");
      dialog.bot(answer.slice(0, cut));
      dialog.bot(answer.slice(cut + 1));
    } else {
      dialog.bot(answer);
    }
    if (topic.buttons && random.chance(0.5)) dialog.choice(topic.buttons);
    if (random.chance(0.06))
      dialog.odd(
        random.pick(["visual", "cardV2", "carousel", "path", "flow", "block", "speak", "entity-filling", "goto", "custom_action"]),
      );
    previousTopic = topic;
  }
  if (random.chance(0.03) && dialog.turns < 29) {
    // The visitor leaves before the answer arrives: the last message goes unanswered.
    const topic = random.pick(TOPICS);
    dialog.user(fill(random.pick(topic.questions)), topic.intent);
  }
  if (random.chance(0.04)) dialog.odd("no-reply");
  if (random.chance(0.5)) dialog.end();

  const client = random.weighted(CLIENTS);
  const lastMs = dialog.clock;
  return {
    _id: random.hex(24),
    projectID: PROJECT_ID,
    sessionID,
    ...client,
    ...(random.chance(0.1) ? { reportTags: ["reviewed"] } : {}),
    unread: random.chance(0.7),
    createdAt: new Date(createdAtMs).toISOString(),
    updatedAt: new Date(lastMs).toISOString(),
    dialog: dialog.entries,
  };
}

/** Exchanges after the greeting: mostly short conversations, a few long ones (up to ~30 turns). */
function exchangeCount(random: Random): number {
  let count = 1;
  while (count < 13 && random.chance(0.7)) count += 1;
  return count;
}

function filler(random: Random) {
  const values = {
    order: `NW-${random.int(100000, 999999)}`,
    product: random.pick(PRODUCTS),
    date: `${random.pick(["Mar", "Apr", "May", "Jun", "Sep", "Oct", "Nov"])} ${random.int(1, 28)}`,
    date2: `${random.pick(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])}, ${random.pick(["Apr", "Jun", "Oct", "Dec"])} ${random.int(1, 28)}`,
    amount: `${random.int(12, 480)}.${random.pick(["00", "95", "99", "50"])}`,
    email: `${random.pick(["alex", "sam", "jordan", "taylor", "morgan", "casey", "riley"])}${random.int(1, 99)}@example.com`,
    days: String(random.int(3, 90)),
    ticket: String(random.int(10000, 99999)),
    minutes: String(random.int(2, 45)),
    points: String(random.int(40, 4000)),
  };
  return (template: string) =>
    template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? values[key as keyof typeof values] : match));
}

/** Builds the legacy dialog: entries {turnID, type, format, payload, startTime} with a running clock. */
class DialogBuilder {
  entries: Record<string, unknown>[] = [];
  turns = 0;
  clock: number;
  private turnID = "";

  constructor(
    private readonly random: Random,
    startMs: number,
    /** Some exports carry trace times in epoch seconds. */
    private readonly secondsClock: boolean,
  ) {
    this.clock = startMs;
  }

  private stamp(): string {
    return new Date(this.clock).toISOString();
  }

  private traceTime(): number {
    return this.secondsClock ? Math.floor(this.clock / 1000) : this.clock;
  }

  private newTurn(): void {
    this.turnID = this.random.hex(24);
  }

  launch(): void {
    this.newTurn();
    const shape = this.random.int(0, 2);
    if (shape === 0)
      this.entries.push({ turnID: this.turnID, type: "request", format: "request", payload: { type: "launch" }, startTime: this.stamp() });
    else if (shape === 1)
      this.entries.push({ turnID: this.turnID, type: "launch", format: "launch", payload: {}, startTime: this.stamp() });
    else this.entries.push({ type: "launch", format: "launch", payload: null, startTime: this.stamp() });
    this.clock += this.random.int(300, 1500);
  }

  bot(message: string): void {
    this.clock += this.random.int(600, 2600);
    const inner: Record<string, unknown> = { message };
    if (this.random.chance(0.25)) inner.slate = { id: this.random.hex(8), content: slate(message) };
    this.entries.push({
      turnID: this.turnID,
      type: "text",
      format: "trace",
      payload: { time: this.traceTime(), type: "text", payload: inner },
      startTime: this.stamp(),
    });
    this.turns += 1;
  }

  /** A user's request; `intent` is what the platform matched ("None" when it matched nothing). */
  user(query: string, intent: string): void {
    this.newTurn();
    this.clock += this.random.int(4000, 75_000);
    this.entries.push({
      turnID: this.turnID,
      type: "request",
      format: "request",
      payload: {
        type: "intent",
        payload: { query, intent: { name: intent }, entities: [], confidence: Math.round(this.random.next() * 100) / 100 },
      },
      startTime: this.stamp(),
    });
    this.turns += 1;
  }

  click(label: string): void {
    this.newTurn();
    this.clock += this.random.int(2000, 20_000);
    this.entries.push({
      turnID: this.turnID,
      type: "request",
      format: "request",
      payload: { type: `path-${this.random.hex(6)}`, payload: { label, actions: [] } },
      startTime: this.stamp(),
    });
    this.turns += 1;
  }

  choice(labels: string[]): void {
    this.entries.push({
      turnID: this.turnID,
      type: "choice",
      format: "trace",
      payload: {
        time: this.traceTime(),
        type: "choice",
        payload: { buttons: labels.map((name) => ({ name, request: { type: `path-${this.random.hex(6)}`, payload: { label: name } } })) },
      },
      startTime: this.stamp(),
    });
  }

  /** The platform's debug trace of the request just made: the intent it matched, or its fallback. */
  debug(intent: string): void {
    const message =
      intent === "None"
        ? "no intent matched, using fallback"
        : `matched intent **${intent}** - confidence interval: ${(0.6 + this.random.next() * 0.4).toFixed(2)}`;
    this.entries.push({
      turnID: this.turnID,
      type: "debug",
      format: "trace",
      payload: { time: this.traceTime(), type: "debug", payload: { type: "intent", message } },
      startTime: this.stamp(),
    });
  }

  odd(type: string): void {
    const payloads: Record<string, unknown> = {
      visual: { image: "https://cdn.northwind.example/img/size-chart.png", device: "desktop", dimensions: { width: 800, height: 600 } },
      cardV2: {
        title: "Summit 40",
        description: { text: "Our most popular pack" },
        imageUrl: "https://cdn.northwind.example/img/summit40.png",
        buttons: [],
      },
      carousel: { layout: "Carousel", cards: [{ title: "Ridgeline", description: { text: "Rain jacket" } }] },
      speak: { message: '<speak>Thanks for calling Northwind. <break time="300ms"/> How can I help?</speak>', type: "message" },
      "no-reply": { timeout: 60 },
      path: { path: "reprompt" },
      flow: { diagramID: this.random.hex(24), name: "Order status" },
      block: { blockID: this.random.hex(24) },
    };
    this.entries.push({
      turnID: this.turnID,
      type,
      format: "trace",
      payload: { time: this.traceTime(), type, payload: payloads[type] ?? { name: type } },
      startTime: this.stamp(),
    });
  }

  end(): void {
    this.clock += this.random.int(200, 1200);
    // Some exports drop the inner payload of an end trace altogether.
    this.entries.push({
      turnID: this.turnID,
      type: "end",
      format: "trace",
      payload: { time: this.traceTime(), type: "end" },
      startTime: this.stamp(),
    });
  }
}

/** Slate rich text of a message: one paragraph per line, URLs as link nodes. */
function slate(message: string): unknown[] {
  return message.split("\n").map((line) => {
    const children: unknown[] = [];
    let last = 0;
    for (const match of line.matchAll(/https?:\/\/\S+/g)) {
      const url = match[0];
      if (match.index! > last) children.push({ text: line.slice(last, match.index) });
      children.push({ type: "link", url, children: [{ text: url }] });
      last = match.index! + url.length;
    }
    if (last < line.length || children.length === 0) children.push({ text: line.slice(last) });
    return { children };
  });
}
