import { Alert, Box, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuantityTerms } from '../../../../../shared/terms';
import { quantityWithin } from '../../../cart';
import { localName } from '../../../components/localName';
import { errorText, failureOf, readerParams } from '../../../errors';
import { stockShortOf } from '../cart/StockShort';

// A change the server refused, said above Save. When it is "only N left" of a counted product,
// the figure is what this order can have (what it holds plus what is left: the server counts the
// order's own units), and the way out is offered as the checkout offers it: reduce the line to
// that many (in whole cases, at least its minimum), or remove it when not even that is left.

interface RefusedLine {
  product: string;
  name: string;
  nameNe?: string | null;
  nameJa?: string | null;
  quantity: number;
}

export function ChangeRefusal<L extends RefusedLine>({
  error,
  lines,
  termsFor,
  onReduce,
  onRemove,
}: {
  error: unknown;
  lines: readonly L[];
  termsFor(line: L): QuantityTerms;
  onReduce(product: string, quantity: number): void;
  onRemove(product: string): void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const short = stockShortOf(error);
  const line = short ? lines.find((l) => l.product === short.productId) : undefined;
  const params = failureOf(error)?.params ?? {};
  const held = typeof params.held === 'number' ? params.held : 0;
  const text =
    short && held > 0
      ? t('orders.stockOnOrder', {
          ...readerParams(params, language),
          left: short.left,
          held,
          more: Math.max(0, short.left - held),
        })
      : errorText(t, error, 'errors.common.mutationFailed');
  const within = short && line ? quantityWithin(termsFor(line), short.left) : null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="change-refused">
      {text}
      {short && line && line.quantity > short.left && (
        <Box mt="xs">
          {within === null ? (
            <Button
              size="xs"
              mih={44}
              color="red"
              variant="light"
              onClick={() => onRemove(line.product)}
            >
              {t('cart.remove', { name: localName(line, language) })}
            </Button>
          ) : (
            <Button
              size="xs"
              mih={44}
              variant="light"
              onClick={() => onReduce(line.product, within)}
            >
              {t('cart.takeLeft', { quantity: within })}
            </Button>
          )}
        </Box>
      )}
    </Alert>
  );
}
