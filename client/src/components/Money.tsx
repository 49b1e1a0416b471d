import { Text, type TextProps } from '@mantine/core';
import { formatYen } from '../../../shared/format';

/** Whole yen with thousands separators: ¥12,345. */
export function Money({ amount, ...props }: { amount: number } & TextProps) {
  return (
    <Text span inherit {...props}>
      {formatYen(amount)}
    </Text>
  );
}
