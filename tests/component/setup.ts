import { configure } from '@testing-library/react';
import { slowdown } from '../support/slowdown';

// A screen renders in well under a second alone: a wait of 3 s means something is missing or really slow
// (longer only while other jobs load the machine, see slowdown).
configure({ asyncUtilTimeout: 3000 * slowdown() });
