import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SetupStep } from '../../../../shared/schemas/setup';
import { AlertIcon, CircleCheckIcon, Svg } from '../../components/icons';
import { trpc } from '../../trpc';

// The office's first-day checklist (ADR 057): shown on the home screen while the business is
// not set up, each step a link to the screen where it is done, ticked from the server's data
// (settings.setup). It goes away by itself once every required step is done; the owner may
// hide it sooner, remembered in this browser.

/** localStorage key: this browser's choice to hide the checklist. */
export const SETUP_HIDDEN_KEY = 'setupChecklistHidden';

/** The settings page's section with the business details, T-number, bank and tax (anchor). */
export const BUSINESS_SECTION = 'business';

/** Where each step is done. */
const WHERE: Record<SetupStep, { to: string; section?: string } | null> = {
  business: { to: `/admin/settings#${BUSINESS_SECTION}`, section: BUSINESS_SECTION },
  registrationNumber: { to: `/admin/settings#${BUSINESS_SECTION}`, section: BUSINESS_SECTION },
  bankAccount: { to: `/admin/settings#${BUSINESS_SECTION}`, section: BUSINESS_SECTION },
  tax: { to: `/admin/settings#${BUSINESS_SECTION}`, section: BUSINESS_SECTION },
  category: { to: '/admin/products' },
  product: { to: '/admin/products' },
  route: { to: '/admin/customer/routes' },
  driver: { to: '/admin/employee' },
  customerLogin: { to: '/admin/customer/unified' },
  // Set on the server (SMTP_URL): no screen of the app does it.
  mail: null,
};

function readHidden(): boolean {
  try {
    return localStorage.getItem(SETUP_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

function writeHidden(hidden: boolean): void {
  try {
    if (hidden) localStorage.setItem(SETUP_HIDDEN_KEY, '1');
    else localStorage.removeItem(SETUP_HIDDEN_KEY);
  } catch {
    // Not remembered: hidden for this visit only.
  }
}

/**
 * Scrolls to the element `id` once the next screen shows it. The router does not follow a
 * #hash, and the settings sections load after the page: until the user scrolls or types
 * (or a few seconds pass), each change of the page brings the section back to the top.
 */
export function scrollWhenShown(id: string, forMs = 4_000): void {
  if (typeof MutationObserver === 'undefined') return;
  const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  const scroll = () => document.getElementById(id)?.scrollIntoView({ block: 'start' });
  const observer = new MutationObserver(scroll);
  const stop = () => {
    observer.disconnect();
    for (const e of events) window.removeEventListener(e, stop, true);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  // The click that brought us here is over; the user's next move ends the following.
  setTimeout(() => {
    for (const e of events) window.addEventListener(e, stop, { capture: true, once: true });
  }, 0);
  setTimeout(stop, forMs);
}

function OpenCircleIcon() {
  return (
    <Svg size={22}>
      <circle cx="12" cy="12" r="9" />
    </Svg>
  );
}

export function SetupChecklist() {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(readHidden);
  // Read again each time the home screen shows: the steps are done on other screens.
  const setup = trpc.settings.setup.useQuery(undefined, { staleTime: 0 });
  const data = setup.data;
  if (!data || data.complete) return null;

  if (hidden) {
    return (
      <Group justify="flex-end" mb="xs">
        <Button
          variant="subtle"
          size="sm"
          onClick={() => {
            writeHidden(false);
            setHidden(false);
          }}
        >
          {t('guide.checklist.show')}
        </Button>
      </Group>
    );
  }

  const required = data.steps.filter((s) => !s.optional);
  const done = required.filter((s) => s.done).length;
  const noStock = data.products.total > 0 && data.products.orderable === 0;

  return (
    <Paper
      component="section"
      aria-labelledby="setup-checklist"
      withBorder
      radius="md"
      p="md"
      mb="lg"
      data-testid="setup-checklist"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h3" id="setup-checklist">
            {t('guide.checklist.title')}
          </Title>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              writeHidden(true);
              setHidden(true);
            }}
          >
            {t('guide.checklist.hide')}
          </Button>
        </Group>
        <Text size="sm">{t('guide.checklist.intro')}</Text>
        <Group gap="sm" wrap="nowrap">
          <Progress value={(done / required.length) * 100} style={{ flex: 1 }} aria-hidden="true" />
          <Text size="sm" fw={600} data-testid="setup-progress">
            {t('guide.checklist.progress', { done, total: required.length })}
          </Text>
        </Group>
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.steps.map((step) => {
            const where = WHERE[step.key];
            const label = t(`guide.checklist.step.${step.key}.label`);
            return (
              <Box
                component="li"
                key={step.key}
                data-step={step.key}
                data-done={step.done ? 'true' : 'false'}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Text span c={step.done ? 'green.8' : 'gray.6'} lh={1} mt={2}>
                    {step.done ? <CircleCheckIcon /> : <OpenCircleIcon />}
                  </Text>
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs">
                      <VisuallyHidden>
                        {step.done ? t('guide.checklist.done') : t('guide.checklist.todo')}:{' '}
                      </VisuallyHidden>
                      {where ? (
                        <Anchor
                          component={Link}
                          to={where.to}
                          fw={600}
                          td={step.done ? 'line-through' : undefined}
                          onClick={() => where.section && scrollWhenShown(where.section)}
                        >
                          {label}
                        </Anchor>
                      ) : (
                        <Text fw={600} td={step.done ? 'line-through' : undefined}>
                          {label}
                        </Text>
                      )}
                      {step.optional && (
                        <Badge variant="light" color="gray" c="dark" tt="none">
                          {t('guide.checklist.optional')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="gray.7">
                      {t(`guide.checklist.step.${step.key}.hint`)}
                    </Text>
                    {step.key === 'product' && noStock && (
                      <Group gap={6} wrap="nowrap" align="flex-start" c="orange.9" role="note">
                        <AlertIcon size={18} />
                        <Text size="sm" data-testid="setup-no-stock">
                          {t('guide.checklist.noStock', { count: data.products.total })}
                        </Text>
                      </Group>
                    )}
                  </Stack>
                </Group>
              </Box>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
