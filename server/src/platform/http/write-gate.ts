import type { Server } from 'node:http';

/** Connections the HTTP server has accepted (watchConnections). */
let accepted = 0;

/**
 * Counts the HTTP server's accepted connections, for the gate's turns below. Node's libuv accepts
 * one waiting connection per turn of the event loop, so while each turn runs a start (~15–20 ms),
 * connections were accepted at ~50 a second: when an exam opened, ~900 learners' connections
 * waited in the kernel's queue, their saves and starts unread for up to 25 s (bench/exam-load).
 */
export const watchConnections = (server: Server): void => {
  server.on('connection', () => {
    accepted += 1;
  });
};

const MAX_TURNS = 64;

/**
 * Waits for the next turn of the event loop, then for more turns as long as each one accepted a
 * connection (at most MAX_TURNS): waiting learners are let in, and the requests they send read,
 * before the next start or submit takes its turn.
 */
const nextTurns = async (): Promise<void> => {
  for (let turn = 0; turn < MAX_TURNS; turn += 1) {
    const before = accepted;
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (accepted === before) {
      return;
    }
  }
};

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
      // turn of the event loop; each waits for a later turn, and saves that arrived meanwhile
      // (and connections waiting to be accepted) are read first.
      await nextTurns();
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
