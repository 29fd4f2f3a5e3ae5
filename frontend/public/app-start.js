// A shared video's page (the server's share pages) arrives with its poster, title and channel drawn in the HTML. The
// server then names the app's scripts here instead of in the head, and this starts them once that preview has been
// painted, poster included: on a slow phone the scripts (hundreds of kilobytes) then do not compete with the poster
// for the connection, and the visitor sees the video's page at once while the app loads. Bounded: a poster that is
// slow to come, or a tab in the background (where frames do not run), never holds the app for more than a moment.
// A file rather than an inline script, so the Content-Security-Policy can forbid inline scripts.
(function () {
  var me = document.currentScript;
  var app = me && me.getAttribute('data-app');
  if (!app) return;
  var preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < preloads.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = app;
    document.head.appendChild(script);
  }
  function afterPaint() {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  setTimeout(start, 1500);
  var poster = document.querySelector('[data-preview] img');
  if (!poster || poster.complete) afterPaint();
  else {
    poster.addEventListener('load', afterPaint);
    poster.addEventListener('error', afterPaint);
  }
})();
