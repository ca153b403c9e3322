import { afterEach, expect, test, vi } from 'vitest';
import { TtlCache } from '#/server/lib/ttl-cache.ts';

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

test('a stale value is served while one background computation refreshes it', async () => {
  vi.useFakeTimers();
  const cache = new TtlCache<number>(10, 1000, 5000);
  let n = 0;
  const compute = vi.fn(() => Promise.resolve(++n));
  expect(await cache.getOrCompute('k', compute)).toBe(1);
  vi.advanceTimersByTime(1500);
  expect(cache.get('k')).toBeUndefined();
  const [a, b] = await Promise.all([cache.getOrCompute('k', compute), cache.getOrCompute('k', compute)]);
  expect([a, b]).toEqual([1, 1]);
  await vi.waitFor(() => {
    expect(cache.get('k')).toBe(2);
  });
  expect(compute).toHaveBeenCalledTimes(2);
  vi.advanceTimersByTime(10_000);
  expect(await cache.getOrCompute('k', compute)).toBe(3);
});

test('simultaneous misses share one computation', async () => {
  const cache = new TtlCache<number>(10, 1000);
  const compute = vi.fn(
    () =>
      new Promise<number>((resolve) =>
        setTimeout(() => {
          resolve(5);
        }, 10),
      ),
  );
  expect(await Promise.all([cache.getOrCompute('k', compute), cache.getOrCompute('k', compute)])).toEqual([
    5, 5,
  ]);
  expect(compute).toHaveBeenCalledTimes(1);
});
