/**
 * The product list does not move once its first rows are shown: the readiness panel above the table shows the
 * counts it showed last time while the new ones load, and the company selector's place in the bar is kept while
 * the companies load. Both answers are held back here, so the first rows always come before them.
 */
import { expect, test, type Page } from '@playwright/test';
import { listRows, signIn } from './support';

const HELD_MS = 1500;

/** The table's and the bar's position on the page. */
const layoutOf = (page: Page) =>
  page.evaluate(() => ({
    table: Math.round(document.querySelector('table')?.getBoundingClientRect().top ?? -1),
    bar: Math.round(document.querySelector('header')?.getBoundingClientRect().height ?? -1),
  }));

test('the table and the bar keep their place while the readiness counts and the companies arrive', async ({
  page,
}) => {
  await signIn(page);
  await expect(listRows(page).first()).toBeVisible();
  const panel = page.getByRole('region', { name: 'Preparación por marketplace' });
  // the counts shown on this first visit are the ones shown next time while new ones load
  await expect(panel).toHaveAttribute('aria-busy', 'false');
  const held = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    await route.continue();
  };
  await page.route(/\/preparacion\/resumen/, held);
  await page.route(/\/empresas\?/, held);
  await page.goto('about:blank');
  await page.goto('/#/productos');
  await expect(listRows(page).first()).toBeVisible();
  const first = await layoutOf(page);
  await expect(panel).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('company-selector')).toBeEnabled();
  expect(await layoutOf(page)).toEqual(first);
});
