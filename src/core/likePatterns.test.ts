import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './likePatterns';

describe('LIKE patterns from typed text', () => {
  it('takes the wildcards and the escape character literally', () => {
    expect(escapeLike('50%')).toBe('50\\%');
    expect(escapeLike('A_B')).toBe('A\\_B');
    expect(escapeLike('C:\\ruta')).toBe('C:\\\\ruta');
    expect(escapeLike('%_\\')).toBe('\\%\\_\\\\');
  });

  it('leaves any other text as it is', () => {
    expect(escapeLike("Taladro 18V 'Pro' ñandú 🔧")).toBe("Taladro 18V 'Pro' ñandú 🔧");
  });

  it('contains: the escaped text between two wildcards', () => {
    expect(containsPattern('taladro')).toBe('%taladro%');
    expect(containsPattern('100%')).toBe('%100\\%%');
  });
});
