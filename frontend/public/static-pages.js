// The behaviour of the static pages (seed 002 §2.16): one file for all ten, chosen by <body data-page>, so that the
// Content-Security-Policy can forbid inline scripts. Plain ES2017, no modules: the pages load nothing else (but
// founder-qr.html, which loads /vendor/qrcode.js, served from this instance too).
(function () {
  'use strict';

  var FOUNDER_PATH = '/ct-scriven-founder-control';

  // The light/dark choice made in the app (Settings), when there is one; else the system's (the stylesheet's default).
  try {
    var scheme = localStorage.getItem('scriven.colorScheme');
    if (scheme === 'light' || scheme === 'dark') document.documentElement.setAttribute('data-scheme', scheme);
  } catch (e) {
    /* storage blocked: the system's choice */
  }

  function byId(id) {
    return document.getElementById(id);
  }

  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function say(node, text, ok) {
    if (!node) return;
    node.textContent = text;
    node.classList.toggle('ok', !!ok);
  }

  function standalone() {
    try {
      return window.matchMedia('(display-mode: standalone)').matches || window.navigator.standalone === true;
    } catch (e) {
      return false;
    }
  }

  function getJson(url) {
    return fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-cache', credentials: 'same-origin' }).then(function (res) {
      var type = res.headers.get('content-type') || '';
      if (!res.ok || type.indexOf('json') === -1) throw new Error(url + ' answered ' + res.status);
      return res.json();
    });
  }

  /** A path of this instance (`/videos/1?t=3`), or null: only this origin's addresses are opened from these pages. */
  function sameOriginPath(candidate) {
    if (typeof candidate !== 'string' || !candidate.trim()) return null;
    var url;
    try {
      url = new URL(candidate.trim(), window.location.origin);
    } catch (e) {
      return null;
    }
    if (url.origin !== window.location.origin) return null;
    return url.pathname + url.search + url.hash;
  }

  function copyText(text, status) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      return navigator.clipboard.writeText(text).then(
        function () {
          say(status, 'Copied to the clipboard.', true);
        },
        function () {
          say(status, 'The browser did not allow copying: select the address and copy it yourself.');
        },
      );
    }
    say(status, 'This browser cannot copy from here: select the address and copy it yourself.');
    return Promise.resolve();
  }

  // Every page: the instance's name (the founder may have named it), where the page says it.
  function instanceName() {
    var targets = document.querySelectorAll('[data-instance-name]');
    if (!targets.length) return;
    getJson('/api/app/branding')
      .then(function (b) {
        if (!b || typeof b.name !== 'string' || !b.name.trim()) return;
        for (var i = 0; i < targets.length; i++) targets[i].textContent = b.name.trim();
      })
      .catch(function () {
        /* the default name stays */
      });
  }

  function origins() {
    var nodes = document.querySelectorAll('[data-origin]');
    for (var i = 0; i < nodes.length; i++) nodes[i].textContent = window.location.origin + (nodes[i].getAttribute('data-origin') || '');
  }

  // updates.html: the releases this build ships (release-notes.json, written from releases/manifest.json at build
  // time), newest first, and the version the server runs (GET /api/health). Nothing is made up: when neither can be
  // read the page says so.
  function updates() {
    var list = byId('releases');
    var status = byId('releases-status');
    var running = byId('running-version');
    var runningVersion = null;

    var health = getJson('/api/health')
      .then(function (h) {
        runningVersion = h && typeof h.version === 'string' ? h.version : null;
        say(running, runningVersion ? 'This server runs Scriven ' + runningVersion + '.' : 'The server did not say which version it runs.', !!runningVersion);
      })
      .catch(function () {
        say(running, 'The server could not be reached, so the version it runs is not known.');
      });

    getJson('/release-notes.json')
      .then(function (notes) {
        var releases = notes && Array.isArray(notes.releases) ? notes.releases.slice() : [];
        releases.sort(function (a, b) {
          return String(b.release_date || '').localeCompare(String(a.release_date || '')) || compareVersions(b.version, a.version);
        });
        return health.then(function () {
          render(releases);
        });
      })
      .catch(function () {
        say(status, 'No release notes are available on this server.');
      });

    function render(releases) {
      if (!releases.length) {
        say(status, 'No release notes are available on this server.');
        return;
      }
      say(status, releases.length === 1 ? '1 release.' : releases.length + ' releases, newest first.', true);
      releases.forEach(function (r) {
        var article = el('article', null, 'release');
        var heading = el('h2', 'Scriven ' + r.version);
        if (runningVersion && r.version === runningVersion) {
          heading.appendChild(document.createTextNode(' '));
          heading.appendChild(el('span', 'Running here', 'badge'));
        }
        article.appendChild(heading);
        if (r.release_date) {
          var date = el('p', null, 'dimmed');
          date.appendChild(document.createTextNode('Released '));
          var time = el('time', formatDate(r.release_date));
          time.setAttribute('datetime', r.release_date);
          date.appendChild(time);
          article.appendChild(date);
        }
        if (r.description) article.appendChild(el('p', r.description));
        section(article, 'New', r.features);
        section(article, 'Fixed', r.bug_fixes);
        list.appendChild(article);
      });
    }

    function section(parent, title, items) {
      if (!Array.isArray(items) || !items.length) return;
      parent.appendChild(el('h3', title));
      var ul = el('ul', null, 'plain');
      items.forEach(function (item) {
        ul.appendChild(el('li', item));
      });
      parent.appendChild(ul);
    }
  }

  function compareVersions(a, b) {
    var pa = String(a).split(/[.-]/);
    var pb = String(b).split(/[.-]/);
    for (var i = 0; i < Math.max(pa.length, pb.length); i++) {
      var x = parseInt(pa[i] || '0', 10);
      var y = parseInt(pb[i] || '0', 10);
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  function formatDate(iso) {
    var d = new Date(iso + (iso.length === 10 ? 'T00:00:00Z' : ''));
    if (isNaN(d.getTime())) return iso;
    try {
      return d.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    } catch (e) {
      return iso;
    }
  }

  // launch.html: the installed app (standalone) goes straight in; a browser tab shows the splash with the way in.
  // `?to=/path` opens that page of this instance instead of Home.
  function launch() {
    var target = sameOriginPath(new URLSearchParams(window.location.search).get('to')) || '/';
    var open = byId('launch-open');
    if (open) open.setAttribute('href', target);
    var status = byId('launch-status');
    if (standalone()) {
      say(status, 'Opening the app…', true);
      window.location.replace(target);
    } else {
      say(status, target === '/' ? 'Ready when you are.' : 'Ready to open ' + target + '.', true);
    }
  }

  // share.html: what another app shared (the Web Share Target's ?url=, ?title=, ?text=, or a link pasted here).
  // Only an address of this instance is opened; any address can be copied.
  function share() {
    var params = new URLSearchParams(window.location.search);
    var title = params.get('title') || '';
    var text = params.get('text') || '';
    var shared = params.get('url') || firstUrl(text) || firstUrl(title) || '';
    var form = byId('share-form');
    var input = byId('share-link');
    var status = byId('share-status');
    var openLink = byId('share-open');
    var copyButton = byId('share-copy');
    var shareButton = byId('share-onward');
    var summary = byId('share-summary');

    if (title || text) {
      summary.hidden = false;
      byId('share-title').textContent = title || '(no title)';
      byId('share-text').textContent = text || '(no text)';
    }

    function show(link) {
      var path = sameOriginPath(link);
      if (!link) {
        openLink.hidden = true;
        say(status, 'Nothing was shared yet: paste a link of this Scriven instance.');
      } else if (path) {
        openLink.hidden = false;
        openLink.setAttribute('href', path);
        say(status, 'This is a Scriven link of this instance: it opens here.', true);
      } else {
        openLink.hidden = true;
        say(status, 'This link is not on this Scriven instance, so it is not opened from here. You can still copy it.');
      }
      copyButton.disabled = !link;
      if (shareButton) shareButton.disabled = !link;
    }

    input.value = shared;
    show(shared);
    input.addEventListener('input', function () {
      show(input.value.trim());
    });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var path = sameOriginPath(input.value);
      if (path) window.location.assign(path);
      else show(input.value.trim());
    });
    copyButton.addEventListener('click', function () {
      copyText(input.value.trim(), status);
    });
    if (shareButton && typeof navigator.share === 'function') {
      shareButton.hidden = false;
      shareButton.addEventListener('click', function () {
        var link = input.value.trim();
        navigator.share({ title: title || 'Scriven', text: text || undefined, url: link }).catch(function () {
          /* cancelled */
        });
      });
    }
  }

  function firstUrl(s) {
    var m = /https?:\/\/[^\s<>"']+/i.exec(s || '');
    return m ? m[0] : '';
  }

  // founder-qr.html: a QR code of the hidden founder route's address on this instance, drawn as SVG from
  // qrcode-generator's modules, with the address as text, Copy and Print.
  function founderQr() {
    var url = window.location.origin + FOUNDER_PATH;
    var holder = byId('qr');
    var status = byId('qr-status');
    byId('qr-url').textContent = url;
    byId('qr-link').setAttribute('href', FOUNDER_PATH);
    if (typeof window.qrcode !== 'function') {
      say(status, 'The QR code could not be drawn (its script did not load). The address below works as well.');
    } else {
      var qr = window.qrcode(0, 'M');
      qr.addData(url);
      qr.make();
      holder.appendChild(qrSvg(qr, url));
      holder.hidden = false;
    }
    byId('qr-print').addEventListener('click', function () {
      window.print();
    });
    byId('qr-copy').addEventListener('click', function () {
      copyText(url, status);
    });
  }

  function qrSvg(qr, url) {
    var NS = 'http://www.w3.org/2000/svg';
    var count = qr.getModuleCount();
    var quiet = 4;
    var size = count + quiet * 2;
    var svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', '0 0 ' + size + ' ' + size);
    svg.setAttribute('width', String(size * 8));
    svg.setAttribute('height', String(size * 8));
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'QR code of ' + url);
    svg.setAttribute('shape-rendering', 'crispEdges');
    svg.setAttribute('data-modules', String(count));
    var bg = document.createElementNS(NS, 'rect');
    bg.setAttribute('width', String(size));
    bg.setAttribute('height', String(size));
    bg.setAttribute('fill', '#ffffff');
    svg.appendChild(bg);
    var d = '';
    for (var r = 0; r < count; r++) {
      for (var c = 0; c < count; c++) {
        if (qr.isDark(r, c)) d += 'M' + (c + quiet) + ' ' + (r + quiet) + 'h1v1h-1z';
      }
    }
    var path = document.createElementNS(NS, 'path');
    path.setAttribute('d', d);
    path.setAttribute('fill', '#000000');
    svg.appendChild(path);
    return svg;
  }

  // install.html: Install uses the browser's own prompt when it offers one (beforeinstallprompt); running as the
  // installed app, or once installed, the page says so.
  function install() {
    var button = byId('install-button');
    var status = byId('install-status');
    var deferred = null;

    function installed(text) {
      button.hidden = true;
      say(status, text, true);
    }

    if (standalone()) {
      installed('Scriven is already installed: you are using the app.');
      return;
    }
    say(status, 'Your browser has not offered to install Scriven on this page. Follow the steps for your device below.');
    window.addEventListener('beforeinstallprompt', function (event) {
      event.preventDefault();
      deferred = event;
      button.hidden = false;
      button.disabled = false;
      say(status, 'Your browser can install Scriven: choose Install app.', true);
    });
    window.addEventListener('appinstalled', function () {
      deferred = null;
      installed('Scriven is installed. Open it from your home screen, dock or app list.');
    });
    button.addEventListener('click', function () {
      if (!deferred) return;
      var event = deferred;
      deferred = null;
      button.disabled = true;
      event.prompt();
      Promise.resolve(event.userChoice)
        .then(function (choice) {
          if (choice && choice.outcome === 'accepted') installed('Scriven is installed. Open it from your home screen, dock or app list.');
          else {
            button.hidden = true;
            say(status, 'Not installed. Your browser offers it again later, or from its menu.');
          }
        })
        .catch(function () {
          button.hidden = true;
        });
    });
  }

  // ct-scriven-secure-direct.html: straight to the founder sign-in (the page's link and meta refresh do the same
  // without scripts).
  function secureDirect() {
    window.location.replace(FOUNDER_PATH);
  }

  var behaviours = {
    updates: updates,
    launch: launch,
    share: share,
    'founder-qr': founderQr,
    install: install,
    'secure-direct': secureDirect,
  };

  function start() {
    origins();
    instanceName();
    var page = document.body && document.body.getAttribute('data-page');
    if (page && behaviours[page]) behaviours[page]();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
