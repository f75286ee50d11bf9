import { configure } from '@testing-library/react';

// A screen renders in well under a second alone; a wait this long means something is missing or really slow.
configure({ asyncUtilTimeout: 3000 });
