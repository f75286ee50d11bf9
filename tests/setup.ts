import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { indexLabelLookups } from './support/jsdomLabels';

indexLabelLookups();

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
