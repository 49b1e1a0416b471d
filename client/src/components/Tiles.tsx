import {
  Badge,
  Box,
  Card,
  FOCUS_CLASS_NAMES,
  SimpleGrid,
  Stack,
  Text,
  useMantineTheme,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface TileProps {
  to: string;
  /** A decorative picture from tileIcons.tsx (hidden from screen readers). */
  icon: ReactNode;
  label: string;
  /** E.g. a live count, shown as a badge in the corner. */
  badge?: ReactNode;
  badgeColor?: string;
  /** What the badge means, for screen readers. */
  badgeLabel?: string;
}

/** A big card linking to one screen: the role homes are made of these. */
export function Tile({ to, icon, label, badge, badgeColor = 'red', badgeLabel }: TileProps) {
  const theme = useMantineTheme();
  return (
    <Card
      component={Link}
      to={to}
      // A Card is not a control to Mantine, so it draws no focus ring: the theme's own (the
      // buttons' ring, for the keyboard only) makes a tabbed-to tile visible.
      className={theme.focusClassName || FOCUS_CLASS_NAMES[theme.focusRing]}
      withBorder
      shadow="sm"
      radius="lg"
      padding="lg"
      pos="relative"
      style={{ textAlign: 'center' }}
    >
      {badge !== undefined && (
        <Badge
          pos="absolute"
          top={10}
          right={10}
          size="lg"
          circle={typeof badge === 'number' && badge < 100}
          color={badgeColor}
          aria-label={badgeLabel}
        >
          {badge}
        </Badge>
      )}
      <Stack align="center" gap="xs" justify="center" mih={110}>
        <Box c="green.7" lh={0}>
          {icon}
        </Box>
        <Text fw={600} size="md">
          {label}
        </Text>
      </Stack>
    </Card>
  );
}

export function TileGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
      {children}
    </SimpleGrid>
  );
}
