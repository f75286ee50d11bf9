// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATEMENT_LIMIT_MS,
  flavorOf,
  limitedStatement,
  statementLimitFrom,
} from '../../server/store/statement-limit';

describe('limitedStatement', () => {
  const select = 'SELECT `id` FROM `Producto` WHERE `nombre` LIKE ?';

  it('MariaDB: a read runs under max_statement_time, in seconds to the microsecond', () => {
    expect(limitedStatement(select, 'mariadb', 30_000)).toBe(
      `SET STATEMENT max_statement_time=30.000000 FOR ${select}`,
    );
    expect(limitedStatement(select, 'mariadb', 0.001)).toBe(
      `SET STATEMENT max_statement_time=0.000001 FOR ${select}`,
    );
  });

  it('MySQL: a read carries the MAX_EXECUTION_TIME hint (whole milliseconds, at least 1)', () => {
    expect(limitedStatement(select, 'mysql', 30_000)).toBe(
      'SELECT /*+ MAX_EXECUTION_TIME(30000) */ `id` FROM `Producto` WHERE `nombre` LIKE ?',
    );
    expect(limitedStatement('  select 1', 'mysql', 0.2)).toBe('  select /*+ MAX_EXECUTION_TIME(1) */ 1');
  });

  it('a union of parenthesised reads is a read too', () => {
    const union = '(SELECT 0 AS w, `id` FROM `V` LIMIT 1) UNION ALL (SELECT 1 AS w, `id` FROM `V` LIMIT 1)';
    expect(limitedStatement(union, 'mariadb', 1000)).toBe(
      `SET STATEMENT max_statement_time=1.000000 FOR ${union}`,
    );
    expect(limitedStatement(union, 'mysql', 1000)).toBe(
      '(SELECT /*+ MAX_EXECUTION_TIME(1000) */ 0 AS w, `id` FROM `V` LIMIT 1) UNION ALL (SELECT 1 AS w, `id` FROM `V` LIMIT 1)',
    );
  });

  it('writes, and every statement without a limit, are left as they are', () => {
    for (const sql of [
      'UPDATE `Producto` SET `nombre`=? WHERE `id`=?',
      'INSERT INTO `Producto` (`nombre`) VALUES (?)',
      'DELETE FROM `Producto` WHERE `id`=?',
      'SELECTIVE', // not a SELECT keyword
    ]) {
      expect(limitedStatement(sql, 'mariadb', 30_000)).toBe(sql);
      expect(limitedStatement(sql, 'mysql', 30_000)).toBe(sql);
    }
    expect(limitedStatement(select, 'mariadb', 0)).toBe(select);
    expect(limitedStatement(select, 'mysql', 0)).toBe(select);
  });
});

describe('the setting', () => {
  it('flavour from the version string', () => {
    expect(flavorOf('10.11.19-MariaDB-0+deb12u1')).toBe('mariadb');
    expect(flavorOf('8.0.36')).toBe('mysql');
  });

  it('DB_STATEMENT_TIMEOUT_MS: default 30 s, 0 turns it off, anything else refused', () => {
    expect(statementLimitFrom(undefined)).toBe(DEFAULT_STATEMENT_LIMIT_MS);
    expect(statementLimitFrom(' ')).toBe(DEFAULT_STATEMENT_LIMIT_MS);
    expect(statementLimitFrom('5000')).toBe(5000);
    expect(statementLimitFrom('0')).toBe(0);
    expect(() => statementLimitFrom('-1')).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    expect(() => statementLimitFrom('30s')).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });
});
