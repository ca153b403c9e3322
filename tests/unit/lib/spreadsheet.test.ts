import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import { excelCsv, spreadsheetMoney } from '#/lib/spreadsheet.ts';

describe('a CSV Excel in Portuguese opens as it is', () => {
  test('BOM, semicolons, CRLF, money with a decimal comma', () => {
    const csv = excelCsv(['Pedido', 'Cliente', 'Total'], [[1042, 'Ana Souza', spreadsheetMoney(1234.5)]]);
    expect(csv.startsWith('\uFEFFPedido;Cliente;Total\r\n')).toBe(true);
    expect(csv).toContain('1042;Ana Souza;1.234,50\r\n');
    expect(spreadsheetMoney(0)).toBe('0,00');
    expect(spreadsheetMoney(1_000_000)).toBe('1.000.000,00');
  });

  test('separators, quotes and line breaks inside a cell survive a round trip', () => {
    const tricky = ['Silva; Souza', 'diz "olá"', 'linha 1\nlinha 2', 'Conceição Ávila'];
    const csv = excelCsv(['a', 'b', 'c', 'd'], [tricky]);
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';' });
    expect(parsed.data[1]).toEqual(tricky);
  });

  test('a cell that looks like a formula is written as text', () => {
    const csv = excelCsv(
      ['Cliente'],
      [['=HYPERLINK("http://mal.example","clique")'], ['+5511'], ['@SOMA(A1)'], ['-2+3']],
    );
    for (const line of csv.split('\r\n').slice(1, -1)) expect(line).toMatch(/^"?'/);
  });
});
