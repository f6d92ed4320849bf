/*! Shipnote widget: <script src="https://<shipnote>/widget.js" data-service-key="<banner slug>" async></script> */
(function () {
  'use strict';
  var CSS =
    ':host{all:initial;display:block}' +
    '.bar{display:flex;align-items:center;gap:12px;padding:8px 16px;background:#1b1f24;color:#fff;' +
    'font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;box-sizing:border-box;width:100%}' +
    '.badge{flex:none;background:#3b5bdb;color:#fff;border-radius:999px;padding:2px 8px;font-size:12px;font-weight:600}' +
    '.text{flex:1;min-width:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}' +
    '.headline{font-weight:600}.body{margin-left:8px;opacity:.85}' +
    '.cta{flex:none;background:#fff;color:#1b1f24;text-decoration:none;border-radius:6px;padding:4px 10px;font-weight:600;font-size:13px}' +
    '.cta:focus-visible,.close:focus-visible{outline:2px solid #91a7ff;outline-offset:2px}' +
    '.close{flex:none;border:0;background:none;color:inherit;font:inherit;font-size:18px;line-height:1;cursor:pointer;padding:2px 6px;opacity:.8}' +
    '.close:hover{opacity:1}' +
    '@media (max-width:640px){.bar{display:grid;grid-template-columns:auto 1fr auto;gap:8px;padding:8px 12px}' +
    '.text{grid-column:2}.cta{grid-area:2/2;justify-self:start}.body{display:none}' +
    '.text{white-space:normal;overflow-wrap:anywhere;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2}' +
    '.cta{padding:3px 8px;font-size:12px}}';

  function text(value) {
    return typeof value === 'string' ? value : '';
  }

  function safeLink(value) {
    try {
      var url = new URL(text(value));
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
    } catch (e) {
      return null;
    }
  }

  function el(doc, tag, className, content) {
    var node = doc.createElement(tag);
    node.className = className;
    if (content) node.textContent = content;
    return node;
  }

  function readDismissed(storeKey) {
    try {
      return window.localStorage.getItem(storeKey);
    } catch (e) {
      return null;
    }
  }

  function remember(storeKey, value) {
    try {
      window.localStorage.setItem(storeKey, value);
      return true;
    } catch (e) {
      /* storage disabled: dismissed for this page view only */
      return false;
    }
  }

  function report(eventsUrl, key, seen, type) {
    try {
      var event = { key: key || undefined, published_at: seen, type: type, page_url: location.origin + location.pathname };
      var init = { method: 'POST', credentials: 'omit', keepalive: true, headers: { 'Content-Type': 'application/json' } };
      init.body = JSON.stringify(event);
      fetch(eventsUrl, init).catch(function () {});
    } catch (e) {}
  }

  function render(banner, storeKey, reporter) {
    var doc = document;
    var seen = text(banner.published_at);
    if (!text(banner.headline) || readDismissed(storeKey) === seen || !doc.body.attachShadow) return;
    var host = doc.createElement('shipnote-banner');
    host.setAttribute('data-shipnote-banner', '');
    host.style.cssText = 'all:initial;display:block';
    var root = host.attachShadow({ mode: 'open' });
    root.appendChild(el(doc, 'style', '', CSS));

    var bar = el(doc, 'div', 'bar');
    bar.setAttribute('role', 'region');
    bar.setAttribute('aria-label', 'Announcement');
    if (text(banner.badge)) bar.appendChild(el(doc, 'span', 'badge', text(banner.badge)));
    var line = el(doc, 'span', 'text');
    line.appendChild(el(doc, 'strong', 'headline', text(banner.headline)));
    if (text(banner.body)) line.appendChild(el(doc, 'span', 'body', text(banner.body)));
    bar.appendChild(line);

    var href = banner.link_url === null ? null : safeLink(banner.link_url);
    if (href) {
      var cta = el(doc, 'a', 'cta', text(banner.cta_label) || 'Learn more');
      cta.href = href;
      cta.rel = 'noopener';
      cta.addEventListener('click', function () {
        reporter(seen, 'click');
      });
      bar.appendChild(cta);
    }
    var close = el(doc, 'button', 'close', '\u00d7');
    close.type = 'button';
    close.setAttribute('aria-label', 'Dismiss announcement');
    close.addEventListener('click', function () {
      remember(storeKey, seen);
      if (host.parentNode) host.parentNode.removeChild(host);
    });
    bar.appendChild(close);
    root.appendChild(bar);
    doc.body.insertBefore(host, doc.body.firstChild);
    // no storage, no once-per-browser marker: no impression rather than one per page view
    var seenKey = storeKey + ':seen';
    if (readDismissed(seenKey) !== seen && remember(seenKey, seen)) reporter(seen, 'view');
  }

  function loadLauncher(script, key) {
    var tag = document.createElement('script');
    tag.src = new URL('/widget-changelog.js', script.src).href;
    tag.setAttribute('data-service-key', key);
    tag.setAttribute('data-target', script.getAttribute('data-target') || '');
    document.head.appendChild(tag);
  }

  function whenReady(callback) {
    if (document.body) callback();
    else document.addEventListener('DOMContentLoaded', callback);
  }

  try {
    var script = document.currentScript || document.querySelector('script[data-service-key]');
    if (!script || !script.src || !window.fetch) return;
    var key = script.getAttribute('data-service-key') || '';
    var mode = script.getAttribute('data-mode') || 'banner';
    if (key && /\bchangelog\b/.test(mode)) loadLauncher(script, key);
    if (!/\bbanner\b/.test(mode)) return;
    var url = new URL('/api/v1/banner', script.src);
    if (key) url.searchParams.set('key', key);
    var storeKey = 'shipnote-banner:' + (key || 'operator');
    var eventsUrl = new URL('/api/v1/banner/events', script.src).href;
    var reporter = function (seen, type) { report(eventsUrl, key, seen, type); };
    // the page URL tells the dashboard where the banner is shown; query and fragment stay private
    fetch(url.href, { credentials: 'omit', headers: { 'X-Service-Page-Url': location.origin + location.pathname } })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (banner) {
        if (banner && typeof banner === 'object') {
          whenReady(function () {
            try {
              render(banner, storeKey, reporter);
            } catch (e) {
              /* never break the host page */
            }
          });
        }
      })
      .catch(function () {
        /* 404 (nothing live), 429 and network failures render nothing */
      });
  } catch (e) {
    /* never break the host page */
  }
})();
