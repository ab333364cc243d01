import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { Currency } from "@bureau/domain/contracts/reference-data";

type PickerCurrency = Pick<Currency, "code" | "label">;

function matchesQuery(currency: PickerCurrency, query: string): boolean {
  const text = query.trim().toLowerCase();
  return text === "" || currency.code.toLowerCase().includes(text) || currency.label.toLowerCase().includes(text);
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
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const selected = currencies.find((currency) => currency.code === value);
  const matches = currencies.filter((currency) => matchesQuery(currency, query));
  const activeCode = matches[activeIndex]?.code;

  function openPicker() {
    setQuery("");
    setActiveIndex(
      Math.max(
        0,
        currencies.findIndex((currency) => currency.code === value),
      ),
    );
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

  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  useEffect(() => {
    if (!open || !activeCode) return;
    listRef.current?.querySelector(`[data-code="${CSS.escape(activeCode)}"]`)?.scrollIntoView({ block: "nearest" });
  }, [open, activeCode]);

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setActiveIndex((index) => (index >= last ? 0 : index + 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        setActiveIndex((index) => (index <= 0 ? Math.max(last, 0) : index - 1));
        break;
      case "Home":
        event.preventDefault();
        setActiveIndex(0);
        break;
      case "End":
        event.preventDefault();
        setActiveIndex(Math.max(last, 0));
        break;
      case "Enter":
        event.preventDefault();
        if (activeCode) choose(activeCode);
        break;
      case "Escape":
        event.preventDefault();
        close(true);
        break;
      case "Tab":
        setOpen(false);
        break;
    }
  }

  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;
  const listId = `${id}-list`;
  const optionId = (code: string) => `${id}-option-${code}`;

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
            aria-activedescendant={activeCode ? optionId(activeCode) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="Search by code or name"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActiveIndex(0);
            }}
            onKeyDown={onSearchKeyDown}
          />
          <div className="picker-list" id={listId} role="listbox" aria-label="Currencies" ref={listRef}>
            {matches.map((currency, index) => (
              // Keyboard use goes through the search box (aria-activedescendant), as the combobox pattern asks.
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the combobox input
              <div
                key={currency.code}
                id={optionId(currency.code)}
                data-code={currency.code}
                role="option"
                tabIndex={-1}
                aria-selected={currency.code === value}
                className={`picker-option${index === activeIndex ? " active" : ""}`}
                onPointerMove={() => setActiveIndex(index)}
                onClick={() => choose(currency.code)}
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
      ) : null}
    </div>
  );
}
