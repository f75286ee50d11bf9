/**
 * The rule of the name pickers (MUI Autocomplete with autoHighlight and autoSelect): leaving the box takes the
 * highlighted name only when the person typed a fragment since the last change. With nothing typed the list's
 * first name is highlighted too, and leaving after removing a chip or erasing the box took it unasked.
 */
import { useMemo, useRef } from 'react';

export interface TypedPick {
  /** For Autocomplete's onInputChange: records what the person types or clears (MUI's own resets are not typing). */
  onInputChange: (event: unknown, text: string, reason: string) => void;
  /** Whether a change is the person's: not a blur's selection with nothing typed. Call it from onChange. */
  accepts: (reason: string) => boolean;
}

export function useTypedPick(): TypedPick {
  const typed = useRef('');
  return useMemo(
    () => ({
      onInputChange: (_event, text, reason) => {
        // MUI resets the box's text itself, also just before a blur's selection
        if (reason === 'input' || reason === 'clear') typed.current = text;
      },
      accepts: (reason) => {
        if (reason === 'blur' && !typed.current.trim()) return false;
        typed.current = '';
        return true;
      },
    }),
    [],
  );
}
