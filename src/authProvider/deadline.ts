/**
 * Auth calls (login, refresh) never hang: the whole exchange — answer and body — must finish within the
 * deadline, else it fails like a lost connection. The request is aborted so the browser lets it go.
 */
export const AUTH_TIMEOUT_MS = 30_000;

export class AuthTimeoutError extends Error {
  constructor() {
    super('The authentication server did not answer in time');
    this.name = 'AuthTimeoutError';
  }
}

export const withDeadline = async <T>(
  run: (signal: AbortSignal) => Promise<T>,
  ms: number = AUTH_TIMEOUT_MS,
): Promise<T> => {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new AuthTimeoutError());
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
};
