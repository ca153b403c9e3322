import { afterEach, expect, test, vi } from 'vitest';
import { TtlCache } from '#/server/lib/ttl-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('entries expire after the TTL', () => {
  vi.useFakeTimers();
  const cache = new TtlCache<{ n: number }>(10, 1000);
  cache.set('a', { n: 1 });
  vi.advanceTimersByTime(999);
  expect(cache.get('a')?.n).toBe(1);
  vi.advanceTimersByTime(2);
  expect(cache.get('a')).toBeUndefined();
});

test('the least recently used entry goes first when full', () => {
  const cache = new TtlCache<{ n: number }>(2, 60_000);
  cache.set('a', { n: 1 });
  cache.set('b', { n: 2 });
  cache.get('a');
  cache.set('c', { n: 3 });
  expect(cache.get('b')).toBeUndefined();
  expect(cache.get('a')?.n).toBe(1);
  expect(cache.get('c')?.n).toBe(3);
});

test('getOrCompute runs once per key and does not keep failures', async () => {
  const cache = new TtlCache<{ n: number }>(10, 60_000);
  const compute = vi.fn(() => Promise.resolve({ n: 7 }));
  expect((await cache.getOrCompute('k', compute)).n).toBe(7);
  expect((await cache.getOrCompute('k', compute)).n).toBe(7);
  expect(compute).toHaveBeenCalledTimes(1);
  await expect(cache.getOrCompute('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
  expect(cache.get('bad')).toBeUndefined();
});

test('a stale value is served while one background computation refreshes it', async () => {
  vi.useFakeTimers();
  const cache = new TtlCache<{ n: number }>(10, 1000, 5000);
  let n = 0;
  const compute = vi.fn(() => Promise.resolve({ n: ++n }));
  expect((await cache.getOrCompute('k', compute)).n).toBe(1);
  vi.advanceTimersByTime(1500);
  expect(cache.get('k')).toBeUndefined();
  const [a, b] = await Promise.all([cache.getOrCompute('k', compute), cache.getOrCompute('k', compute)]);
  expect([a.n, b.n]).toEqual([1, 1]);
  await vi.waitFor(() => {
    expect(cache.get('k')?.n).toBe(2);
  });
  expect(compute).toHaveBeenCalledTimes(2);
  vi.advanceTimersByTime(10_000);
  expect((await cache.getOrCompute('k', compute)).n).toBe(3);
});

test('simultaneous misses share one computation', async () => {
  const cache = new TtlCache<{ n: number }>(10, 1000);
  const compute = vi.fn(
    () =>
      new Promise<{ n: number }>((resolve) =>
        setTimeout(() => {
          resolve({ n: 5 });
        }, 10),
      ),
  );
  const both = await Promise.all([cache.getOrCompute('k', compute), cache.getOrCompute('k', compute)]);
  expect(both.map((v) => v.n)).toEqual([5, 5]);
  expect(compute).toHaveBeenCalledTimes(1);
});

test('a refresh that fails keeps serving the stale value until its window ends', async () => {
  vi.useFakeTimers();
  const cache = new TtlCache<{ n: number }>(10, 1000, 5000);
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  expect((await cache.getOrCompute('k', () => Promise.resolve({ n: 1 }))).n).toBe(1);
  vi.advanceTimersByTime(1500);
  const failing = vi.fn(() => Promise.reject(new Error('banco fora')));
  expect((await cache.getOrCompute('k', failing)).n).toBe(1);
  await vi.waitFor(() => {
    expect(errors).toHaveBeenCalledWith('[cache] background refresh failed (Error)');
  });
  expect((await cache.getOrCompute('k', failing)).n).toBe(1);
  vi.advanceTimersByTime(6000);
  await expect(cache.getOrCompute('k', failing)).rejects.toThrow('banco fora');
  errors.mockRestore();
});

test('cleared while computing (the data changed): the caller gets the data as it is now, and nothing is kept', async () => {
  const cache = new TtlCache<{ n: number }>(10, 60_000);
  let version = 1;
  let release: () => void = () => undefined;
  const slow = new Promise<void>((resolve) => (release = resolve));
  const compute = vi.fn(async () => {
    const seen = version;
    if (compute.mock.calls.length === 1) await slow;
    return { n: seen };
  });
  const asked = cache.getOrCompute('k', compute);
  // A change arrives mid-computation: the data moves on and the cache is dropped.
  version = 2;
  cache.clear();
  release();
  expect((await asked).n).toBe(2);
  expect(cache.get('k')).toBeUndefined();
  expect(compute).toHaveBeenCalledTimes(2);
});
