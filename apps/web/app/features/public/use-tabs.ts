import { type KeyboardEvent, useId, useRef } from "react";

/**
 * WAI-ARIA tabs with automatic activation: arrow keys (and Home/End) move between tabs and select
 * them; only the selected tab is in the Tab order. The panel is labelled by the selected tab.
 */
export function useTabs<T extends string>(values: readonly T[], selected: T, onSelect: (value: T) => void) {
  const baseId = useId();
  const tabs = useRef(new Map<T, HTMLButtonElement>());
  const panelId = `${baseId}-panel`;
  const tabId = (value: T) => `${baseId}-tab-${value}`;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = values.indexOf(selected);
    const last = values.length - 1;
    const nextIndex =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (nextIndex === null) return;
    event.preventDefault();
    const next = values[nextIndex] as T;
    onSelect(next);
    tabs.current.get(next)?.focus();
  }

  return {
    tabProps: (value: T) => ({
      type: "button" as const,
      role: "tab" as const,
      id: tabId(value),
      "aria-selected": value === selected,
      "aria-controls": panelId,
      tabIndex: value === selected ? 0 : -1,
      onClick: () => onSelect(value),
      onKeyDown,
      ref: (element: HTMLButtonElement | null) => {
        if (element) tabs.current.set(value, element);
        else tabs.current.delete(value);
      },
    }),
    panelProps: {
      role: "tabpanel" as const,
      id: panelId,
      "aria-labelledby": tabId(selected),
    },
  };
}
