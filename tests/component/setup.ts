import { configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { keepRulesThatCanHide } from '../support/emotionRules';
import { slowdown } from '../support/slowdown';

keepRulesThatCanHide();

// A screen renders in well under a second alone: a wait of 5 s means something is missing or really slow
// (longer only while other jobs load the machine, see slowdown).
configure({ asyncUtilTimeout: 5000 * slowdown() });

// The files of this layer share their worker's modules and document (isolate: false in vitest.config.ts): what a
// test changes globally (timers, spies on shared objects, stubbed globals) ends with it.
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
