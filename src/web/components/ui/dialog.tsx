import { type DialogHTMLAttributes, type Ref, useEffect, useImperativeHandle, useRef } from "react";

/*
 * The one modal dialog of the web (decision 073), on the native <dialog> element: showModal() gives the focus trap, the
 * inert page behind, Escape and the ::backdrop for free; this adds closing on a backdrop click and a way to refuse
 * closing while something is in flight. The panel's look (a centred card, a side drawer) is the caller's className.
 */
export function Dialog(
  props: Omit<DialogHTMLAttributes<HTMLDialogElement>, "open" | "onClose"> & {
    ref?: Ref<HTMLDialogElement>;
    /**
     * Shown as a modal while true. Left out, the caller opens it through the ref (`ref.current.showModal()`), as the
     * top bar does with the drawer.
     */
    open?: boolean;
    /** Called after the dialog closed, whatever closed it (Escape, the backdrop, a close button). */
    onClose?: () => void;
    /** false: Escape and a backdrop click leave it open (a payment whose answer must be seen). */
    dismissible?: boolean;
  },
) {
  const { ref, open, onClose, dismissible = true, onCancel, onClick, children, ...rest } = props;
  const element = useRef<HTMLDialogElement>(null);
  useImperativeHandle(ref, () => element.current as HTMLDialogElement);

  useEffect(() => {
    const dialog = element.current;
    if (!dialog || open === undefined) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop click only; Escape closes the dialog natively.
    <dialog
      ref={element}
      {...rest}
      onClose={onClose}
      onCancel={(event) => {
        if (!dismissible) event.preventDefault();
        onCancel?.(event);
      }}
      onClick={(event) => {
        onClick?.(event);
        // A click on the dialog box itself, outside its content, is a click on the backdrop.
        if (event.target === event.currentTarget && dismissible) event.currentTarget.close();
      }}
    >
      {children}
    </dialog>
  );
}

/** Closes the dialog that holds the clicked element (links and buttons inside a dialog opened through its ref). */
export function closeEnclosingDialog(event: { currentTarget: HTMLElement }): void {
  event.currentTarget.closest("dialog")?.close();
}
