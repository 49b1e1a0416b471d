import { List, Text } from '@mantine/core';
import type { ReactNode } from 'react';

// The unfolded card's sections (payments, notes, phones, history) share one heading and list look.

export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {children}
    </section>
  );
}

/** A section's entries, or a line saying there are none. */
export function DetailList<T extends { _id: string }>({
  items,
  empty,
  render,
}: {
  items: T[];
  empty: string;
  render(item: T): ReactNode;
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {empty}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={4} listStyleType="none" p={0}>
      {items.map((item) => (
        <List.Item key={item._id}>{render(item)}</List.Item>
      ))}
    </List>
  );
}
