// The switch's '日本語' on a device without any Japanese font (see japaneseName.css).
import './japaneseName.css';

if (typeof document !== 'undefined' && document.fonts) {
  void document.fonts.load('400 16px "Noto Sans JP"', '日本語').catch(() => {});
}
