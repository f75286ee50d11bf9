/**
 * After a review change, what other screens cached about generated texts is stale: the product list's review
 * status column (query key [...REVIEW_STATUS_QUERY_KEY, ids] in src/custom/productList/ReviewStatusColumn.tsx,
 * cached 30 s) and react-admin's TextosGenerados queries. Invalidating them makes /productos show the new
 * status when the user goes back.
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/** The prefix of the product list's review-status query. */
export const REVIEW_STATUS_QUERY_KEY = ['productos', 'reviewTexts'] as const;

export function useInvalidateReviewStatus(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [...REVIEW_STATUS_QUERY_KEY] });
    void queryClient.invalidateQueries({ queryKey: ['TextosGenerados'] });
  }, [queryClient]);
}
