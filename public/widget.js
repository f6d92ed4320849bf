/*! Shipnote widget: <script src="https://<shipnote>/widget.js" data-service-key="<banner slug>" async></script>
    data-mode="changelog" data-target="<css selector>": a "What's new" badge and panel instead of the bar (docs/widget.md) */
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
    '@media (max-width:640px){.bar{gap:8px;padding:8px 12px}.body{display:none}' +
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

  // impressions (once per browser per published_at) and button clicks; no cookies, never awaited
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
    var host = doc.createElement('div');
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

  // ---- "What's new" launcher (data-mode="changelog") ----
  var BADGE_CSS =
    '.count{display:inline-block;min-width:18px;box-sizing:border-box;padding:0 5px;border-radius:999px;background:#d6336c;' +
    'color:#fff;font:600 11px/18px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center}' +
    '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}';
  var PANEL_CSS =
    '.panel{box-sizing:border-box;background:#fff;color:#1b1f24;border:1px solid #d0d7de;border-radius:10px;' +
    'box-shadow:0 8px 24px rgba(0,0,0,.18);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow:hidden}' +
    '.head{display:flex;align-items:center;justify-content:space-between;padding:10px 14px;border-bottom:1px solid #eaeef2}' +
    '.heading{margin:0;font-size:15px;font-weight:600}' +
    '.close{border:0;background:none;color:inherit;font:inherit;font-size:20px;line-height:1;cursor:pointer;padding:2px 6px}' +
    '.list{list-style:none;margin:0;padding:0;max-height:min(420px,70vh);overflow:auto}' +
    '.item{padding:10px 14px;border-top:1px solid #eaeef2}.item:first-child{border-top:0}' +
    '.title{color:#1f4fd1;font-weight:600;text-decoration:none;overflow-wrap:anywhere}.title:hover{text-decoration:underline}' +
    '.meta{color:#57606a;font-size:12px;margin-top:2px}' +
    '.new{display:inline-block;background:#3b5bdb;color:#fff;border-radius:999px;padding:0 6px;font-size:11px;font-weight:600;margin-right:6px}' +
    'a:focus-visible,button:focus-visible{outline:2px solid #3b5bdb;outline-offset:2px}';
  var SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

  /** The valid entries of a /changelogs answer, newest first as served. */
  function entries(list) {
    var out = [];
    for (var i = 0; Array.isArray(list) && i < list.length; i++) {
      var item = list[i] || {};
      if (SLUG.test(text(item.slug)) && text(item.title) && !isNaN(Date.parse(text(item.published_at)))) out.push(item);
    }
    return out;
  }

  function shadowHost(doc, tag, style, css) {
    var host = doc.createElement(tag);
    host.style.cssText = 'all:initial;' + style;
    var root = host.attachShadow({ mode: 'open' });
    root.appendChild(el(doc, 'style', '', css));
    return { host: host, root: root };
  }

  function formatDate(iso) {
    try {
      return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
    } catch (e) {
      return iso.slice(0, 10);
    }
  }

  function launch(items, target, origin, storeKey) {
    var doc = document;
    var marker = readDismissed(storeKey);
    var isNew = function (item) {
      return !marker || Date.parse(item.published_at) > Date.parse(marker);
    };
    var unread = items.filter(isNew).length;
    var badge = null;
    if (unread) {
      badge = shadowHost(doc, 'shipnote-badge', 'display:inline-block;vertical-align:middle;margin-left:6px', BADGE_CSS);
      badge.host.setAttribute('data-shipnote-badge', '');
      badge.root.appendChild(el(doc, 'span', 'count', unread > 9 ? '9+' : String(unread))).setAttribute('aria-hidden', 'true');
      badge.root.appendChild(el(doc, 'span', 'sr', ' (' + unread + ' new)'));
      target.appendChild(badge.host);
    }
    var native = /^(A|BUTTON)$/.test(target.tagName) || target.hasAttribute('tabindex');
    if (!native) {
      target.setAttribute('tabindex', '0');
      target.setAttribute('role', 'button');
    }
    target.setAttribute('aria-haspopup', 'dialog');
    target.setAttribute('aria-expanded', 'false');
    var open = null;

    function close(refocus) {
      if (!open) return;
      if (open.host.parentNode) open.host.parentNode.removeChild(open.host);
      doc.removeEventListener('keydown', onKey, true);
      doc.removeEventListener('click', onOutside, true);
      open = null;
      target.setAttribute('aria-expanded', 'false');
      if (refocus) target.focus();
    }
    function onKey(event) {
      if (event.key === 'Escape') close(true);
    }
    function onOutside(event) {
      var path = event.composedPath ? event.composedPath() : [];
      if (open && path.indexOf(open.host) < 0 && path.indexOf(target) < 0) close(false);
    }
    function show() {
      var width = Math.min(360, doc.documentElement.clientWidth - 16);
      var rect = target.getBoundingClientRect();
      var left = Math.max(8, Math.min(rect.right - width, doc.documentElement.clientWidth - width - 8));
      open = shadowHost(doc, 'shipnote-panel', 'display:block;position:absolute;z-index:2147483647;width:' + width + 'px;' +
        'top:' + (rect.bottom + window.scrollY + 8) + 'px;left:' + (left + window.scrollX) + 'px', PANEL_CSS);
      open.host.setAttribute('data-shipnote-changelog-panel', '');
      var panel = el(doc, 'div', 'panel');
      panel.setAttribute('role', 'dialog');
      panel.setAttribute('aria-label', "What's new");
      var head = el(doc, 'div', 'head');
      head.appendChild(el(doc, 'h2', 'heading', "What's new"));
      var closer = el(doc, 'button', 'close', '\u00d7');
      closer.type = 'button';
      closer.setAttribute('aria-label', 'Close');
      closer.addEventListener('click', function () { close(true); });
      head.appendChild(closer);
      var list = el(doc, 'ul', 'list');
      items.slice(0, 5).forEach(function (item) {
        var li = el(doc, 'li', 'item');
        var link = el(doc, 'a', 'title', text(item.title));
        link.href = origin + '/changelog/' + item.slug;
        link.target = '_blank';
        link.rel = 'noopener';
        var meta = el(doc, 'div', 'meta');
        if (isNew(item)) meta.appendChild(el(doc, 'span', 'new', 'New'));
        var when = el(doc, 'time', '', formatDate(item.published_at));
        when.setAttribute('datetime', item.published_at);
        meta.appendChild(when);
        if (text(item.version)) meta.appendChild(doc.createTextNode(' \u00b7 ' + text(item.version)));
        li.appendChild(link);
        li.appendChild(meta);
        list.appendChild(li);
      });
      panel.appendChild(head);
      panel.appendChild(list);
      open.root.appendChild(panel);
      doc.body.appendChild(open.host);
      target.setAttribute('aria-expanded', 'true');
      doc.addEventListener('keydown', onKey, true);
      doc.addEventListener('click', onOutside, true);
      (list.querySelector('a') || closer).focus();
      // opening marks everything listed as read: the newest published_at is the marker
      marker = items[0].published_at;
      remember(storeKey, marker);
      if (badge && badge.host.parentNode) badge.host.parentNode.removeChild(badge.host);
    }
    target.addEventListener('click', function (event) {
      try {
        event.preventDefault();
        if (open) close(false);
        else show();
      } catch (e) {}
    });
    if (!native) {
      target.addEventListener('keydown', function (event) {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          target.click();
        }
      });
    }
  }

  function startLauncher(script, key) {
    var origin = new URL(script.src).origin;
    var selector = script.getAttribute('data-target') || '[data-shipnote-changelog]';
    var url = origin + '/api/v1/changelogs?limit=10&key=' + encodeURIComponent(key);
    fetch(url, { credentials: 'omit' })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (list) {
        var items = entries(list);
        if (!items.length) return;
        whenReady(function () {
          try {
            var target = document.querySelector(selector);
            if (target && document.body.attachShadow) launch(items, target, origin, 'shipnote-changelog:' + key);
          } catch (e) {
            /* a bad selector or an odd page: never break the host page */
          }
        });
      })
      .catch(function () {});
  }

  function whenReady(callback) {
    if (document.body) callback();
    else document.addEventListener('DOMContentLoaded', callback);
  }

  try {
    var script = document.currentScript || document.querySelector('script[data-service-key]');
    if (!script || !script.src || !window.fetch) return;
    var key = script.getAttribute('data-service-key') || '';
    var modes = ' ' + (script.getAttribute('data-mode') || 'banner') + ' ';
    if (key && modes.indexOf(' changelog ') >= 0) startLauncher(script, key);
    if (modes.indexOf(' banner ') < 0) return;
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
