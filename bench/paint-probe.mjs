// When an element first shows, measured in the page: Playwright's waitForSelector polls at 0, 20, 50, 100, 100 and
// then every 500 ms, so past ~300 ms its answer can lag the page by up to half a second (the first product row,
// in the DOM at ~2.1 s, was often seen at ~2.6 s). The probe notes the frame that paints the element instead.

/**
 * Runs in the page before its scripts (Playwright's addInitScript(watchFirstPaint, selector)): once an element
 * matching `selector` is in the document, `window.__firstPaint` gets `{ inDom, painted }`, milliseconds from the
 * start of navigation (performance.now()): when it was added, and the next animation frame (the one that shows it).
 */
export function watchFirstPaint(selector) {
  /* global window, document, requestAnimationFrame, MutationObserver -- runs in the page */
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    const inDom = performance.now();
    requestAnimationFrame(() => {
      window.__firstPaint = { inDom, painted: performance.now() };
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** After navigating: waits for the probe's answer (checked on every frame) and returns it. */
export async function firstPaint(page, timeout = 30000) {
  await page.waitForFunction(() => window.__firstPaint !== undefined, null, { polling: 'raf', timeout });
  return page.evaluate(() => window.__firstPaint);
}
