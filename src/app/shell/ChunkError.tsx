import { Component, type ReactNode, useEffect, useState } from 'react';

const TEXT =
  'Не удалось загрузить раздел приложения. Возможно, вышла новая версия или пропала связь с сервером.';

function ChunkErrorMessage() {
  return (
    <div role="alert" className="shell-chunk-error">
      <p>{TEXT}</p>
      <button type="button" className="w-button" onClick={() => location.reload()}>
        Обновить страницу
      </button>
    </div>
  );
}

/**
 * Handles `vite:preloadError` (spec 8): instead of an unhandled failure the user sees a Russian message and a
 * reload button.
 */
export function ChunkErrorBanner() {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const onError = (event: Event) => {
      event.preventDefault();
      setFailed(true);
    };
    window.addEventListener('vite:preloadError', onError);
    return () => window.removeEventListener('vite:preloadError', onError);
  }, []);
  return failed ? <ChunkErrorMessage /> : null;
}

/** Catches a lazily loaded screen that failed to load or crashed while rendering. */
export class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <ChunkErrorMessage /> : this.props.children;
  }
}
