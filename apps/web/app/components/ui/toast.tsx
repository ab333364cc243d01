import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { TOAST_DURATION_MS } from "@bureau/domain/constants";

/**
 * The one toast system: top right, closes after 5000 ms, closes on click, and can be dragged
 * sideways to dismiss (spec §9). Written here rather than taken from a library because the common
 * ones inject <style> tags at run time, which our Content-Security-Policy forbids.
 */
type ToastKind = "success" | "error" | "info";
type Toast = { id: number; kind: ToastKind; message: string };
type ToastApi = { show(kind: ToastKind, message: string): void };

const ToastContext = createContext<ToastApi | null>(null);

export function useToast() {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a ToastProvider");
  return {
    success: (message: string) => api.show("success", message),
    error: (message: string) => api.show("error", message),
    info: (message: string) => api.show("info", message),
  };
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      show(kind, message) {
        const id = nextId.current++;
        setToasts((list) => [...list, { id, kind, message }]);
        setTimeout(() => dismiss(id), TOAST_DURATION_MS);
      },
    }),
    [dismiss],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-label="Notifications">
        <div className="toast-stack">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const moved = useRef(false);
  return (
    <div
      className={`toast toast-${toast.kind}${offset !== 0 ? " toast-dragging" : ""}`}
      role={toast.kind === "error" ? "alert" : "status"}
      ref={(el) => {
        // Position through CSSOM, which the CSP allows (style attributes would not be).
        if (el) el.style.transform = offset ? `translateX(${offset}px)` : "";
      }}
      onPointerDown={(event) => {
        start.current = event.clientX;
        moved.current = false;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (start.current === null) return;
        const dx = event.clientX - start.current;
        if (Math.abs(dx) > 5) moved.current = true;
        setOffset(dx);
      }}
      onPointerUp={() => {
        const far = Math.abs(offset) > 80;
        start.current = null;
        setOffset(0);
        if (far || !moved.current) onDismiss();
      }}
    >
      <span>{toast.message}</span>
      <button type="button" className="toast-close" aria-label="Close notification" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
