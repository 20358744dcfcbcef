import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Button, Callout, Flex } from '@radix-ui/themes';
import { ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';
import { logger } from '../lib/logger';

interface State {
  error: unknown;
}

/**
 * Catches what a screen throws while loading or rendering (a failed lazy chunk above
 * all) and offers a reload. Key it by path so another route starts clean.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logger.error('A screen failed to load or render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <Flex align="center" justify="center" p="6" style={{ minHeight: '50vh' }}>
        <Callout.Root color="red" role="alert" style={{ maxWidth: 480 }}>
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text weight="medium">This page could not be loaded.</Callout.Text>
          <Callout.Text>A new version may have been released, or the connection dropped. Reload to try again.</Callout.Text>
          <Flex mt="2">
            <Button onClick={() => window.location.reload()}>
              <ReloadIcon /> Reload
            </Button>
          </Flex>
        </Callout.Root>
      </Flex>
    );
  }
}
