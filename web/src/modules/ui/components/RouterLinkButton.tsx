import { Button, type ButtonProps } from 'antd';
import type { MouseEvent, ReactElement } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

type RouterLinkButtonProps = Omit<ButtonProps, 'href' | 'onClick'> & {
  /** The app path to go to. */
  to: string;
};

/** An antd button rendered as a real link to an app path, navigating without a page load. */
export function RouterLinkButton({ to, ...props }: RouterLinkButtonProps): ReactElement {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => handleClick(event as MouseEvent<HTMLAnchorElement>)}
    />
  );
}
