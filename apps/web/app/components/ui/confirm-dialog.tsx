import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";

/**
 * The one confirm dialog (ENGINEERING.md: one dialog), used only through `useConfirm` below, on the
 * native <dialog> element: modal, focus
 * kept inside, Escape cancels, no script-injected styles (our CSP forbids them). The spec's text is
 * the default: "Are you sure? You won't be able to revert this!".
 */
export type ConfirmOptions = {
  title?: string;
  text?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button in the danger style, for a Delete. */
  danger?: boolean;
};

export const CONFIRM_TITLE = "Are you sure?";
export const CONFIRM_TEXT = "You won't be able to revert this!";

/**
 * A native <dialog> shown as a modal while `open` holds (focus kept inside, the page behind inert) and
 * closed when it no longer does: the one way the app opens a dialog.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

function ConfirmDialog({
  open,
  title = CONFIRM_TITLE,
  text = CONFIRM_TEXT,
  confirmLabel = "Yes",
  cancelLabel = "Cancel",
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmOptions & { open: boolean; onConfirm: () => void; onCancel: () => void }) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const textId = useId();

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Escape: close through our state, so that the caller hears about it.
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={textId}>{text}</p>
      <div className="confirm-dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={`button ${danger ? "button-danger" : "button-accent"}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/**
 * `const { confirm, dialog } = useConfirm();` render `{dialog}` once, then
 * `if (await confirm({ confirmLabel: "Yes, delete it!" })) ...`.
 */
export function useConfirm(): { confirm: (options?: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [request, setRequest] = useState<(ConfirmOptions & { resolve: (answer: boolean) => void }) | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions = {}) => new Promise<boolean>((resolve) => setRequest({ ...options, resolve })),
    [],
  );
  const answer = (value: boolean) => {
    request?.resolve(value);
    setRequest(null);
  };
  const { resolve: _resolve, ...options } = request ?? { resolve: undefined };
  const dialog = (
    <ConfirmDialog open={request !== null} {...options} onConfirm={() => answer(true)} onCancel={() => answer(false)} />
  );
  return { confirm, dialog };
}
