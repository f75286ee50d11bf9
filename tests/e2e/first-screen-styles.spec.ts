/**
 * The first screens find their CSS already in the page (index.html, from src/layout/first-screen-styles.json):
 * emotion then inserts almost nothing while they open. When this fails, the components or the theme of the login
 * form or of the product list changed: `npm run styles:first-screen` records their rules again.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, listRows, signIn } from './support';

/** At most this share of the recorded rules may be inserted while the screen opens. */
const MOST_INSERTED = 0.05;

interface Styles {
  recorded: number;
  inserted: string[];
}

/** Rules in the recorded tag, and the rules emotion inserted itself (its own tags, not the global styles'). */
const styles = (page: Page): Promise<Styles> =>
  page.evaluate(() => {
    const rulesOf = (tag: Element) => [...((tag as HTMLStyleElement).sheet?.cssRules ?? [])];
    const recorded = [...document.querySelectorAll('style[data-emotion^="css "]')].flatMap(rulesOf);
    const inserted = [...document.querySelectorAll('style[data-emotion="css"]')].flatMap(rulesOf);
    return { recorded: recorded.length, inserted: inserted.map((rule) => rule.cssText.slice(0, 120)) };
  });

const expectFewInserted = ({ recorded, inserted }: Styles) => {
  expect(recorded, 'index.html carries the recorded rules').toBeGreaterThan(100);
  expect(
    inserted.length,
    `rules inserted while opening (run \`npm run styles:first-screen\`):\n${inserted.join('\n')}`,
  ).toBeLessThanOrEqual(Math.round(recorded * MOST_INSERTED));
};

test('the login form opens with its styles already in the page', async ({ page }) => {
  await page.goto('/#/login');
  await expect(page.locator('input[name="username"]')).toBeVisible();
  expectFewInserted(await styles(page));
});

test('the product list opens with its styles already in the page', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/#/productos');
  await expect(listRows(page).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expectFewInserted(await styles(page));
});
