import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `ms` milliseconds (typing in a filter → one request). */
export const useDebounced = <T>(value: T, ms = 400): T => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};
