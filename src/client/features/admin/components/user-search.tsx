import { Search } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { USER_SEARCH_MAX_LENGTH } from '#shared/constants.ts';
import { Input } from '#client/components/ui/input.tsx';

/** How long typing pauses before the list is asked again: one request per word, not per key. */
const SEARCH_DELAY_MS = 300;

const FIELD_ID = 'user-search';

/** Characters the server refuses in a one-line text: controls and bidirectional overrides. */
const REFUSED = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/** The search a URL names, as the field could have typed it (the server would refuse the rest). */
export function searchFromUrl(value: string | null): string {
  const cut = (value ?? '').replace(REFUSED, ' ').trim().slice(0, USER_SEARCH_MAX_LENGTH);
  // A cut between the two halves of a character would leave half of one: not text.
  return cut.replace(/[\uD800-\uDBFF]$/u, '').trim();
}

/** The URL's parameters for a search: none for a blank one. */
function searchParams(value: string): { search?: string } {
  const search = value.trim();
  return search ? { search } : {};
}

/**
 * The search of the accounts, kept in the URL (`?search=jane`) so that it survives a reload
 * and the way back. `text` is what the field shows at once; `search` is what the list asks
 * for, once typing pauses (or at once with Enter, or when the search is cleared).
 */
export function useUserSearch() {
  const [params, setParams] = useSearchParams();
  const search = searchFromUrl(params.get('search'));
  const [text, setText] = useState(search);

  // The search the field last wrote into the URL, or found there. Another one in the URL came
  // from elsewhere (the menu's link to this page), and the field follows it; its own, arriving
  // while the trader types on, leaves what they typed since.
  const written = useRef(search);
  useEffect(() => {
    if (written.current === search) return;
    written.current = search;
    setText(search);
  }, [search]);

  const apply = useCallback(
    (value: string) => {
      const next = searchParams(value);
      written.current = next.search ?? '';
      setParams(next, { replace: true });
    },
    [setParams],
  );
  useEffect(() => {
    if (text.trim() === search) return;
    // wouter keeps `setParams` the same across renders: only typing restarts the wait.
    const timer = setTimeout(() => apply(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search, apply]);

  // 'Clear search' goes away as it clears (the list replaces the empty result it sits in): the
  // keyboard goes on from the field, not from the top of the document.
  const clear = () => {
    setText('');
    apply('');
    document.getElementById(FIELD_ID)?.focus();
  };
  return { search, text, setText, apply, clear };
}

/** The field: a search landmark, so a screen reader's user can go straight to it. */
export function UserSearchField({
  text,
  setText,
  apply,
}: Pick<ReturnType<typeof useUserSearch>, 'text' | 'setText' | 'apply'>) {
  return (
    <form
      role="search"
      className="relative max-w-md"
      onSubmit={(event) => {
        event.preventDefault();
        apply(text);
      }}
    >
      <Search
        aria-hidden="true"
        className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
      />
      <Input
        id={FIELD_ID}
        type="search"
        aria-label="Search users"
        placeholder="Search by name, username, email or company"
        maxLength={USER_SEARCH_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        className="w-full pl-9"
      />
    </form>
  );
}
