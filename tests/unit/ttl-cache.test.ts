import { afterEach, expect, test, vi } from 'vitest';
import { TtlCache } from '../../src/server/lib/ttl-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('entries expire after the TTL', () => {
  vi.useFakeTimers();
  const cache = new TtlCache<number>(10, 1000);
  cache.set('a', 1);
  vi.advanceTimersByTime(999);
  expect(cache.get('a')).toBe(1);
  vi.advanceTimersByTime(2);
  expect(cache.get('a')).toBeUndefined();
});

test('the least recently used entry goes first when full', () => {
  const cache = new TtlCache<number>(2, 60_000);
  cache.set('a', 1);
  cache.set('b', 2);
  cache.get('a');
  cache.set('c', 3);
  expect(cache.get('b')).toBeUndefined();
  expect(cache.get('a')).toBe(1);
  expect(cache.get('c')).toBe(3);
});

test('getOrCompute runs once per key and does not keep failures', async () => {
  const cache = new TtlCache<number>(10, 60_000);
  const compute = vi.fn(() => Promise.resolve(7));
  expect(await cache.getOrCompute('k', compute)).toBe(7);
  expect(await cache.getOrCompute('k', compute)).toBe(7);
  expect(compute).toHaveBeenCalledTimes(1);
  await expect(cache.getOrCompute('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
  expect(cache.get('bad')).toBeUndefined();
});
