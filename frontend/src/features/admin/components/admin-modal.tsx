import { useEffect, useRef, type ReactNode } from 'react';

type AdminModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `narrow` for a short form (one column) rather than the product form's four. */
  size?: 'wide' | 'narrow';
};

/** A modal with a Close button; Escape closes it too. The page behind stays still. */
export function AdminModal({ title, onClose, children, size = 'wide' }: AdminModalProps) {
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  useEffect(() => {
    // Keyboard users start inside the dialog; the page behind does not scroll under it.
    dialog.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return (
    <div className="admin-modal-backdrop">
      <div
        ref={dialog}
        className={`admin-modal${size === 'narrow' ? ' admin-modal-narrow' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
      >
        <div className="admin-modal-head">
          <h2>{title}</h2>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Close
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
