/**
 * How many attempt starts and submits run at once (EXAM_WRITE_CONCURRENCY, default 1). A start
 * writes an attempt and 100 answers with their links in one transaction, a submit marks them and
 * writes the result with 100 links; on SQLite every query waits for the one connection, so a storm
 * of starts (the exam opens) or of submits (it closes) queued in front of it would make each
 * answer save wait behind all of them. They wait here instead, in arrival order, and saves pass
 * between them (bench/exam-load: the start and submit storms of a 2,000-learner exam).
 */
export class WriteGate {
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
      // On SQLite the queries resolve without I/O, so queued work would run back to back in one
      // turn of the event loop; each waits for the next turn, and saves that arrived meanwhile
      // are read first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) {
        next(); // the slot passes straight to the next one
      } else {
        this.running -= 1;
      }
    }
  }

  /** Work waiting for a slot (for logs and tests). */
  get queued(): number {
    return this.waiting.length;
  }
}

const configured = Number.parseInt(process.env.EXAM_WRITE_CONCURRENCY ?? '', 10);

export const examWriteGate = new WriteGate(
  Number.isInteger(configured) && configured > 0 ? configured : 1,
);
