import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import type { Currency } from "@bureau/domain/contracts/reference-data";

type PickerCurrency = Pick<Currency, "code" | "label">;

function matchesQuery(currency: PickerCurrency, query: string): boolean {
  const text = query.trim().toLowerCase();
  return text === "" || currency.code.toLowerCase().includes(text) || currency.label.toLowerCase().includes(text);
}

/** Where the active option moves on each navigation key, wrapping at the ends of the list. */
const ACTIVE_OPTION_MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (index, last) => (index >= last ? 0 : index + 1),
  ArrowUp: (index, last) => (index <= 0 ? Math.max(last, 0) : index - 1),
  Home: () => 0,
  End: (_index, last) => Math.max(last, 0),
};

const optionId = (pickerId: string, code: string) => `${pickerId}-option-${code}`;

/**
 * While the picker is open: focus in its search box, a pointer down outside it closes it, and the
 * active option is kept in view.
 */
function useOpenPopup(open: boolean, activeCode: string | undefined, setOpen: (open: boolean) => void) {
  const rootRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, setOpen]);

  useEffect(() => {
    if (!open || !activeCode) return;
    listRef.current?.querySelector(`[data-code="${CSS.escape(activeCode)}"]`)?.scrollIntoView({ block: "nearest" });
  }, [open, activeCode]);

  return { rootRef, searchRef, listRef };
}

/**
 * A searchable currency picker (WAI-ARIA combobox with a listbox popup). The button shows the chosen
 * currency; opening it focuses a search box that filters by code or name, with arrow keys to move,
 * Enter to choose and Escape to close. The option list is only rendered while open.
 */
export function CurrencyPicker({
  currencies,
  value,
  onChange,
  label,
}: {
  currencies: readonly PickerCurrency[];
  value: string;
  onChange: (code: string) => void;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const selected = currencies.find((currency) => currency.code === value);
  const matches = currencies.filter((currency) => matchesQuery(currency, query));
  const activeCode = matches[activeIndex]?.code;
  const { rootRef, searchRef, listRef } = useOpenPopup(open, activeCode, setOpen);

  function openPicker() {
    setQuery("");
    const current = currencies.findIndex((currency) => currency.code === value);
    setActiveIndex(Math.max(0, current));
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function choose(code: string) {
    onChange(code);
    close(true);
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const key = event.key;
    if (key in ACTIVE_OPTION_MOVES) {
      event.preventDefault();
      setActiveIndex((index) => ACTIVE_OPTION_MOVES[key]!(index, matches.length - 1));
    } else if (key === "Enter") {
      event.preventDefault();
      if (activeCode) choose(activeCode);
    } else if (key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (key === "Tab") {
      setOpen(false);
    }
  }

  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;

  return (
    <div className="picker" ref={rootRef}>
      <span className="widget-label" id={labelId}>
        {label}
      </span>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="picker-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${buttonId}`}
        onClick={() => (open ? close(false) : openPicker())}
      >
        <span className="picker-code">{selected?.code ?? value}</span>
        <span className="picker-name">{selected?.label ?? ""}</span>
        <span className="picker-chevron" aria-hidden="true" />
      </button>
      {open ? (
        <PickerPopup
          id={id}
          query={query}
          onQuery={(text) => {
            setQuery(text);
            setActiveIndex(0);
          }}
          matches={matches}
          activeIndex={activeIndex}
          onActivate={setActiveIndex}
          value={value}
          onChoose={choose}
          onKeyDown={onSearchKeyDown}
          searchRef={searchRef}
          listRef={listRef}
        />
      ) : null}
    </div>
  );
}

/** The open picker: the search box (the combobox) and the currencies that match it (its listbox). */
function PickerPopup({
  id,
  query,
  onQuery,
  matches,
  activeIndex,
  onActivate,
  value,
  onChoose,
  onKeyDown,
  searchRef,
  listRef,
}: {
  id: string;
  query: string;
  onQuery: (text: string) => void;
  matches: readonly PickerCurrency[];
  activeIndex: number;
  onActivate: (index: number) => void;
  value: string;
  onChoose: (code: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  listRef: RefObject<HTMLDivElement | null>;
}) {
  const listId = `${id}-list`;
  const activeCode = matches[activeIndex]?.code;
  return (
    <div className="picker-popup">
      <label className="visually-hidden" htmlFor={`${id}-search`}>
        Search currencies
      </label>
      <input
        ref={searchRef}
        id={`${id}-search`}
        className="picker-search"
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeCode ? optionId(id, activeCode) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search by code or name"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="picker-list" id={listId} role="listbox" aria-label="Currencies" ref={listRef}>
        {matches.map((currency, index) => (
          // Keyboard use goes through the search box (aria-activedescendant), as the combobox pattern asks.
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the combobox input
          <div
            key={currency.code}
            id={optionId(id, currency.code)}
            data-code={currency.code}
            role="option"
            tabIndex={-1}
            aria-selected={currency.code === value}
            className={`picker-option${index === activeIndex ? " active" : ""}`}
            onPointerMove={() => onActivate(index)}
            onClick={() => onChoose(currency.code)}
          >
            <span className="picker-code">{currency.code}</span> <span>{currency.label}</span>
          </div>
        ))}
      </div>
      {matches.length === 0 ? (
        <p className="picker-empty" role="status">
          No currency matches “{query.trim()}”.
        </p>
      ) : null}
    </div>
  );
}
