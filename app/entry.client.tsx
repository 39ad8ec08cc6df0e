import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// A request dropped because the visitor moved on (a newer navigation, a page left) rejects with an
// AbortError. Where nobody awaits it (CI once saw two from a back-office page, source not found)
// that is not a failure and must not reach the console as one. Every other rejection still does.
window.addEventListener('unhandledrejection', (event) => {
  if (event.reason instanceof DOMException && event.reason.name === 'AbortError') event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
