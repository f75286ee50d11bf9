// `npm run styles:first-screen`: records the CSS rules that MUI's styling engine (emotion) writes into the page
// for the first screens, the login form signed out and the product list signed in (with its menu and toolbar),
// into src/layout/first-screen-styles.json. The build puts them in index.html (vite.config.mts), where emotion
// finds them already there: it neither compiles nor inserts them again while the first screen renders.
//
// Builds the app without the recorded rules (so nothing stale is carried forward), starts the reference API on a
// free loopback port with a fresh demo store, reads the rules in Debian's Chromium, stops the API by its PID.
// Run it again when the first screens' components or the theme change: the E2E suite says when
// (tests/e2e/first-screen-styles.spec.ts). Rules no longer used are harmless; rules missing are inserted as usual.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, run, stopByPid, waitForHttp } from '../tests/support/run.mjs';
import { storeSession } from '../bench/session.mjs';
import { apiArgs } from '../bench/api-command.mjs';

const OUTPUT = 'src/layout/first-screen-styles.json';
const DATA_ROW = 'tbody tr.RaDatagrid-row';

const appDir = mkdtempSync(path.join(tmpdir(), 'pim-styles-app-'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'pim-styles-data-'));
for (const [cmd, args, env] of [
  [
    'node_modules/.bin/vite',
    ['build', '--outDir', appDir, '--emptyOutDir', '--logLevel', 'warn'],
    { FIRST_SCREEN_STYLES: '0' },
  ],
  ['npm', ['run', 'build:server'], {}],
]) {
  if ((await run(cmd, args, env)) !== 0) process.exit(1);
}
const port = await freePort();
const appUrl = `http://127.0.0.1:${port}`;
const api = spawn(process.execPath, apiArgs, {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: appDir },
});
const settings = JSON.parse(readFileSync('tests/support/chromium.json', 'utf8'));
const browser = await chromium.launch({ executablePath: settings.executablePath, args: settings.args });

/**
 * The name emotion knows a rule's styles by: what follows `css-` in its first class, or a keyframes block's name.
 * A `<style data-emotion="css name1 name2 …">` already in the page marks those names as inserted.
 */
const ownerOfRule = (cssText) =>
  /^@keyframes\s+([\w-]+)/.exec(cssText)?.[1] ?? /\.css-([\w-]+)/.exec(cssText)?.[1] ?? null;

/* global document -- runs in the page */
/** The text of every rule emotion inserted, in the order the page holds them (its own tags, not the global ones). */
const emotionRules = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('style[data-emotion="css"]')].flatMap((tag) =>
      [...(tag.sheet?.cssRules ?? [])].map((rule) => rule.cssText),
    ),
  );

try {
  await waitForHttp(`${appUrl}/config.json`);
  // imported once the API is built (api-client.mjs reads the seed's demo admin)
  const { adminLogin } = await import('../bench/api-client.mjs');
  const login = await adminLogin(appUrl);

  const signedOut = await browser.newContext();
  const loginPage = await signedOut.newPage();
  await loginPage.goto(`${appUrl}/#/login`);
  await loginPage.waitForSelector('input[name="username"]');
  await loginPage.waitForTimeout(500);
  const loginRules = await emotionRules(loginPage);
  await signedOut.close();

  const signedIn = await browser.newContext();
  await signedIn.addInitScript(storeSession, login);
  const listPage = await signedIn.newPage();
  await listPage.goto(`${appUrl}/#/productos`);
  await listPage.waitForSelector(DATA_ROW);
  // the parts rendered after the rows (menu, toolbar's filters) and the answers that follow them
  await listPage.waitForLoadState('networkidle');
  await listPage.waitForTimeout(1000);
  const listRules = await emotionRules(listPage);
  await signedIn.close();

  const css = [...new Set([...loginRules, ...listRules])];
  const ids = [...new Set(css.map(ownerOfRule).filter((id) => id !== null))];
  writeFileSync(
    OUTPUT,
    `${JSON.stringify({ about: 'Written by `npm run styles:first-screen`; read by vite.config.mts.', ids, css: css.join('') }, null, 2)}\n`,
  );
  console.log(`${OUTPUT}: ${css.length} rules of ${ids.length} class names (${css.join('').length} bytes)`);
} finally {
  await browser.close();
  await stopByPid(api);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(appDir, { recursive: true, force: true });
}
