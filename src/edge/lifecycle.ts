/**
 * The process's life as a server: `draining` from the moment it is asked to stop (SIGTERM), and what must
 * be closed once the requests in flight are done. The HTTP server itself belongs to scripts/serve.mjs,
 * which reaches this object through the global symbol (it runs outside the built bundle).
 */
export type Lifecycle = {
  draining: boolean;
  /** Stop looking healthy (so a load balancer routes around) before the listener closes. */
  drain: () => void;
  /** Register something to close after the last request (the database pool, Redis). */
  onClose: (close: () => Promise<void>) => void;
  /** Close everything registered, each within `deadlineMs`. */
  close: (deadlineMs: number) => Promise<void>;
};

const KEY = Symbol.for('loja.lifecycle');

function create(): Lifecycle {
  const closers: (() => Promise<void>)[] = [];
  const lifecycle: Lifecycle = {
    draining: false,
    drain: () => {
      lifecycle.draining = true;
    },
    onClose: (close) => {
      closers.push(close);
    },
    close: async (deadlineMs) => {
      await Promise.all(
        closers.map((close) =>
          Promise.race([
            close().catch((error: unknown) => {
              console.error('[shutdown] close failed', error instanceof Error ? error.message : error);
            }),
            new Promise<void>((resolve) => setTimeout(resolve, deadlineMs).unref()),
          ]),
        ),
      );
    },
  };
  return lifecycle;
}

export const lifecycle: Lifecycle = ((globalThis as Record<symbol, unknown>)[KEY] ??= create()) as Lifecycle;
