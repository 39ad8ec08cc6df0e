import 'react';

/**
 * HTML invoker commands (Chromium, Firefox and Safari ship them): a button opens or closes the
 * dialog whose id it names, with no script. React passes the lowercase attributes through as they are.
 */
declare module 'react' {
  // The type parameter must match React's declaration to merge with it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    /** The id of the element the button controls. */
    commandfor?: string | undefined;
    /** What the button asks of it: `show-modal` and `close` for a dialog. */
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover' | undefined;
  }
}
