import { StyleSheet } from '@emotion/sheet';
import { describe, expect, it } from 'vitest';
import { keepRulesThatCanHide } from '../support/emotionRules';

describe('emotion rules kept in the component layer (tests/support/emotionRules.ts)', () => {
  it('inserts the rules that declare display or visibility and drops the others', () => {
    keepRulesThatCanHide();
    keepRulesThatCanHide(); // installing twice keeps one filter
    const sheet = new StyleSheet({ key: 'prueba', container: document.head });
    const rules = [
      '.a{color:red;}',
      '.b{color:red;display:none;}',
      '.c{ visibility: hidden }',
      '@media (min-width:600px){.d{display:flex;}}',
      '.e{text-display-like:none;}',
      '.f{}',
    ];
    for (const rule of rules) sheet.insert(rule);
    const inserted = sheet.tags.map((tag) => tag.textContent);
    sheet.flush();
    expect(inserted).toEqual([rules[1], rules[2], rules[3]]);
  });
});
