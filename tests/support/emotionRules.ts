/**
 * MUI's styles reach jsdom as one <style> element per rule (emotion's development mode), and jsdom's
 * getComputedStyle matches every rule of every sheet against the element for each call — the accessible-name
 * lookups of `getByRole(…, { name })` and MUI's TextareaAutosize call it thousands of times per test. A test only
 * observes the rules that can hide an element (`display`, `visibility`: testing-library's "inaccessible" check
 * and dom-accessibility-api's hidden check): the component layer keeps those and lets the others go.
 */
import { StyleSheet } from '@emotion/sheet';

const canHide = /(?:^|[{;])\s*(?:display|visibility)\s*:/;

/** Emotion's sheets insert only the rules that declare `display` or `visibility` (jsdom environments only). */
export const keepRulesThatCanHide = (): void => {
  const insert = StyleSheet.prototype.insert;
  if (typeof document === 'undefined' || Object.hasOwn(insert, 'keepsRulesThatCanHide')) return;
  const filtered = function (this: StyleSheet, rule: string) {
    if (canHide.test(rule)) insert.call(this, rule);
  };
  Object.defineProperty(filtered, 'keepsRulesThatCanHide', { value: true });
  StyleSheet.prototype.insert = filtered;
};
