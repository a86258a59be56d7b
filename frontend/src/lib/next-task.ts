type Scheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a later task, so the browser may paint and answer input in between: the app's start
 * is a few short tasks instead of one long one (decisions D32; a task over 50 ms on a phone is
 * blocking time). `scheduler.yield()` where the browser has it (its continuation runs before
 * other queued work), a timer otherwise.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
