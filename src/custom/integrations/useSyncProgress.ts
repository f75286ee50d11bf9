/**
 * Runs a full ERP sync (one long request) while counting how far it has got (syncProgress.ts): the baseline is
 * read before the request starts, then the count is asked every second until the request answers. A failing
 * count only leaves the bar indeterminate; it never fails the sync.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { IntegrationsApi } from './api';
import { PROGRESS_POLL_MS, type SyncProgress } from './syncProgress';

type ProgressApi = Pick<IntegrationsApi, 'integrationsSyncBaseline' | 'integrationsSyncProgress'>;

export function useSyncProgress(api: ProgressApi) {
  const [progress, setProgress] = useState<SyncProgress | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const track = useCallback(
    async <T>(work: () => Promise<T>): Promise<T> => {
      setProgress(null);
      const baseline = await api.integrationsSyncBaseline().catch(() => undefined);
      let running = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const tick = async () => {
        if (baseline === undefined) return;
        try {
          const next = await api.integrationsSyncProgress(baseline);
          if (running && mounted.current) setProgress(next);
        } catch {
          // the bar stays as it was
        }
        if (running && mounted.current) timer = setTimeout(() => void tick(), PROGRESS_POLL_MS);
      };
      const result = work();
      void tick();
      try {
        return await result;
      } finally {
        running = false;
        if (timer) clearTimeout(timer);
        if (mounted.current) setProgress(null);
      }
    },
    [api],
  );

  return { progress, track };
}
