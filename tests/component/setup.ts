import { getConfig } from '@testing-library/dom';
import { afterEach, vi } from 'vitest';
import { forgetAppliedDefaults } from '../../src/resources/generic/SavedViews';
import { keepRulesThatCanHide } from '../support/emotionRules';
import { slowdown } from '../support/slowdown';
import { logSlowWaits } from '../support/slowWaits';

keepRulesThatCanHide();
logSlowWaits();

// A screen renders in well under a second alone: a wait of 3 s means something is missing or really slow. Each wait
// is stretched by the machine's slowdown at the moment it starts (CPU pressure of the last seconds, or the load per
// core), so the suite's own busy moments and other jobs on the machine do not turn into failures. A property read at
// every wait: a wait reads asyncUtilTimeout from @testing-library/dom's config object when it begins
// (@testing-library/react's getConfig answers a copy). PIM_SLOW_WAITS_LOG lists the waits over a second.
const WAIT_MS = 3000;
Object.defineProperty(getConfig(), 'asyncUtilTimeout', {
  get: () => WAIT_MS * slowdown(),
  enumerable: true,
  configurable: true,
});

// The files of this layer share their worker's modules and document (isolate: false in vitest.config.ts): what a
// test changes globally (timers, spies on shared objects, stubbed globals, the hash route, session storage and
// cookies, the lists whose saved default view was applied) ends with it.
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  forgetAppliedDefaults();
  window.location.hash = '';
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
