import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { updateLink } from '../../../lib/url-state/link';
import { centreKey, placeZoom, setSelection, zoomKey } from '../../map/public';
import {
  type RememberedPlace,
  rememberRecent,
  useRecentPlaces,
  useSavedPlaces,
} from '../../../lib/place-memory';
import { placeSearchQueryOptions } from '../api/place-search-query';
import './place-search.css';

interface Option {
  id: string;
  label: string;
  detail: string;
  /** The other name a search matched ("München" for Munich), shown beside the place's own. */
  matched?: string | undefined;
  place: RememberedPlace;
}

/**
 * Find a place by name (the BFF's gazetteer), or go back to a saved or recent one. A WAI-ARIA
 * combobox: type, move with the arrow keys, Enter to go, Escape to close. Going to a place is
 * navigation, so Back returns to the one before.
 */
export function PlaceSearch() {
  const id = useId();
  const [text, setText] = useState('');
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const recent = useRecentPlaces();
  const saved = useSavedPlaces();

  // Ask once typing pauses, not on every key.
  useEffect(() => {
    const timer = window.setTimeout(() => setTyped(text.trim()), 200);
    return () => window.clearTimeout(timer);
  }, [text]);
  const search = useQuery({ ...placeSearchQueryOptions(typed), enabled: typed.length >= 2 });

  // Results only for what is typed now: Enter must never pick a match for an older prefix.
  const current = typed === text.trim();
  const options: Option[] =
    text.trim().length >= 2
      ? (current ? (search.data?.places ?? []) : []).map((place, index) => ({
          id: `${id}-found-${index}`,
          label: place.label,
          detail: place.population > 0 ? `${place.population.toLocaleString('en')} people` : '',
          matched: place.matched_name,
          place: { name: place.label, lat: place.lat, lon: place.lon },
        }))
      : [
          ...saved.map((place, index) => ({
            id: `${id}-saved-${index}`,
            label: place.name,
            detail: 'Saved',
            place,
          })),
          ...recent.map((place, index) => ({
            id: `${id}-recent-${index}`,
            label: place.name,
            detail: 'Recent',
            place,
          })),
        ];
  const shown = open && options.length > 0;
  const nothingFound =
    open && current && text.trim().length >= 2 && search.isSuccess && options.length === 0;
  const activeIndex = Math.min(active, options.length - 1);

  const go = (option: Option) => {
    rememberRecent(option.place);
    setText('');
    setOpen(false);
    updateLink(
      (set, read) => {
        setSelection(set, { lat: option.place.lat, lon: option.place.lon });
        set(centreKey, undefined);
        set(zoomKey, Math.max(read(zoomKey), placeZoom));
      },
      { history: 'push' },
    );
  };

  return (
    <div className="place-search">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Find a place
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        placeholder="Find a place…"
        autoComplete="off"
        aria-expanded={shown}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={shown ? options[activeIndex]?.id : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((activeIndex + step + options.length) % Math.max(1, options.length));
          } else if (event.key === 'Enter' && shown) {
            event.preventDefault();
            const option = options[activeIndex];
            if (option) go(option);
          } else if (event.key === 'Escape' && shown) {
            // Close the list only; the search field would otherwise clear itself and reopen it.
            event.preventDefault();
            setOpen(false);
          }
        }}
      />
      {shown && (
        <ul id={`${id}-list`} role="listbox" aria-label="Places" className="place-search__list">
          {options.map((option, index) => (
            <li
              key={option.id}
              id={option.id}
              role="option"
              aria-selected={index === activeIndex}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                go(option);
              }}
            >
              <span>{option.label}</span>
              <span className="place-search__detail">
                {option.matched && (
                  <>
                    {/* Isolated, so an Arabic name does not reorder the rest of the line. */}
                    <bdi>{option.matched}</bdi>
                    {option.detail && ' · '}
                  </>
                )}
                {option.detail}
              </span>
            </li>
          ))}
        </ul>
      )}
      {/* Always in the page, so screen readers announce the message when it appears in it. */}
      <div role="status">
        {nothingFound && <p className="place-search__empty">No place called “{text.trim()}”</p>}
      </div>
    </div>
  );
}
