import type { juggler } from '@loopback/repository';

/** A data source whose transactions record in `events` when they begin, commit and roll back. */
export function recordingSource(events: string[] = []): juggler.DataSource {
  let n = 0;
  return {
    connector: { beginTransaction: () => undefined },
    beginTransaction: async () => {
      const id = ++n;
      events.push(`begin ${id}`);
      return {
        commit: async () => void events.push(`commit ${id}`),
        rollback: async () => void events.push(`rollback ${id}`),
      };
    },
  } as unknown as juggler.DataSource;
}
