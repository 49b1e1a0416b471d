import { Box, Flex, NavLink, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Breadcrumbs, type Crumb } from '../../components/Breadcrumbs';
import { localName } from '../../components/localName';
import { trpc } from '../../trpc';

// The office's frame (spec §2 "Top bar and shared elements"): a sidebar listing All Customers
// plus one entry per route, and All Products plus one entry per category. Wide screens show it
// beside the page; on a tablet or phone it becomes two dropdowns above the page.

export const customersLink = (routeId?: string) =>
  routeId
    ? `/admin/customer/unified?route=${encodeURIComponent(routeId)}`
    : '/admin/customer/unified';
export const productsLink = (categoryId?: string) =>
  categoryId ? `/admin/products?category=${encodeURIComponent(categoryId)}` : '/admin/products';

interface Props {
  title: string;
  crumbs: Crumb[];
  /** Buttons beside the title (add, import). */
  actions?: ReactNode;
  children: ReactNode;
}

function useCurrent() {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

export function AdminSidebar() {
  const { t, i18n } = useTranslation();
  const current = useCurrent();
  const routes = trpc.routes.list.useQuery();
  const categories = trpc.categories.list.useQuery();
  const entry = (to: string, label: string) => (
    <NavLink
      key={to}
      component={Link}
      to={to}
      label={label}
      active={current === to}
      aria-current={current === to ? 'page' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
  return (
    <Box component="nav" aria-label={t('office.sidebar')} w={220} style={{ flexShrink: 0 }}>
      {entry(customersLink(), t('nav.allCustomers'))}
      {routes.isPending && <Skeleton h={28} my={4} />}
      {routes.isError && (
        <Text size="xs" c="red" px="sm">
          {t('errors.route.fetchFailed')}
        </Text>
      )}
      <Box pl="sm">{(routes.data ?? []).map((r) => entry(customersLink(r._id), r.name))}</Box>
      <Box mt="md">{entry(productsLink(), t('nav.allProducts'))}</Box>
      {categories.isError && (
        <Text size="xs" c="red" px="sm">
          {t('errors.common.categoriesFailed')}
        </Text>
      )}
      <Box pl="sm">
        {(categories.data ?? []).map((c) =>
          entry(productsLink(c._id), localName(c, i18n.resolvedLanguage)),
        )}
      </Box>
    </Box>
  );
}

/** The same choices as the sidebar, as two dropdowns for narrow screens. */
function SidebarSelects() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const current = useCurrent();
  const routes = trpc.routes.list.useQuery();
  const categories = trpc.categories.list.useQuery();
  const routeChoices = [
    { value: customersLink(), label: t('nav.allCustomers') },
    ...(routes.data ?? []).map((r) => ({ value: customersLink(r._id), label: r.name })),
  ];
  const categoryChoices = [
    { value: productsLink(), label: t('nav.allProducts') },
    ...(categories.data ?? []).map((c) => ({
      value: productsLink(c._id),
      label: localName(c, i18n.resolvedLanguage),
    })),
  ];
  const pick = (list: { value: string }[]) =>
    list.some((c) => c.value === current) ? current : null;
  return (
    <Flex gap="sm" hiddenFrom="md" wrap="wrap">
      <Select
        label={t('office.routeFilter')}
        data={routeChoices}
        value={pick(routeChoices)}
        placeholder={t('nav.allCustomers')}
        onChange={(v) => v && navigate(v)}
        style={{ flex: 1, minWidth: 180 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('office.categoryFilter')}
        data={categoryChoices}
        value={pick(categoryChoices)}
        placeholder={t('nav.allProducts')}
        onChange={(v) => v && navigate(v)}
        style={{ flex: 1, minWidth: 180 }}
        comboboxProps={{ withinPortal: true }}
      />
    </Flex>
  );
}

export function AdminSidebarLayout({ title, crumbs, actions, children }: Props) {
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <Flex gap="lg" align="flex-start">
        <Box visibleFrom="md" style={{ position: 'sticky', top: 76 }}>
          <AdminSidebar />
        </Box>
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <SidebarSelects />
          <Flex justify="space-between" align="center" gap="sm" wrap="wrap">
            <Title order={1} size="h2">
              {title}
            </Title>
            {actions && (
              <Flex gap="xs" wrap="wrap">
                {actions}
              </Flex>
            )}
          </Flex>
          {children}
        </Stack>
      </Flex>
    </>
  );
}

/** Crumbs of an office screen: Home, then `trail`, then the current page. */
export function officeCrumbs(
  t: (key: 'nav.home') => string,
  current: string,
  trail: Crumb[] = [],
): Crumb[] {
  return [{ label: t('nav.home'), link: '/admin' }, ...trail, { label: current }];
}
