import { afterEach, describe, expect, test, vi } from 'vitest';
import { cashPrice, NAME_LIMIT, quantityText, shortName } from '#/lib/cart-view.ts';
import { formatEnd, formatTimeLeft, timeLeft } from '#/lib/countdown.ts';
import { menuTree } from '#/lib/menu-tree.ts';
import type { MenuItem } from '#/contract/store.ts';
import { $loading, HIDE_DELAY_MS, loadingEnded, loadingStarted, THROTTLE_MS } from '#/stores/loading.ts';

describe('side cart wording', () => {
  test('names longer than the limit plus 3 are cut to the limit plus an ellipsis', () => {
    const exact = 'x'.repeat(NAME_LIMIT + 3);
    expect(shortName(exact)).toBe(exact);
    const long = 'y'.repeat(NAME_LIMIT + 4);
    expect(shortName(long)).toBe(`${'y'.repeat(NAME_LIMIT)}...`);
    expect(shortName('abcdefghij', 5)).toBe('abcde...');
  });

  test('the quantity field keeps digits only, at most three', () => {
    expect(quantityText('12a')).toBe('12');
    expect(quantityText('-3')).toBe('3');
    expect(quantityText('1.5')).toBe('15');
    expect(quantityText('98765')).toBe('987');
    expect(quantityText('abc')).toBe('');
  });

  test('an item cash price is its price less its own percentage', () => {
    expect(cashPrice(100, 10)).toBe(90);
    expect(cashPrice(1147.9, 10)).toBe(1033.11);
    expect(cashPrice(50, 0)).toBe(50);
  });
});

describe('countdown', () => {
  test('parts of the time left, zero once passed', () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const left = timeLeft(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, now);
    expect(left).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false });
    expect(formatTimeLeft(left)).toBe('2d 03:04:05');
    expect(formatTimeLeft(timeLeft(now + 59_000, now))).toBe('00:00:59');
    expect(timeLeft(now - 1000, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });

  test('the end itself, in Brasília time, for HTML that cannot know the time left', () => {
    // 02:59 UTC on the 28th is 23:59 of the 27th in São Paulo (UTC-3, no daylight saving).
    expect(formatEnd(Date.UTC(2026, 10, 28, 2, 59))).toBe('27/11 às 23h59');
    expect(formatEnd(Date.UTC(2026, 0, 5, 12, 5))).toBe('05/01 às 09h05');
  });
});

describe('mobile menu tree', () => {
  const item = (label: string, path: string, sub: MenuItem[] = [], destaque = false): MenuItem => ({
    id: 0,
    label,
    link: '',
    target: '',
    idTipo: 1,
    destaque,
    icone: '',
    imagem: '',
    imagemOriginal: '',
    rota: { name: 'rota', path, params: {}, query: {} },
    sub,
  });

  test('three levels, no highlighted entries, no child repeating its parent', () => {
    const menu = [
      item('Banheiro', '/banheiro/', [
        item('Banheiro', '/banheiro/'),
        item('Torneiras', '/banheiro/torneiras/', [
          item('De mesa', '/banheiro/torneiras/mesa/', [item('Fundo', '/x/')]),
        ]),
        item('Ofertas', '/ofertas/', [], true),
      ]),
    ];
    expect(menuTree(menu)).toEqual([
      {
        label: 'Banheiro',
        href: '/banheiro/',
        sub: [
          {
            label: 'Torneiras',
            href: '/banheiro/torneiras/',
            sub: [{ label: 'De mesa', href: '/banheiro/torneiras/mesa/', sub: [] }],
          },
        ],
      },
    ]);
  });
});

describe('loading bar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('shows after the throttle, completes and hides 500 ms after the last request', () => {
    vi.useFakeTimers();
    loadingStarted();
    loadingStarted();
    vi.advanceTimersByTime(THROTTLE_MS - 1);
    expect($loading.get().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect($loading.get()).toMatchObject({ visible: true, failed: false });
    vi.advanceTimersByTime(1000);
    const midway = $loading.get().percent;
    expect(midway).toBeGreaterThan(10);
    expect(midway).toBeLessThan(90);
    loadingEnded(true);
    expect($loading.get().percent).toBe(midway);
    loadingEnded(true);
    expect($loading.get()).toMatchObject({ visible: true, percent: 100 });
    vi.advanceTimersByTime(HIDE_DELAY_MS);
    expect($loading.get().visible).toBe(false);
  });

  test('a quick request never shows it; a failed one marks it failed', () => {
    vi.useFakeTimers();
    loadingStarted();
    loadingEnded(true);
    vi.advanceTimersByTime(THROTTLE_MS * 2);
    expect($loading.get().visible).toBe(false);
    loadingStarted();
    loadingEnded(false);
    expect($loading.get()).toMatchObject({ visible: true, percent: 100, failed: true });
    vi.advanceTimersByTime(HIDE_DELAY_MS);
    expect($loading.get().visible).toBe(false);
  });
});
