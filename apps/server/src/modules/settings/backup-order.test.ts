import { describe, expect, it } from 'vitest';
import { newestBackupFirst } from './backup.service.ts';

describe('newestBackupFirst', () => {
  it('orders by time stamp, then by the counter of backups made in the same second', () => {
    const names = [
      'atoll-20261206-105300.json.gz',
      'atoll-20261206-105300-3.json.gz',
      'atoll-20261205-235959.json.gz',
      'atoll-20261206-105301.json.gz',
      'atoll-20261206-105300-2.json.gz',
      'atoll-20261206-105300-10.json.gz',
    ];
    expect(
      names
        .map((name) => ({ name }))
        .sort(newestBackupFirst)
        .map((b) => b.name),
    ).toEqual([
      'atoll-20261206-105301.json.gz',
      'atoll-20261206-105300-10.json.gz',
      'atoll-20261206-105300-3.json.gz',
      'atoll-20261206-105300-2.json.gz',
      'atoll-20261206-105300.json.gz',
      'atoll-20261205-235959.json.gz',
    ]);
  });
});
