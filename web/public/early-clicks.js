// Clicks on buttons of the prerendered landing page (web/prerender.mts) that come before the app
// has hydrated it would do nothing: they are held here and replayed once it has (src/App.tsx
// calls window.replayEarlyClicks). Links need no app and go through.
(function () {
  var held = [];
  function hold(event) {
    var target = event.target instanceof Element ? event.target.closest('button, [role="button"]') : null;
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.indexOf(target) < 0) held.push(target);
  }
  document.addEventListener('click', hold, true);
  window.replayEarlyClicks = function () {
    document.removeEventListener('click', hold, true);
    window.replayEarlyClicks = function () {};
    held.splice(0).forEach(function (target) {
      if (target.isConnected) target.click();
    });
  };
})();
