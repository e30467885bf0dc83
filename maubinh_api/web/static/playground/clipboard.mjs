/* Copying a text from a button: the Clipboard API where the page may use it, a hidden text area
 * elsewhere, and the outcome said on the button (seen) and to a screen reader (heard). */

import { announce, el, t } from './page.mjs';

/** Copy, and say so on the button itself (seen) and to a screen reader (heard). */
export function copyText(text, button) {
  const done = () => {
    announce(t('copied'));
    flash(button, t('copiedShort'));
  };
  const failed = () => {
    announce(t('copyFailed'));
    flash(button, t('copyFailedShort'));
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, () => copyWithTextarea(text, done, failed));
  } else {
    copyWithTextarea(text, done, failed);
  }
}

/** A button's own words for a moment (then its label again). */
export function flash(button, text) {
  button.textContent = text;
  button.classList.add('flashed');
  clearTimeout(button.flashTimer);
  button.flashTimer = setTimeout(() => {
    button.textContent = t('copyCurl');
    button.classList.remove('flashed');
  }, 2500);
}

/** Where the Clipboard API is missing or refused (plain http, old browsers). */
export function copyWithTextarea(text, done, failed) {
  const area = el('textarea', { class: 'copy-buffer', readonly: true, 'aria-hidden': 'true', tabindex: '-1' });
  area.value = text;
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch (error) {
    copied = false;
  }
  area.remove();
  if (copied) done();
  else failed();
}
