// The node arguments the API runs with, as `npm run start:api` gives them (package.json is their one home), so
// that a bench measures the API as it is started: e.g. ['--v8-pool-size=1', '--max-semi-space-size=8',
// 'dist-server/server/index.js'].
import { readFileSync } from 'node:fs';

const script = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts[
  'start:api'
];
const command = /\bnode ((?:--\S+ )*)dist-server\/server\/index\.js/.exec(script);
if (!command) throw new Error(`package.json's start:api does not run dist-server/server/index.js: ${script}`);

export const apiArgs = [...command[1].split(' ').filter(Boolean), 'dist-server/server/index.js'];
