import { describe, expect, it } from 'vitest';
import { startRepeatingJob } from './jobs.ts';

const silent = { error: () => undefined };

describe('startRepeatingJob', () => {
  it('runs at start without waiting for the interval, and stop waits for the pass under way', async () => {
    let passes = 0;
    let finish: () => void = () => undefined;
    const job = startRepeatingJob(
      'test',
      () =>
        new Promise<void>((resolve) => {
          passes++;
          finish = resolve;
        }),
      silent,
      60 * 60_000,
    );
    await expect.poll(() => passes).toBe(1);
    // A kick while a pass runs does not start a second one.
    job.kick();
    await new Promise((resolve) => setImmediate(resolve));
    expect(passes).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    job.kick();
    await new Promise((resolve) => setImmediate(resolve));
    expect(passes).toBe(1);
  });

  it('logs a failed pass and keeps going', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const job = startRepeatingJob(
      'failing',
      async () => {
        passes++;
        throw new Error('store unreachable');
      },
      { error: (fields: unknown) => errors.push(fields) },
      60 * 60_000,
    );
    await expect.poll(() => errors.length).toBe(1);
    job.kick();
    await expect.poll(() => passes).toBe(2);
    await job.stop();
  });
});
