import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './formula';

describe('neutraliseFormula', () => {
  it('formula guard quotes = + - @ tab CR NUL starts only', () => {
    expect(['=SUM(A1)', '+1', '-1', '@x', '\tx', '\rx', '\0x', 'ok'].map(neutraliseFormula)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-1",
      "'@x",
      "'\tx",
      "'\rx",
      "'\0x",
      'ok',
    ]);
  });
});
