import { type ReactNode, startTransition, useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";

/**
 * Until the first page's hydration has committed, a part wrapped in <RenderWhenVisible> is left as the
 * server sent it; root.tsx calls this once that hydration has committed. Parts that mount later (a
 * client-side navigation, a part that appears after an action) render at once as any component does.
 */
let firstHydrationCommitted = false;
export function markFirstHydrationCommitted(): void {
  firstHydrationCommitted = true;
}

/** How far outside the screen a part starts rendering: about a third of a phone's screen ahead. */
const NEAR_THE_SCREEN = "300px 0px";

/**
 * A part never swaps the server's HTML for its render while a pointer is pressed: a press that began on the
 * server's link and ended on the rendered one would be no click at all. What a press holds back runs once the
 * press (and the click it makes) is over; the click itself goes to the server's element (a link then loads
 * its page as any link does).
 */
let pressing = false;
let heldBack: (() => void)[] = [];
let watchingPresses = false;

function watchPresses(): void {
  if (watchingPresses) return;
  watchingPresses = true;
  document.addEventListener(
    "pointerdown",
    () => {
      pressing = true;
    },
    true,
  );
  const released = () =>
    // After the click this release makes, which the browser dispatches in the same task.
    setTimeout(() => {
      pressing = false;
      const waiting = heldBack;
      heldBack = [];
      for (const run of waiting) run();
    });
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);
}

function unlessPressing(run: () => void): void {
  if (pressing) heldBack.push(run);
  else run();
}

/** What the keyboard can reach inside a part: where focus was is found again after the part renders. */
const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";

function focusablesIn(part: Element): Element[] {
  return Array.from(part.querySelectorAll(FOCUSABLE));
}

/**
 * The server's controls that do nothing until React renders them (links and form fields work without it).
 * A click on one before its part renders is passed on to the same control of the rendered part.
 */
const SCRIPTED_CONTROL = "button:not([type=submit]), summary, [role=button]";

/** The server's HTML of the part, adopted as it is: React keeps the element and does not walk its content. */
const SERVER_HTML_AS_SENT = { __html: "" };

/**
 * A part of a page that does not need to be interactive before the visitor can see it. On the first load
 * React hydrates its wrapper only and leaves the server's HTML inside untouched (readable, its links working
 * as plain links), and renders the part when it nears the screen or the keyboard reaches into it. Until then
 * none of its components run: the hydration work of what is below the fold is not done while the visitor
 * reads the top of the page, and a part never scrolled to costs nothing.
 *
 * Why not a Suspense boundary that waits (React's selective hydration): React hydrates a dehydrated
 * boundary as soon as any context above it changes, and a transition that reaches one (React Router's
 * navigations are transitions) waits for it, so a navigation started before the visitor scrolled would hang
 * until the part was reached. An element whose content React does not own has no such link.
 *
 * A part whose content depends on data that can change while the page is open (loader data after a
 * navigation within the page or an action) passes that data as `data`: when it changes, the part renders at
 * once. Forms stay out of it: what a visitor types goes to the elements React renders.
 */
export function RenderWhenVisible({ children, data }: { children: ReactNode; data?: unknown }) {
  const onServer = typeof document === "undefined";
  const [shown, setShown] = useState(() => onServer || firstHydrationCommitted);
  // New data for the part (another period chosen, data revalidated) renders it at once: the server's HTML
  // would otherwise go on showing the old data until the part nears the screen.
  const [firstData] = useState(data);
  if (!shown && data !== firstData) setShown(true);
  const element = useRef<HTMLDivElement>(null);
  /**
   * What reached into the server's HTML before the part rendered, to be given to the rendered part: which of
   * its focusable elements had focus (the keyboard), or was clicked (and is clicked again once rendered).
   */
  const handOver = useRef<{ index: number; click: boolean } | null>(null);

  useEffect(() => {
    const part = element.current;
    if (shown || !part) return;
    watchPresses();
    // A transition: React renders the part in slices of a few milliseconds and lets input in between, where
    // a plain update from an observer's callback renders it in one task (the footer took 19 ms in one task in
    // a profiled load of the order page).
    const show = () => unlessPressing(() => startTransition(() => setShown(true)));
    // The listeners stay until React's passive cleanup, after the rendered part's focus and click are given:
    // those reach the rendered elements and must go on to React, not back here.
    const awaiting = () => part.hasAttribute("data-awaiting-render");
    // Rendered at once, so that the key the visitor presses next reaches the rendered element (focus that a
    // press gives waits for the press to end, as the part's render does).
    const showAndKeepFocus = (event: FocusEvent) => {
      if (!awaiting()) return;
      if (pressing) {
        show();
        return;
      }
      handOver.current = { index: focusablesIn(part).indexOf(event.target as Element), click: false };
      flushSync(() => setShown(true));
    };
    // A click that lands before the part renders (a tap right after a jump to the part, before the observer
    // has run) would reach a server button with no handler: the part renders now and the click goes on to the
    // rendered button. The press is over by the time of its click, so nothing is swapped under a pointer.
    const renderAndPassOnClick = (event: MouseEvent) => {
      if (!awaiting()) return;
      const control = (event.target as Element).closest(SCRIPTED_CONTROL);
      const index = control && part.contains(control) ? focusablesIn(part).indexOf(control) : -1;
      if (index < 0) return;
      event.preventDefault();
      event.stopPropagation();
      handOver.current = { index, click: true };
      flushSync(() => setShown(true));
    };
    const nearTheScreen = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: NEAR_THE_SCREEN },
    );
    // The wrapper has no box of its own (display: contents), so its children are what is watched.
    for (const child of Array.from(part.children)) nearTheScreen.observe(child);
    part.addEventListener("focusin", showAndKeepFocus);
    part.addEventListener("click", renderAndPassOnClick);
    return () => {
      nearTheScreen.disconnect();
      part.removeEventListener("focusin", showAndKeepFocus);
      part.removeEventListener("click", renderAndPassOnClick);
    };
  }, [shown]);

  useLayoutEffect(() => {
    const part = element.current;
    if (!shown || !part) return;
    const given = handOver.current;
    handOver.current = null;
    const target = given === null || given.index < 0 ? null : focusablesIn(part)[given.index];
    if (!(target instanceof HTMLElement)) return;
    target.focus();
    if (given?.click) target.click();
  }, [shown]);

  if (!shown) {
    return (
      <div
        ref={element}
        className="render-when-visible"
        data-awaiting-render=""
        dangerouslySetInnerHTML={SERVER_HTML_AS_SENT}
        suppressHydrationWarning
      />
    );
  }
  // The server marks the part as awaiting its render in the browser; the browser's render drops the mark.
  return (
    <div ref={element} className="render-when-visible" data-awaiting-render={onServer ? "" : undefined}>
      {children}
    </div>
  );
}
