/**
 * The app works under its Content-Security-Policy: on the main screens no violation is reported, neither as a
 * `securitypolicyviolation` event nor as a console message, and each screen shows its content.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/** The main screens and something each one shows once loaded. */
const SCREENS: [string, (page: Page) => ReturnType<Page['locator']>][] = [
  ['/#/productos', (p) => p.locator('table tbody tr').first()],
  ['/#/productos/5', (p) => p.locator('form')],
  ['/#/Marca', (p) => p.locator('table tbody tr').first()],
  ['/#/catalogo-productos', (p) => p.getByRole('main')],
  ['/#/revision-textos', (p) => p.getByRole('main')],
  ['/#/generacion-textos', (p) => p.getByRole('main')],
  ['/#/sincronizacion-erp', (p) => p.getByRole('main')],
  ['/#/registro-sincronizacion', (p) => p.getByRole('main')],
  ['/#/aecoc', (p) => p.getByRole('main')],
  ['/#/importar-csv', (p) => p.getByRole('main')],
  ['/#/usuarios', (p) => p.locator('table tbody tr').first()],
  ['/#/matriz-permisos', (p) => p.getByRole('main')],
];

test('no CSP violation on the main screens', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const console: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(text))
      console.push(text);
  });
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  for (const [path, shown] of SCREENS) {
    await page.goto(path);
    await expect(shown(page), path).toBeVisible();
    // let lazy chunks, images and late requests of the screen arrive
    await page.waitForLoadState('networkidle');
    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    );
    expect(violations, path).toEqual([]);
    expect(console, path).toEqual([]);
  }
});
