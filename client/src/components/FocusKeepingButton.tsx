import type { ComponentPropsWithRef, MouseEvent } from 'react';

type Props = ComponentPropsWithRef<'button'> & { 'data-loading'?: boolean | string };

/**
 * The element every Mantine Button renders (theme.ts): a plain <button>, except while it shows
 * its loading state. Mantine disables a loading button, and Chromium then drops the keyboard's
 * focus to <body>: a clerk who pressed 出力 or 保存 by keyboard started again from the top of
 * the page. While loading it stays focusable and says it is busy and unavailable
 * (aria-busy, aria-disabled), and a second press does nothing (nor submits its form again).
 */
export function FocusKeepingButton({ disabled, onClick, type, ...props }: Props) {
  const busy = props['data-loading'] === true || props['data-loading'] === 'true';
  if (!busy)
    return <button type={type ?? 'button'} disabled={disabled} onClick={onClick} {...props} />;
  return (
    <button
      type={type ?? 'button'}
      {...props}
      aria-disabled
      aria-busy
      onClick={(event: MouseEvent<HTMLButtonElement>) => event.preventDefault()}
    />
  );
}
