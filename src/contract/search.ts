import { z } from 'zod';
import { searchText } from './search-text.ts';

export { SEARCH_MAX_LENGTH, searchText } from './search-text.ts';

/** `busca` as the platform reads it: a NUL is refused, the rest is `searchText`. */
export const searchTextSchema = z
  .string()
  .refine((text) => !text.includes('\u0000'), { message: 'O texto da busca contém caracteres inválidos.' })
  .transform(searchText);
