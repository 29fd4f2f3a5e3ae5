// Browser APIs that jsdom lacks and Mantine needs. Runs before the test framework loads.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!window.ResizeObserver) {
  window.ResizeObserver = ResizeObserverStub;
  globalThis.ResizeObserver = ResizeObserverStub;
}

if (!window.HTMLElement.prototype.scrollIntoView) {
  window.HTMLElement.prototype.scrollIntoView = () => {};
}

// jsdom does not implement pseudo-element styles; Mantine asks for them. Ignore the pseudo-element.
const { getComputedStyle } = window;
window.getComputedStyle = (element) => getComputedStyle(element);

// jest-fixed-jsdom puts Node's AbortController on the global (fetch and MSW need it), but jsdom's
// addEventListener only accepts its own AbortSignal. Mantine passes `{ signal }` (drag handling of
// notifications), so honour a foreign signal here by removing the listener when it aborts.
const { addEventListener } = window.EventTarget.prototype;
window.EventTarget.prototype.addEventListener = function addEventListenerWithForeignSignal(type, listener, options) {
  if (options && typeof options === 'object' && options.signal) {
    const { signal, ...rest } = options;
    try {
      return addEventListener.call(this, type, listener, options);
    } catch {
      if (signal.aborted) return undefined;
      addEventListener.call(this, type, listener, rest);
      signal.addEventListener('abort', () => this.removeEventListener(type, listener, rest), { once: true });
      return undefined;
    }
  }
  return addEventListener.call(this, type, listener, options);
};
