import { configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetAppliedDefaults } from '../../src/resources/generic/SavedViews';
import { keepRulesThatCanHide } from '../support/emotionRules';
import { slowdown } from '../support/slowdown';

keepRulesThatCanHide();

// A screen renders in well under a second alone: a wait of 5 s means something is missing or really slow
// (longer only while other jobs load the machine, see slowdown).
configure({ asyncUtilTimeout: 5000 * slowdown() });

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
