// Starts a private MariaDB server (Debian's mariadb-server) on a free loopback port in a temporary data folder,
// for the MySQL contract suite. Stopped by its PID.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, stopByPid } from './run.mjs';

export async function startMariaDb(database = 'pim') {
  const dir = mkdtempSync(path.join(tmpdir(), 'pim-mariadb-'));
  const datadir = path.join(dir, 'data');
  const socket = path.join(dir, 'mysqld.sock');
  execFileSync(
    'mariadb-install-db',
    [
      '--no-defaults',
      `--datadir=${datadir}`,
      '--user=root',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    { stdio: 'ignore' },
  );
  const port = await freePort();
  const child = spawn(
    'mariadbd',
    [
      '--no-defaults',
      `--datadir=${datadir}`,
      `--socket=${socket}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--user=root',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=128M',
      `--pid-file=${path.join(dir, 'mysqld.pid')}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  const start = Date.now();
  for (;;) {
    try {
      execFileSync(
        'mariadb',
        [
          '--no-defaults',
          `--socket=${socket}`,
          '-uroot',
          '-e',
          `CREATE DATABASE IF NOT EXISTS ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci; CREATE USER IF NOT EXISTS 'pim'@'127.0.0.1' IDENTIFIED BY 'pim'; GRANT ALL ON *.* TO 'pim'@'127.0.0.1';`,
        ],
        { stdio: 'ignore' },
      );
      break;
    } catch {
      if (child.exitCode !== null || Date.now() - start > 30000) {
        throw new Error(`MariaDB did not start:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url: `mysql://pim:pim@127.0.0.1:${port}/${database}`,
    async stop() {
      await stopByPid(child, 20000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
