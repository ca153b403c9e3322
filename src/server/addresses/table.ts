/**
 * The embedded CEP table: works offline, with no provider configured. The Correios ranges of every state
 * (a CEP's UF, which shipping prices by); ranges (8 digits) for the state capitals and the cities of the
 * store's own addresses (Campinas, Jundiaí), which give the city too; a few single CEPs with their street.
 */

/** First five digits of the CEP → UF (Correios ranges). */
const UF_RANGES: [number, number, string][] = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/** The state of a CEP, or undefined for one outside every range (00000-000). */
export function ufOfCep(cep: string): string | undefined {
  const prefix = Number(cep.slice(0, 5));
  return UF_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2];
}

/** City ranges: [first, last, city, UF] */
export const CITY_RANGES: readonly (readonly [number, number, string, string])[] = [
  [1_000_000, 5_999_999, 'São Paulo', 'SP'],
  [8_000_000, 8_499_999, 'São Paulo', 'SP'],
  [13_000_000, 13_139_999, 'Campinas', 'SP'],
  [13_200_000, 13_219_999, 'Jundiaí', 'SP'],
  [20_000_000, 23_799_999, 'Rio de Janeiro', 'RJ'],
  [29_000_000, 29_099_999, 'Vitória', 'ES'],
  [30_000_000, 31_999_999, 'Belo Horizonte', 'MG'],
  [40_000_000, 42_599_999, 'Salvador', 'BA'],
  [49_000_000, 49_098_999, 'Aracaju', 'SE'],
  [50_000_000, 52_999_999, 'Recife', 'PE'],
  [57_000_000, 57_099_999, 'Maceió', 'AL'],
  [58_000_000, 58_099_999, 'João Pessoa', 'PB'],
  [59_000_000, 59_139_999, 'Natal', 'RN'],
  [60_000_000, 61_599_999, 'Fortaleza', 'CE'],
  [64_000_000, 64_099_999, 'Teresina', 'PI'],
  [65_000_000, 65_109_999, 'São Luís', 'MA'],
  [66_000_000, 66_999_999, 'Belém', 'PA'],
  [68_900_000, 68_914_999, 'Macapá', 'AP'],
  [69_000_000, 69_099_999, 'Manaus', 'AM'],
  [69_300_000, 69_339_999, 'Boa Vista', 'RR'],
  [69_900_000, 69_924_999, 'Rio Branco', 'AC'],
  [70_000_000, 72_799_999, 'Brasília', 'DF'],
  [73_000_000, 73_699_999, 'Brasília', 'DF'],
  [74_000_000, 74_899_999, 'Goiânia', 'GO'],
  [76_800_000, 76_834_999, 'Porto Velho', 'RO'],
  [77_000_000, 77_270_999, 'Palmas', 'TO'],
  [78_000_000, 78_109_999, 'Cuiabá', 'MT'],
  [79_000_000, 79_129_999, 'Campo Grande', 'MS'],
  [80_000_000, 82_999_999, 'Curitiba', 'PR'],
  [88_000_000, 88_099_999, 'Florianópolis', 'SC'],
  [90_000_000, 91_999_999, 'Porto Alegre', 'RS'],
];

/** Single CEPs known to the street: CEP → [street, district]. */
export const STREETS: Readonly<Record<string, readonly [string, string]>> = {
  '01001000': ['Praça da Sé', 'Sé'],
  '01310100': ['Avenida Paulista', 'Bela Vista'],
};
