import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';
import { useSuggestions } from '../api/suggest';
import './search-box.css';

type SearchBoxProps = {
  /** After the box takes the shopper somewhere (the phone's menu closes). */
  onNavigate?: () => void;
};

/**
 * The navbar's search (decisions section 17), an ARIA combobox: up to five suggestions with
 * photos as one types, arrows move through them, Enter opens the one chosen or lists every match
 * on the search page, Escape closes the list.
 */
export function SearchBox({ onNavigate }: SearchBoxProps) {
  const navigate = useNavigate();
  const listId = useId();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(typed);
  const box = useRef<HTMLInputElement>(null);
  // On a page the server drew, the box works before the app does (a plain GET form to /search):
  // words typed meanwhile are in the field, not in this state, when the app takes the page over.
  useEffect(() => {
    const field = box.current;
    if (!field || field.value === '') return;
    // What the browser holds, read once after hydration.
    setTyped(field.value);
    setOpen(document.activeElement === field);
  }, []);
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    onNavigate?.();
    navigate(href);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded ? suggestions[active] : undefined;
    if (chosen) {
      go(paths.product.getHref(chosen._id));
      return;
    }
    const q = typed.trim();
    if (q) go(paths.search.getHref(q));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: past either end the text is what Enter searches for.
      setActive((i) => {
        const next = i + step;
        return next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else {
        setTyped('');
      }
    }
  };

  return (
    <form className="search-box" role="search" action="/search" onSubmit={submit}>
      <input
        ref={box}
        type="search"
        name="q"
        role="combobox"
        aria-label="Search shoes"
        placeholder="Search shoes"
        autoComplete="off"
        enterKeyHint="search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" className="search-suggestions" hidden={!expanded}>
        {expanded
          ? suggestions.map((s, index) => (
              <li
                key={s._id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="search-suggestion"
                // Chosen before the box's blur closes the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(paths.product.getHref(s._id))}
              >
                {s.photo ? <img src={s.photo} alt="" width={40} height={40} loading="lazy" decoding="async" /> : null}
                <span className="search-suggestion-name">{s.name}</span>
                {typeof s.price === 'number' ? (
                  <span className="search-suggestion-price">{formatRupees(s.price)}</span>
                ) : null}
              </li>
            ))
          : null}
      </ul>
    </form>
  );
}
