/**
 * A progress bar for long CLI jobs, on stderr: redrawn in place (`\r`) on a terminal, one line
 * per 10% otherwise (CI logs, pipes).
 */

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressBar {
  /** Reports `done` of the total; call as often as you like. */
  update(done: number): void;
  /** Ends the bar's line (on a terminal); call once, also after a failure. */
  finish(): void;
}

const number = new Intl.NumberFormat("en-US");

/** `[########------] 57% 57,000/100,000 1,234/s ETA 12s` */
export function formatProgress(done: number, total: number, elapsedMs: number, width = 20): string {
  const fraction = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(fraction * width);
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const eta = rate > 0 ? Math.ceil((total - done) / rate) : undefined;
  return (
    `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 100}% ` +
    `${number.format(done)}/${number.format(total)} ${number.format(Math.round(rate))}/s ` +
    `ETA ${eta === undefined ? "?" : formatSeconds(eta)}`
  );
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m${String(seconds % 60).padStart(2, "0")}s`;
}

export function createProgressBar(
  total: number,
  stream: ProgressStream = process.stderr,
  clock: () => number = () => performance.now(),
): ProgressBar {
  const started = clock();
  const tty = stream.isTTY === true;
  let lastDecile = -1;
  let lastDrawn = -Infinity;
  let lastDone = -1;
  let finished = false;

  const draw = (done: number, force: boolean) => {
    const now = clock();
    const line = () => formatProgress(done, total, now - started);
    if (tty) {
      // At most ten redraws a second: a terminal that repaints on every row slows the job.
      if (!force && now - lastDrawn < 100) return;
      lastDrawn = now;
      stream.write(`\r${line()}`);
    } else {
      const decile = total > 0 ? Math.floor((done / total) * 10) : 10;
      if (decile <= lastDecile || (decile === 0 && !force)) return;
      lastDecile = decile;
      stream.write(`${line()}\n`);
    }
  };

  return {
    update(done) {
      if (finished) return;
      lastDone = done;
      draw(done, done >= total);
    },
    finish() {
      if (finished) return;
      finished = true;
      if (tty && lastDone >= 0) stream.write("\n");
    },
  };
}
