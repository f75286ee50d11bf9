import { configure } from '@testing-library/react';
import { slowdown } from '../support/slowdown';

// A screen renders in well under a second alone: a wait of 5 s means something is missing or really slow
// (longer only while other jobs load the machine, see slowdown).
configure({ asyncUtilTimeout: 5000 * slowdown() });
