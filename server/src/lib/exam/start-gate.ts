/**
 * How many attempt starts run at once (EXAM_START_CONCURRENCY, default 1). A start writes an
 * attempt and 100 answers with their links in one transaction; on SQLite every query waits for
 * the one connection, so a storm of starts queued in front of it would make each answer save wait
 * behind all of them. Starts wait here instead, in arrival order, and saves pass between them
 * (bench/exam-load: the start storm of a 2,000-learner exam).
 */
export class StartGate {
  private running = 0;

  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) {
        next(); // the slot passes straight to the next start
      } else {
        this.running -= 1;
      }
    }
  }

  /** Starts waiting for a slot (for logs and tests). */
  get queued(): number {
    return this.waiting.length;
  }
}

const configured = Number.parseInt(process.env.EXAM_START_CONCURRENCY ?? '', 10);

export const startGate = new StartGate(
  Number.isInteger(configured) && configured > 0 ? configured : 1,
);
