/**
 * The server's image work, one image at a time (decision 065). Decoding a large photo takes
 * its pixels into memory (an 8000 px square is 192 MB), and the uploads of several members of
 * staff, or the several files of one post, would otherwise decode at once: each upload's
 * checking, clean-up and derivatives run here in turn, so the memory they take is one image's
 * whatever the number of uploads. The derivatives the image route makes on demand keep their
 * own small limit (server/images/on-demand.ts): they are small and visitors wait for them.
 */
import PQueue from "p-queue";
import type sharpModule from "sharp";

type Sharp = typeof sharpModule;

const queue = new PQueue({ concurrency: 1 });

let loaded: Promise<Sharp> | undefined;

/**
 * sharp, loaded on first use (most commands never touch an image) and set up for one-off work:
 * libvips' operation cache keeps decoded images for a repeat that uploads never make, so it is
 * off.
 */
export function loadSharp(): Promise<Sharp> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** Runs `task` when the images queued before it are done; answers its result. */
export function runImageWork<T>(task: () => Promise<T>): Promise<T> {
  return queue.add(() => task());
}

/** Image tasks running and waiting now. */
export function imageWorkStats(): { running: number; waiting: number } {
  return { running: queue.pending, waiting: queue.size };
}
