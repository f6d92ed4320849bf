/*! Shipnote "What's new" launcher, loaded by widget.js with data-mode="changelog" data-target="<css selector>" */
(function () {
  'use strict';
  function text(value) {
    return typeof value === 'string' ? value : '';
  }

  function el(doc, tag, className, content) {
    var node = doc.createElement(tag);
    node.className = className;
    if (content) node.textContent = content;
    return node;
  }

  function readStored(storeKey) {
    try {
      return window.localStorage.getItem(storeKey);
    } catch (e) {
      return null;
    }
  }

  function remember(storeKey, value) {
    try {
      window.localStorage.setItem(storeKey, value);
    } catch (e) {
      /* storage disabled: the count comes back on the next visit */
    }
  }

  function whenReady(callback) {
    if (document.body) callback();
    else document.addEventListener('DOMContentLoaded', callback);
  }

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
    var marker = readStored(storeKey);
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

  try {
    var script = document.currentScript;
    var key = script && script.getAttribute('data-service-key');
    if (key && script.src && window.fetch) startLauncher(script, key);
  } catch (e) {
    /* never break the host page */
  }
})();
