import { useStore } from '#/islands/shared/use-store.ts';
import { searchText } from '#/contract/search-text.ts';
import { $searchLoading, $suggestions } from '#/stores/search.ts';
import { Suggestion } from './Suggestion.tsx';

type Props = {
  /** The listbox's id, which the search field controls. */
  id: string;
  /** What the shopper typed. */
  text: string;
  /** The suggestion the arrow keys are on (-1: none). */
  active: number;
  limit: number;
};

/** The header search's suggestions (a listbox), or why there are none. */
export default function SuggestionList({ id, text, active, limit }: Props) {
  const suggestions = useStore($suggestions);
  const loading = useStore($searchLoading);
  return (
    <>
      <div id={id} role="listbox" aria-label="Sugestões de produtos" aria-busy={loading}>
        {suggestions.slice(0, limit).map((product, i) => (
          <Suggestion key={product.id} product={product} id={`sg-${String(i)}`} active={i === active} />
        ))}
      </div>
      {!loading && suggestions.length === 0 && searchText(text) && (
        <p className="hs__none">Nenhum produto encontrado para &quot;{searchText(text)}&quot;</p>
      )}
    </>
  );
}
