// Apply the saved light/dark choice before the app renders, so the page does not flash.
// A file rather than an inline script, so the Content-Security-Policy can forbid inline scripts.
try {
  var scheme = localStorage.getItem('scriven.colorScheme') || 'light';
  if (scheme === 'auto') scheme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme === 'dark' ? 'dark' : 'light');
} catch (e) {}
