import { Alert, Button, Stack, Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../components/icons';
import type { Area } from '../features/auth/guards';
import { releaseFirstScreen } from '../firstScreen';

// What the reader may fear lost differs by area: a restaurant its cart, a driver what the phone
// queued offline, the office what it saved.
const HINTS = {
  customer: 'shell.errorHint',
  driver: 'shell.errorHintDriver',
  admin: 'shell.errorHintAdmin',
} as const;

function Fallback({ onRetry, area }: { onRetry(): void; area: Area }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py={48} px="md" ta="center" gap="md" data-testid="area-error">
      <Text c="red.8" lh={1} aria-hidden="true">
        <AlertIcon size={44} />
      </Text>
      <Alert color="red" variant="light" role="alert" title={t('shell.errorTitle')} maw={460}>
        {t(HINTS[area])}
      </Alert>
      <Button size="md" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Stack>
  );
}

interface Props {
  children: ReactNode;
  /** A change (e.g. of the path) clears a shown error: another screen may well work. */
  resetKey?: string;
  /** Called by Retry before the children render again (e.g. to fetch a failed chunk anew). */
  onRetry?(): void;
  /** Whose screen failed: its hint says what of theirs is safe (the customer's by default). */
  area?: Area;
}

interface State {
  error: unknown;
  resetKey?: string;
}

/**
 * An area's error boundary: a render error or a chunk that failed to download shows a friendly
 * message with Retry instead of a blank page. The top bar stays, so home and logout still work.
 */
export class AreaErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('screen failed', error, info.componentStack);
    // The message must show, not the server's first screen of the catalogue (ADR 021).
    releaseFirstScreen();
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error)
      return <Fallback onRetry={this.retry} area={this.props.area ?? 'customer'} />;
    return this.props.children;
  }
}
