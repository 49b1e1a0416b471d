import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Omitted for the current page, which is shown as plain text. */
  link?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <MantineBreadcrumbs
      separator="›"
      separatorMargin={6}
      mb="md"
      style={{ flexWrap: 'wrap' }}
      // On a phone a link is a box of at least 44 px (the theme's tapLink): a short word such as
      // "गृह" sits in its middle, not at its left with a wide gap before the separator.
      styles={{ breadcrumb: { justifyContent: 'center', textAlign: 'center' } }}
    >
      {items.map((item) =>
        item.link ? (
          <Anchor key={item.link} component={Link} to={item.link} size="sm">
            {item.label}
          </Anchor>
        ) : (
          <Text key={`text:${item.label}`} size="sm" c="dimmed" aria-current="page">
            {item.label}
          </Text>
        ),
      )}
    </MantineBreadcrumbs>
  );
}
