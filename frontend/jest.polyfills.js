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

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to `document.fonts` for 'loadingdone'.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: Object.assign(new EventTarget(), { ready: Promise.resolve(), status: 'loaded' }),
  });
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

// jest-fixed-jsdom replaces jsdom's FormData with Node's (fetch and MSW need Node's), but Node's FormData
// cannot read a form: `new FormData(form)` throws "FormData constructor: Argument 1 could not be converted".
// React 19 builds `new FormData(form, submitter)` whenever a form is submitted while a transition update is
// still unflushed (its form-actions plugin), even for forms without an action. Mantine's AppShell starts such
// a transition from a timer it never clears, so a sign-in submitted shortly after a signed-in shell had been
// mounted and torn down failed now and then. Read the form the way a browser does (jsdom's FormData computes
// the entry list: submitter, disabled controls, checkboxes, selects...) and copy the entries into Node's.
const NodeFormData = globalThis.FormData;
const JsdomFormData = window[Symbol.for('[webidl2js] constructor registry')]?.FormData;
if (typeof JsdomFormData !== 'function') {
  throw new Error("jest.polyfills.js: jsdom's FormData was not found; `new FormData(form)` cannot be polyfilled");
}
class FormDataFromForm extends NodeFormData {
  constructor(form, submitter) {
    super();
    if (form === undefined) return;
    // Validates its arguments exactly as a browser does (TypeError, NotFoundError).
    const entries = submitter === undefined ? new JsdomFormData(form) : new JsdomFormData(form, submitter);
    for (const [name, value] of entries) {
      if (typeof value === 'string') this.append(name, value);
      else if (value.size === 0) this.append(name, new Blob([], { type: value.type }), value.name);
      // Node's FormData would silently store jsdom's File as the text "[object File]"; say so instead.
      else throw new TypeError(`FormData polyfill: cannot copy the chosen file of "${name}" from jsdom's form`);
    }
  }
}
Object.defineProperty(FormDataFromForm, 'name', { value: 'FormData' });
window.FormData = FormDataFromForm;
globalThis.FormData = FormDataFromForm;

// jsdom does not play media: play() and pause() log "Not implemented". Here they flip `paused` and fire the events
// a browser fires, so players can be driven in tests (a first play, play/pause toggles).
{
  const media = window.HTMLMediaElement.prototype;
  const paused = new WeakMap();
  Object.defineProperty(media, 'paused', {
    configurable: true,
    get() {
      return paused.get(this) ?? true;
    },
  });
  media.play = function play() {
    if (paused.get(this) !== false) {
      paused.set(this, false);
      this.dispatchEvent(new window.Event('play'));
      this.dispatchEvent(new window.Event('playing'));
    }
    return Promise.resolve();
  };
  media.pause = function pause() {
    if (paused.get(this) === false) {
      paused.set(this, true);
      this.dispatchEvent(new window.Event('pause'));
    }
  };
  media.load = function load() {};
}
